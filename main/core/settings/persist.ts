// Settings persistence for both shells: the one module that opens the settings file (read,
// migrated, invalid fields reset one by one, an unusable file kept aside: read-file.ts), moves
// the secrets an old file held inline into the SecretStore (bound to their instance's origin, as
// are secrets stored without one), and saves through the file's
// SettingsDocument so nothing the file held is lost (unknown fields, a newer version, a copy of
// the original before the first write). The shells only say how the JSON reaches the disk:
// electron-store (main/electron/store.ts) or, by default, a private file (the browser shell).
//
// Save, then apply: `save` throws a SettingsSaveError naming the file and the reason, and every
// caller (bridge/handlers.ts, the Electron window bounds and tray snooze) changes the running
// app only once it resolved. Saves run one at a time, in the order asked.
import { copyFile } from 'node:fs/promises';
import { plainFileError } from '../files/plain-error.ts';
import { bindStoredSecrets, originOfKey } from '../secrets/bound-secrets.ts';
import { SerialQueue, writePrivateFileAtomic } from '../files/private-file.ts';
import type { SecretStore } from '../service.ts';
import type { SettingsDocument } from './document.ts';
import { findInlineSecrets } from './inline-secrets.ts';
import { loadSettingsDocument, type SettingsNotice } from './read-file.ts';
import type { Settings } from './types.ts';

export type { SettingsNotice };

export class SettingsSaveError extends Error {
  readonly path: string;
  constructor(path: string, reason: string) {
    super(`Settings not saved to ${path}: ${reason}. The change was not applied.`);
    this.name = 'SettingsSaveError';
    this.path = path;
  }
}

export interface OpenSettingsOptions {
  path: string;
  /** Where secrets an old file held inline are moved before the file is rewritten. */
  secrets: SecretStore;
  /** How this shell puts the JSON on disk; by default a private file (0600, atomic). */
  write?: (json: unknown) => Promise<void>;
  log?: (line: string) => void;
  /** The clock that names the copies kept aside (tests). */
  now?: () => Date;
}

export interface SettingsFile {
  readonly path: string;
  /** The settings as read: what the core starts with. */
  readonly settings: Settings;
  /** What the window should say about the settings file, if anything. */
  readonly notice?: SettingsNotice;
  /** Saves (throws SettingsSaveError, naming the file and the reason, when it cannot). */
  save(settings: Settings): Promise<void>;
}

interface WriteDocument {
  path: string;
  document: SettingsDocument;
  settings: Settings;
  write: (json: unknown) => Promise<void>;
}

/**
 * Writes `settings` through the shell's writer, keeping what the file held that this version
 * does not know, and a copy of the original first when the document asks for it.
 */
async function writeDocument({ path, document, settings, write }: WriteDocument): Promise<void> {
  if (document.readOnly) throw new SettingsSaveError(path, document.readOnly);
  const json = document.toJson(settings);
  const inline = findInlineSecrets(json);
  if (inline.length > 0) {
    throw new SettingsSaveError(path, `it would hold secrets inline at ${inline.join(', ')}`);
  }
  if (document.backupSuffix) {
    try {
      await copyFile(path, path + document.backupSuffix);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        throw new SettingsSaveError(
          path,
          `a copy of the original could not be kept first (${plainFileError(err)})`,
        );
      }
    }
    document.backupSuffix = undefined;
  }
  try {
    await write(json);
  } catch (err) {
    throw new SettingsSaveError(path, plainFileError(err));
  }
  document.written(json);
}

export async function openSettingsFile(opts: OpenSettingsOptions): Promise<SettingsFile> {
  const { path } = opts;
  const log = opts.log ?? (() => undefined);
  const write =
    opts.write ??
    ((json: unknown) => writePrivateFileAtomic(path, JSON.stringify(json, null, 2) + '\n'));
  const loaded = await loadSettingsDocument(path, opts.now ? { now: opts.now } : {});
  const { document } = loaded;
  // One save at a time: a second one must not copy "the original" after the first wrote.
  const queue = new SerialQueue();
  const save = (settings: Settings) =>
    queue.run(() => writeDocument({ path, document, settings, write }));
  if (loaded.notice) log(`settings: ${loaded.notice.message}`);
  if (loaded.extractedSecrets) {
    // Bound to the origin of the instance the file gave them to (they came from this file).
    for (const [key, value] of Object.entries(loaded.extractedSecrets)) {
      await opts.secrets.set(key, value, originOfKey(loaded.settings, key));
    }
  }
  // Secrets stored before origins were recorded (and environment variables) are bound to the
  // origins this file names: the settings as read from disk, never as a window sent them. An
  // unreadable secrets file leaves them unbound (refused, never misused); the app still starts.
  await bindStoredSecrets(opts.secrets, loaded.settings).catch((err: unknown) =>
    log(`secrets: not bound to their servers: ${err instanceof Error ? err.message : String(err)}`),
  );
  // Only after the secrets are safe is the old file (which still holds them) replaced.
  if (loaded.migrated || loaded.extractedSecrets) {
    await save(loaded.settings).catch((err: unknown) =>
      log(`settings: ${err instanceof Error ? err.message : String(err)}`),
    );
  }
  return {
    path,
    settings: loaded.settings,
    ...(loaded.notice ? { notice: loaded.notice } : {}),
    save,
  };
}
