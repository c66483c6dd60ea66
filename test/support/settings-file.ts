// A settings file for a test to start the app or a shell on, written through the app's own
// settings module (main/core/settings/persist.ts): what the app itself would write, mode 0600,
// refused when it would hold a secret inline.
import { MemorySecretStore } from '../../main/core/secrets/memory-secret-store.ts';
import { openSettingsFile } from '../../main/core/settings/persist.ts';
import type { Settings } from '../../main/core/settings/types.ts';

export async function writeSettingsFile(path: string, settings: Settings): Promise<void> {
  const file = await openSettingsFile({ path, secrets: new MemorySecretStore() });
  await file.save(settings);
}
