// Versioned migrations of the settings file. Each step takes the raw JSON of version N and
// returns version N+1. Secrets found inline in old files are moved OUT: the step returns them
// separately (keyed by the SecretStore key it wrote into the settings) so the shell can store
// them in the SecretStore; the migrated settings never contain them.
import { SETTINGS_VERSION } from './types.ts';
import { secretKeyFor } from '../secrets/secret-keys.ts';

export interface MigrationResult {
  /** Raw settings at SETTINGS_VERSION, not yet validated (schema.ts does that). */
  settings: unknown;
  /** SecretStore key -> secret value taken out of the file. Empty when nothing was moved. */
  extractedSecrets: Record<string, string>;
  /** Versions stepped through, e.g. [0] for a v0 -> v1 migration. */
  applied: number[];
}

type Raw = Record<string, unknown>;
type Step = (raw: Raw, secrets: Record<string, string>) => Raw;

function isObject(v: unknown): v is Raw {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * v0 (no `version`): instances could carry `username`/`password`/`token` inline (either at the
 * instance level or in `auth`), and an `Authorization` header. v1 keeps only `passwordKey` /
 * `tokenKey` references into the SecretStore.
 */
function v0ToV1(raw: Raw, secrets: Record<string, string>): Raw {
  const instances = Array.isArray(raw.instances) ? raw.instances : [];
  const migrated = instances.map((item, index) => {
    if (!isObject(item)) return item;
    const inst: Raw = { ...item };
    const id = str(inst.id) ?? `instance-${index + 1}`;
    inst.id = id;
    const auth: Raw = isObject(inst.auth) ? { ...inst.auth } : {};
    const username = str(auth.username) ?? str(inst.username);
    const password = str(auth.password) ?? str(inst.password);
    const token = str(auth.token) ?? str(inst.token) ?? str(inst.bearerToken);
    delete inst.username;
    delete inst.password;
    delete inst.token;
    delete inst.bearerToken;
    delete auth.password;
    delete auth.token;

    // A credential header becomes real auth, so the header (a secret) leaves the file.
    let headerAuth:
      | { type: 'basic'; username: string; password: string }
      | { type: 'bearer'; token: string }
      | undefined;
    if (isObject(inst.headers)) {
      const headers: Raw = { ...inst.headers };
      for (const name of Object.keys(headers)) {
        if (name.toLowerCase() !== 'authorization') continue;
        const value = str(headers[name]) ?? '';
        const bearer = /^bearer\s+(.+)$/i.exec(value);
        const basic = /^basic\s+(.+)$/i.exec(value);
        if (bearer?.[1]) headerAuth = { type: 'bearer', token: bearer[1].trim() };
        else if (basic?.[1]) {
          const decoded = Buffer.from(basic[1].trim(), 'base64').toString('utf8');
          const colon = decoded.indexOf(':');
          if (colon >= 0) {
            headerAuth = {
              type: 'basic',
              username: decoded.slice(0, colon),
              password: decoded.slice(colon + 1),
            };
          }
        }
        delete headers[name];
      }
      inst.headers = headers;
    }

    if (password !== undefined && password !== '') {
      const key = secretKeyFor(id, 'password');
      secrets[key] = password;
      inst.auth = { type: 'basic', username: username ?? '', passwordKey: key };
    } else if (token !== undefined && token !== '') {
      const key = secretKeyFor(id, 'token');
      secrets[key] = token;
      inst.auth = { type: 'bearer', tokenKey: key };
    } else if (headerAuth?.type === 'basic') {
      const key = secretKeyFor(id, 'password');
      secrets[key] = headerAuth.password;
      inst.auth = { type: 'basic', username: headerAuth.username, passwordKey: key };
    } else if (headerAuth?.type === 'bearer') {
      const key = secretKeyFor(id, 'token');
      secrets[key] = headerAuth.token;
      inst.auth = { type: 'bearer', tokenKey: key };
    } else if (typeof auth.type === 'string') {
      inst.auth = auth;
    } else {
      inst.auth = { type: 'none' };
    }
    return inst;
  });
  return { ...raw, instances: migrated, version: 1 };
}

/** steps[n] migrates version n to n + 1. */
const steps: Step[] = [v0ToV1];

function versionOf(raw: Raw): number {
  const v = raw.version;
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  throw new Error(`settings version must be a non-negative integer, got ${JSON.stringify(v)}`);
}

/**
 * Brings raw settings JSON to SETTINGS_VERSION. Throws when `raw` is not an object or has an
 * invalid version. A file from a newer app version is returned as is (the schema tolerates
 * unknown fields), so downgrading the app does not lose the user's settings.
 */
export function migrateSettings(raw: unknown): MigrationResult {
  if (!isObject(raw)) throw new Error('settings must be a JSON object');
  const extractedSecrets: Record<string, string> = {};
  const applied: number[] = [];
  let current: Raw = raw;
  let version = versionOf(current);
  while (version < SETTINGS_VERSION) {
    const step = steps[version];
    if (!step) throw new Error(`no migration from settings version ${version}`);
    current = step(current, extractedSecrets);
    applied.push(version);
    version += 1;
  }
  return { settings: current, extractedSecrets, applied };
}
