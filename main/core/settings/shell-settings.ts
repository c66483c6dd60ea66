// What both shells do with their settings file: read it into a SettingsDocument (persist.ts:
// bad fields reset one by one, newer files kept whole, unusable files kept aside, never an
// exit), move secrets an old file held inline into the SecretStore before the file is
// rewritten, and save through the document so nothing the file held is lost.
import type { SecretStore } from '../service.ts';
import { loadSettingsDocument, saveSettingsDocument, type SettingsNotice } from './persist.ts';
import type { Settings } from './types.ts';

export interface ShellSettings {
  settings: Settings;
  /** What the window should say about the settings file, if anything. */
  notice?: SettingsNotice;
  /** Saves (throws SettingsSaveError, naming the file and the reason, when it cannot). */
  save(settings: Settings): Promise<void>;
}

export async function openShellSettings(
  path: string,
  secrets: SecretStore,
  write: (json: unknown) => Promise<void>,
  log: (line: string) => void = () => undefined,
): Promise<ShellSettings> {
  const loaded = await loadSettingsDocument(path);
  const save = (settings: Settings) => saveSettingsDocument(path, loaded.document, settings, write);
  if (loaded.notice) log(`settings: ${loaded.notice.message}`);
  if (loaded.extractedSecrets) {
    for (const [key, value] of Object.entries(loaded.extractedSecrets)) {
      await secrets.set(key, value);
    }
  }
  // Only after the secrets are safe is the old file (which still holds them) replaced.
  if (loaded.migrated || loaded.extractedSecrets) {
    await save(loaded.settings).catch((err: unknown) =>
      log(`settings: ${err instanceof Error ? err.message : String(err)}`),
    );
  }
  return { settings: loaded.settings, ...(loaded.notice ? { notice: loaded.notice } : {}), save };
}
