// Settings persistence for the Electron shell: electron-store (atomic writes, mode 0600) on
// settings.json in userData, read and written through the shared settings document
// (main/core/settings/shell-settings.ts): invalid fields reset one by one, a newer file kept
// whole, an unusable file kept aside, a failed save reported and not applied.
import Store from 'electron-store';
import { join } from 'node:path';
import type { SecretStore } from '../core/service.ts';
import { openShellSettings, type ShellSettings } from '../core/settings/shell-settings.ts';

export interface SettingsStore extends ShellSettings {
  path: string;
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
  const path = join(dir, 'settings.json');
  const shell = await openShellSettings(
    path,
    secrets,
    async (json) => {
      open().store = json as Record<string, unknown>;
    },
    log,
  );
  // electron-store opens the file only after it was checked (it cannot read a broken one).
  if (!shell.notice?.readOnly) open();
  return { ...shell, path };
}
