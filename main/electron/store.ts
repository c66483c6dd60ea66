// The Electron shell's settings file: settings.json in userData, written by electron-store
// (atomic writes, mode 0600). Reading, migrating, saving and keeping what the file held is the
// core's (main/core/settings/persist.ts), as for the browser shell; only the writer is ours.
import Store from 'electron-store';
import { join } from 'node:path';
import type { SecretStore } from '../core/service.ts';
import { openSettingsFile, type SettingsFile } from '../core/settings/persist.ts';

export async function openSettingsStore(
  dir: string,
  secrets: SecretStore,
  log: (line: string) => void,
): Promise<SettingsFile> {
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
  const file = await openSettingsFile({
    path: join(dir, 'settings.json'),
    secrets,
    write: async (json) => {
      open().store = json as Record<string, unknown>;
    },
    log,
  });
  // electron-store opens the file only after it was checked (it cannot read a broken one).
  if (!file.notice?.readOnly) open();
  return file;
}
