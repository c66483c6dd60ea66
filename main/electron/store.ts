// Settings persistence for the Electron shell: electron-store (atomic writes, mode 0600) on
// settings.json in userData. Before electron-store opens the file, the shared loader (B2's
// readSettingsFile) has validated it: a corrupt file is renamed aside and the app starts on
// defaults with the error kept for app:info, instead of electron-store failing to start.
import Store from 'electron-store';
import { join } from 'node:path';
import { loadShellSettings, type LoadedSettings } from '../core/bridge/shell-settings.ts';
import type { SecretStore } from '../core/service.ts';
import { findInlineSecrets } from '../core/settings/file.ts';
import type { Settings } from '../core/settings/types.ts';

export interface SettingsStore extends LoadedSettings {
  path: string;
  save(settings: Settings): Promise<void>;
}

export async function openSettingsStore(
  dir: string,
  secrets: SecretStore,
  log: (line: string) => void,
): Promise<SettingsStore> {
  let store: Store<Record<string, unknown>> | undefined;
  const open = () =>
    (store ??= new Store<Record<string, unknown>>({
      cwd: dir,
      name: 'settings',
      configFileMode: 0o600,
      // Validation is ours (zod, with migrations); never silently wipe a file.
      clearInvalidConfig: false,
      accessPropertiesByDotNotation: false,
      watch: false,
    }));
  const save = async (settings: Settings) => {
    const inline = findInlineSecrets(settings);
    if (inline.length > 0)
      throw new Error(`refusing to save inline secrets at ${inline.join(', ')}`);
    open().store = settings as unknown as Record<string, unknown>;
  };
  const path = join(dir, 'settings.json');
  const loaded = await loadShellSettings(path, secrets, save, log);
  open();
  return { ...loaded, path, save };
}
