// The Electron SecretStore: values encrypted with safeStorage (Keychain, DPAPI, libsecret /
// kwallet) and kept base64 in secrets.json next to the settings file, mode 0600. Never in
// the settings file. On Linux without a keyring Electron falls back to `basic_text` (a fixed
// key, i.e. obfuscation only): backend() reports it so the settings view can warn.
// safeStorage is injected (this module never imports electron, so Node tests use a fake).
import { readFile } from 'node:fs/promises';
import { SerialQueue, writePrivateFileAtomic } from '../core/files/private-file.ts';
import type { SecretStore } from '../core/service.ts';

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

interface FileShape {
  version: 1;
  /** key -> base64 of the safeStorage ciphertext */
  values: Record<string, string>;
}

export class SafeSecretStore implements SecretStore {
  readonly #path: string;
  readonly #safe: SafeStorageLike;
  readonly #queue = new SerialQueue();

  constructor(path: string, safe: SafeStorageLike) {
    this.#path = path;
    this.#safe = safe;
  }

  async get(key: string): Promise<string | undefined> {
    const file = await this.#read();
    const b64 = file.values[key];
    if (b64 === undefined) return undefined;
    if (!this.#safe.isEncryptionAvailable()) throw new Error('secure storage is not available');
    return this.#safe.decryptString(Buffer.from(b64, 'base64'));
  }

  set(key: string, value: string): Promise<void> {
    if (!this.#safe.isEncryptionAvailable()) {
      // Refuse rather than fall back to writing the secret in the clear.
      return Promise.reject(new Error('secure storage is not available: secret not saved'));
    }
    const encrypted = this.#safe.encryptString(value).toString('base64');
    return this.#update((values) => {
      values[key] = encrypted;
    });
  }

  delete(key: string): Promise<void> {
    return this.#update((values) => {
      delete values[key];
    });
  }

  async #read(): Promise<FileShape> {
    let text: string;
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, values: {} };
      throw err;
    }
    const parsed = JSON.parse(text) as Partial<FileShape>;
    const values: Record<string, string> = {};
    if (parsed && typeof parsed.values === 'object' && parsed.values !== null) {
      for (const [k, v] of Object.entries(parsed.values)) if (typeof v === 'string') values[k] = v;
    }
    return { version: 1, values };
  }

  #update(change: (values: Record<string, string>) => void): Promise<void> {
    return this.#queue.run(async () => {
      const file = await this.#read();
      change(file.values);
      await writePrivateFileAtomic(this.#path, JSON.stringify(file, null, 2) + '\n');
    });
  }
}
