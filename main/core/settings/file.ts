// Reading and writing the settings file. A bad file is never overwritten: it is renamed aside
// so the user (or support) can recover it, and the app starts on defaults with an error shown.
import { lstat, readFile, rename } from 'node:fs/promises';
import { writePrivateFileAtomic } from '../files/private-file.ts';
import { defaultSettings } from './defaults.ts';
import { parseSettings } from './schema.ts';
import type { Settings } from './types.ts';

export interface ReadSettingsResult {
  settings: Settings;
  /** Set when the file was unusable: it was renamed to `keptAs` and defaults are returned. */
  error?: { message: string; keptAs: string };
  /** Secrets an old file held inline (SecretStore key -> value): store them, then write back. */
  extractedSecrets?: Record<string, string>;
  /** True when the file was in an older format (write it back after storing the secrets). */
  migrated?: boolean;
}

/** `2026-11-21T02:17:04.123Z` -> `2026-11-21T021704.123Z` (colons are invalid on Windows). */
export function corruptSuffix(now: Date): string {
  return `.corrupt-${now.toISOString().replace(/:/g, '')}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

/** Renames `path` aside to a name that does not exist yet and returns that name. */
async function keepAside(path: string, now: Date): Promise<string> {
  const base = path + corruptSuffix(now);
  let target = base;
  for (let i = 1; await exists(target); i++) target = `${base}-${i}`;
  await rename(path, target);
  return target;
}

export async function readSettingsFile(
  path: string,
  opts: { now?: () => Date } = {},
): Promise<ReadSettingsResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { settings: defaultSettings() };
    throw err;
  }
  let message: string;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
    const parsed = parseSettings(raw);
    if (parsed.ok) {
      const result: ReadSettingsResult = { settings: parsed.settings };
      if (parsed.migrated) result.migrated = true;
      if (Object.keys(parsed.extractedSecrets).length > 0) {
        result.extractedSecrets = parsed.extractedSecrets;
      }
      return result;
    }
    message = `invalid settings: ${parsed.error}`;
  } catch (err) {
    message = `settings file is not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
  }
  const keptAs = await keepAside(path, (opts.now ?? (() => new Date()))());
  return { settings: defaultSettings(), error: { message, keptAs } };
}

/** Keys that hold secret values; `passwordKey`/`tokenKey` are references and are fine. */
const SECRET_KEY = /^(password|passwd|token|bearertoken|secret|clientsecret|apikey|api_key)$/i;
const CREDENTIAL_HEADER = /^(authorization|proxy-authorization|cookie)$/i;

/** Paths of fields that look like inline secrets (empty when the object is clean). */
export function findInlineSecrets(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => findInlineSecrets(v, `${path}[${i}]`));
  }
  if (typeof value !== 'object' || value === null) return [];
  const found: string[] = [];
  for (const [key, v] of Object.entries(value)) {
    const p = path ? `${path}.${key}` : key;
    if (SECRET_KEY.test(key) && v !== undefined && v !== null && v !== '') found.push(p);
    else if (path.endsWith('headers') && CREDENTIAL_HEADER.test(key)) found.push(p);
    else found.push(...findInlineSecrets(v, p));
  }
  return found;
}

/**
 * Writes settings atomically (temp file in the same directory, fsync, rename) with mode 0600.
 * Throws, writing nothing, when a secret-looking field is present inline.
 */
export async function writeSettingsFile(path: string, settings: Settings): Promise<void> {
  const secrets = findInlineSecrets(settings);
  if (secrets.length > 0) {
    throw new Error(`refusing to write settings with inline secrets at: ${secrets.join(', ')}`);
  }
  await writePrivateFileAtomic(path, JSON.stringify(settings, null, 2) + '\n');
}
