// A SecretStore that keeps secrets in memory only: for `--instance` quick starts of the
// browser shell and for tests. Nothing is ever written anywhere.
import type { SecretStore } from '../service.ts';

export class MemorySecretStore implements SecretStore {
  readonly #values = new Map<string, string>();

  async get(key: string): Promise<string | undefined> {
    return this.#values.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    this.#values.set(key, value);
  }

  async delete(key: string): Promise<void> {
    this.#values.delete(key);
  }
}
