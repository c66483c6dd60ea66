// Which SecretStore keys an instance may use, and which secret writes a settings change
// implies. The rule that matters: an instance only ever references its own secrets, so a
// settings change cannot point one server's auth at another server's password.
import { originOf } from '../model/secret-origin.ts';
import type { InstanceSecrets } from '../service.ts';
import type { InstanceSettings, Settings } from '../settings/types.ts';

/** A secret given or referenced against the rules; the bridge answers 'invalid-argument'. */
export class SecretKeyError extends Error {
  readonly code = 'invalid-argument';
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

/** The SecretStore key for an instance's password or token. */
export function secretKeyFor(instanceId: string, kind: 'password' | 'token'): string {
  return `instance/${instanceId}/${kind}`;
}

/** SecretStore keys an instance's settings point at. */
export function secretKeysOf(instance: InstanceSettings): string[] {
  switch (instance.auth.type) {
    case 'basic':
      return [instance.auth.passwordKey];
    case 'bearer':
      return [instance.auth.tokenKey];
    default:
      return [];
  }
}

/**
 * An instance may only reference its own secrets (`instance/<id>/password|token`): otherwise
 * a settings change could point instance B's auth at instance A's password and send it to B.
 */
export function checkSecretKeys(instance: InstanceSettings): void {
  const { auth } = instance;
  const expected =
    auth.type === 'basic'
      ? { got: auth.passwordKey, want: secretKeyFor(instance.id, 'password') }
      : auth.type === 'bearer'
        ? { got: auth.tokenKey, want: secretKeyFor(instance.id, 'token') }
        : undefined;
  if (expected && expected.got !== expected.want) {
    throw new SecretKeyError(`instance ${instance.id}: secret key must be ${expected.want}`);
  }
}

/**
 * Pairs each given secret with the key its instance's auth references and the origin of the
 * instance's URL (the secret is bound to it: a new one replaces the one stored for another
 * origin); throws on mismatch.
 */
export function secretWrites(
  settings: Settings,
  secrets: Record<string, InstanceSecrets>,
): { key: string; value: string; origin: string | undefined }[] {
  const writes: { key: string; value: string; origin: string | undefined }[] = [];
  for (const [instanceId, given] of Object.entries(secrets)) {
    const instance = settings.instances.find((i) => i.id === instanceId);
    if (!instance) {
      throw new SecretKeyError(`secrets given for unknown instance ${instanceId}`);
    }
    const origin = originOf(instance.url);
    if (given.password !== undefined) {
      if (instance.auth.type !== 'basic') {
        throw new SecretKeyError(`instance ${instanceId}: a password needs basic auth`);
      }
      writes.push({ key: instance.auth.passwordKey, value: given.password, origin });
    }
    if (given.token !== undefined) {
      if (instance.auth.type !== 'bearer') {
        throw new SecretKeyError(`instance ${instanceId}: a token needs bearer auth`);
      }
      writes.push({ key: instance.auth.tokenKey, value: given.token, origin });
    }
  }
  return writes;
}
