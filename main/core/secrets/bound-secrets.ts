// Reading a stored secret for an instance, and binding secrets stored before origins were
// recorded. A secret is only ever handed out for the origin it was stored for (model/
// secret-origin.ts says why): the instance's id names the key, its URL must name the server.
import { originOf, secretOriginMessage } from '../model/secret-origin.ts';
import type { SecretStore } from '../service.ts';
import type { InstanceSettings } from '../settings/types.ts';
import { secretKeysOf } from './secret-keys.ts';

export type BoundSecret =
  | { kind: 'ok'; value: string }
  | { kind: 'missing' }
  /** Stored for another origin (or none recorded): not sent, `message` says why. */
  | { kind: 'other-origin'; message: string };

/** The secret under `key` when it was stored for the origin of `url`. */
export async function readBoundSecret(o: {
  store: SecretStore;
  key: string;
  url: string;
  kind: 'password' | 'token';
}): Promise<BoundSecret> {
  const stored = await o.store.get(o.key);
  if (stored === undefined) return { kind: 'missing' };
  const current = originOf(o.url);
  if (current !== undefined && stored.origin === current)
    return { kind: 'ok', value: stored.value };
  return {
    kind: 'other-origin',
    message: secretOriginMessage({
      kind: o.kind,
      stored: stored.origin,
      current: current ?? o.url,
    }),
  };
}

/** The origin of the instance in `settings` whose auth references `key`, if any. */
export function originOfKey(
  settings: { instances: InstanceSettings[] },
  key: string,
): string | undefined {
  const instance = settings.instances.find((i) => secretKeysOf(i).includes(key));
  return instance ? originOf(instance.url) : undefined;
}

/**
 * Binds every secret stored without an origin (written by an older version, or given as an
 * environment variable) to the origin of the instance that references it. Only ever called
 * with the settings as read from disk when a shell starts, never with settings that came
 * through the bridge: a window cannot choose where an unbound secret goes.
 */
export async function bindStoredSecrets(
  store: SecretStore,
  settings: { instances: InstanceSettings[] },
): Promise<void> {
  for (const instance of settings.instances) {
    const origin = originOf(instance.url);
    if (origin === undefined) continue;
    for (const key of secretKeysOf(instance)) await store.bindOrigin(key, origin);
  }
}
