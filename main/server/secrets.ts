// The browser shell's SecretStore: environment variables first (AMTRAY_SECRET_<KEY>, for
// containers and CI), then a secrets.json kept apart from settings.json and written with
// mode 0600 atomically. There is no OS keyring in plain Node: app:info says so.
import { readJsonObject, updateJsonObject } from '../core/files/json-object-file.ts';
import { SerialQueue } from '../core/files/private-file.ts';
import type { SecretStore } from '../core/service.ts';

/** `instance/abc-1/password` -> `AMTRAY_SECRET_INSTANCE_ABC_1_PASSWORD` */
export function secretEnvName(key: string): string {
  return `AMTRAY_SECRET_${key.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export class FileSecretStore implements SecretStore {
  readonly #path: string;
  readonly #env: NodeJS.ProcessEnv;
  /** Serialises writes so two concurrent sets never lose one another. */
  readonly #queue = new SerialQueue();

  constructor(path: string, env: NodeJS.ProcessEnv = process.env) {
    this.#path = path;
    this.#env = env;
  }

  get path(): string {
    return this.#path;
  }

  async get(key: string): Promise<string | undefined> {
    const fromEnv = this.#env[secretEnvName(key)];
    if (fromEnv !== undefined) return fromEnv;
    const value = (await readJsonObject(this.#path))[key];
    return typeof value === 'string' ? value : undefined;
  }

  set(key: string, value: string): Promise<void> {
    return updateJsonObject(this.#path, this.#queue, (all) => {
      all[key] = value;
    });
  }

  delete(key: string): Promise<void> {
    return updateJsonObject(this.#path, this.#queue, (all) => {
      delete all[key];
    });
  }
}
