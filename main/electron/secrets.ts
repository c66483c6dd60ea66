// The Electron SecretStore: values encrypted with safeStorage (Keychain, DPAPI, libsecret /
// kwallet) and kept base64 in secrets.json next to the settings file, mode 0600. Never in
// the settings file. On Linux without a keyring Electron falls back to `basic_text` (a fixed
// key, i.e. obfuscation only): backend() reports it so the settings view can warn.
// Each value's origin (the server it may be sent to) is kept beside it (origins-field.ts).
// safeStorage is injected (this module never imports electron, so Node tests use a fake).
import { readJsonObject, updateJsonObject } from '../core/files/json-object-file.ts';
import { SerialQueue } from '../core/files/private-file.ts';
import { objectField, recordedOrigin, recordOrigin } from '../core/secrets/origins-field.ts';
import type { SecretStore, StoredSecret } from '../core/service.ts';

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron. */
  getSelectedStorageBackend?(): string;
}

export interface SecretBackend {
  name: string;
  encrypted: boolean;
}

export function describeBackend(safe: SafeStorageLike, platform: NodeJS.Platform): SecretBackend {
  if (!safe.isEncryptionAvailable()) return { name: 'unavailable', encrypted: false };
  if (platform === 'darwin') return { name: 'macOS Keychain', encrypted: true };
  if (platform === 'win32') return { name: 'Windows DPAPI', encrypted: true };
  const backend = safe.getSelectedStorageBackend?.() ?? 'unknown';
  return { name: backend, encrypted: backend !== 'basic_text' && backend !== 'unknown' };
}

/**
 * The file: `{ version: 1, values: { key: base64 of the safeStorage ciphertext }, origins:
 * { key: origin } }`. Read and written as a plain object so that what a newer version adds
 * survives (json-object-file.ts).
 */
export class SafeSecretStore implements SecretStore {
  readonly #path: string;
  readonly #safe: SafeStorageLike;
  readonly #queue = new SerialQueue();

  constructor(path: string, safe: SafeStorageLike) {
    this.#path = path;
    this.#safe = safe;
  }

  async get(key: string): Promise<StoredSecret | undefined> {
    const file = await readJsonObject(this.#path);
    const b64 = objectField(file, 'values')[key];
    if (typeof b64 !== 'string') return undefined;
    if (!this.#safe.isEncryptionAvailable()) throw new Error('secure storage is not available');
    const value = this.#safe.decryptString(Buffer.from(b64, 'base64'));
    return { value, origin: recordedOrigin(file, key) };
  }

  set(key: string, value: string, origin: string | undefined): Promise<void> {
    if (!this.#safe.isEncryptionAvailable()) {
      // Refuse rather than fall back to writing the secret in the clear.
      return Promise.reject(new Error('secure storage is not available: secret not saved'));
    }
    const encrypted = this.#safe.encryptString(value).toString('base64');
    return this.#update((values, file) => {
      values[key] = encrypted;
      recordOrigin(file, key, origin);
    });
  }

  delete(key: string): Promise<void> {
    return this.#update((values, file) => {
      delete values[key];
      recordOrigin(file, key, undefined);
    });
  }

  async bindOrigin(key: string, origin: string): Promise<void> {
    const unbound = (file: Record<string, unknown>) =>
      typeof objectField(file, 'values')[key] === 'string' &&
      recordedOrigin(file, key) === undefined;
    // Read first: a start with nothing to bind writes nothing.
    if (!unbound(await readJsonObject(this.#path))) return;
    await this.#update((_values, file) => {
      if (unbound(file)) recordOrigin(file, key, origin);
    });
  }

  /** Changes `values`, keeping every other field (and a newer version number) as it was. */
  #update(
    change: (values: Record<string, unknown>, file: Record<string, unknown>) => void,
  ): Promise<void> {
    return updateJsonObject(this.#path, this.#queue, (file) => {
      const values = objectField(file, 'values');
      change(values, file);
      file.values = values;
      file.version = typeof file.version === 'number' && file.version > 1 ? file.version : 1;
    });
  }
}
