// The browser shell's SecretStore: environment variables first (AMTRAY_SECRET_<KEY>, for
// containers and CI), then a secrets.json kept apart from settings.json and written with
// mode 0600 atomically. There is no OS keyring in plain Node: app:info says so.
//
// Each secret is bound to an origin (the server it may be sent to). A file value's origin is
// recorded beside it (origins-field.ts). An environment variable comes without one: its origin
// is AMTRAY_SECRET_<KEY>_ORIGIN when set, else the origin of the instance that references the
// key in the settings file at the first start that sees the variable (bindOrigin, from
// settings/persist.ts), recorded in secrets.json (`envOrigins`) and kept: a URL a window saves
// later does not move it at the next start, and removing the instance does not forget it.
import { readJsonObject, updateJsonObject } from '../core/files/json-object-file.ts';
import { SerialQueue } from '../core/files/private-file.ts';
import { recordedOrigin, recordOrigin } from '../core/secrets/origins-field.ts';
import type { SecretStore, StoredSecret } from '../core/service.ts';

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

  async get(key: string): Promise<StoredSecret | undefined> {
    const fromEnv = this.#env[secretEnvName(key)];
    if (fromEnv !== undefined) {
      // An unreadable file must not hide the variable: then only …_ORIGIN can bind it.
      const file = await readJsonObject(this.#path).catch(() => ({}));
      return { value: fromEnv, origin: this.#envOrigin(file, key) };
    }
    const file = await readJsonObject(this.#path);
    const value = file[key];
    return typeof value === 'string' ? { value, origin: recordedOrigin(file, key) } : undefined;
  }

  set(key: string, value: string, origin: string | undefined): Promise<void> {
    return updateJsonObject(this.#path, this.#queue, (all) => {
      all[key] = value;
      recordOrigin(all, key, origin);
    });
  }

  delete(key: string): Promise<void> {
    return updateJsonObject(this.#path, this.#queue, (all) => {
      delete all[key];
      recordOrigin(all, key, undefined);
    });
  }

  async bindOrigin(key: string, origin: string): Promise<void> {
    const fromEnv = this.#env[secretEnvName(key)] !== undefined;
    const unbound = (file: Record<string, unknown>) =>
      fromEnv
        ? this.#envOrigin(file, key) === undefined
        : typeof file[key] === 'string' && recordedOrigin(file, key) === undefined;
    // Read first: a start with nothing to bind writes nothing.
    if (!unbound(await readJsonObject(this.#path))) return;
    await updateJsonObject(this.#path, this.#queue, (all) => {
      if (unbound(all)) recordOrigin(all, key, origin, fromEnv ? 'envOrigins' : 'origins');
    });
  }

  #envOrigin(file: Record<string, unknown>, key: string): string | undefined {
    return this.#env[`${secretEnvName(key)}_ORIGIN`] ?? recordedOrigin(file, key, 'envOrigins');
  }
}
