// A SecretStore that keeps secrets in memory only: for `--instance` quick starts of the
// browser shell and for tests. Nothing is ever written anywhere.
import type { SecretStore, StoredSecret } from '../service.ts';

export class MemorySecretStore implements SecretStore {
  readonly #values = new Map<string, StoredSecret>();

  async get(key: string): Promise<StoredSecret | undefined> {
    const stored = this.#values.get(key);
    return stored && { ...stored };
  }

  async set(key: string, value: string, origin: string | undefined): Promise<void> {
    this.#values.set(key, { value, origin });
  }

  async delete(key: string): Promise<void> {
    this.#values.delete(key);
  }

  async bindOrigin(key: string, origin: string): Promise<void> {
    const stored = this.#values.get(key);
    if (stored && stored.origin === undefined) stored.origin = origin;
  }
}
