// What both shells do with the settings file at start, on top of B2's readSettingsFile:
// a corrupt file is kept aside and the app runs on defaults with the error kept for app:info;
// secrets an old file held inline move to the SecretStore before the file is rewritten.
import type { SecretStore } from '../service.ts';
import { readSettingsFile } from '../settings/file.ts';
import type { Settings } from '../settings/types.ts';
import type { AppInfo } from './contract.ts';

export interface LoadedSettings {
  settings: Settings;
  settingsError?: NonNullable<AppInfo['settingsError']>;
}

export async function loadShellSettings(
  path: string,
  secrets: SecretStore,
  write: (settings: Settings) => Promise<void>,
  log: (line: string) => void = () => undefined,
): Promise<LoadedSettings> {
  const read = await readSettingsFile(path);
  if (read.error) {
    log(`settings: ${read.error.message} (kept as ${read.error.keptAs}); using defaults`);
    return { settings: read.settings, settingsError: read.error };
  }
  if (read.extractedSecrets) {
    for (const [key, value] of Object.entries(read.extractedSecrets)) await secrets.set(key, value);
  }
  // Only after the secrets are safe is the old file (which still holds them) replaced.
  if (read.migrated || read.extractedSecrets) await write(read.settings);
  return { settings: read.settings };
}
