// The browser shell's SecretStore: environment variables first (AMTRAY_SECRET_<KEY>, for
// containers and CI), then a secrets.json kept apart from settings.json and written with
// mode 0600 atomically. There is no OS keyring in plain Node: app:info says so.
import { readFile } from 'node:fs/promises';
import { SerialQueue, writePrivateFileAtomic } from '../core/files/private-file.ts';
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
    const all = await this.#read();
    return all[key];
  }

  set(key: string, value: string): Promise<void> {
    return this.#update((all) => {
      all[key] = value;
    });
  }

  delete(key: string): Promise<void> {
    return this.#update((all) => {
      delete all[key];
    });
  }

  async #read(): Promise<Record<string, string>> {
    let text: string;
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw err;
    }
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error(`${this.#path}: expected a JSON object of strings`);
    }
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
    return out;
  }

  #update(change: (values: Record<string, string>) => void): Promise<void> {
    return this.#queue.run(async () => {
      const all = await this.#read();
      change(all);
      await writePrivateFileAtomic(this.#path, JSON.stringify(all, null, 2) + '\n');
    });
  }
}
