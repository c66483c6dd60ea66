// Reading and writing the settings file (see persist.ts for the rules). A bad file is never
// overwritten: it is renamed aside so the user (or support) can recover it, and the app starts
// on defaults with an error shown.
import { writePrivateFileAtomic } from '../files/private-file.ts';
import type { FieldProblem } from './document.ts';
import { loadSettingsDocument } from './persist.ts';
import type { Settings } from './types.ts';

export interface ReadSettingsResult {
  settings: Settings;
  /** Set when the file was unusable: defaults are returned (see SettingsNotice). */
  error?: { message: string; keptAs?: string };
  /** Fields that were invalid and reset to their defaults (the rest of the file was kept). */
  problems?: FieldProblem[];
  /** Secrets an old file held inline (SecretStore key -> value): store them, then write back. */
  extractedSecrets?: Record<string, string>;
  /** True when the file was in an older format (write it back after storing the secrets). */
  migrated?: boolean;
}

/** `2026-11-21T02:17:04.123Z` -> `2026-11-21T021704.123Z` (colons are invalid on Windows). */
export function corruptSuffix(now: Date): string {
  return `.corrupt-${now.toISOString().replace(/:/g, '')}`;
}

/** The settings in a file, as loadSettingsDocument reads them (without the document). */
export async function readSettingsFile(
  path: string,
  opts: { now?: () => Date } = {},
): Promise<ReadSettingsResult> {
  const loaded = await loadSettingsDocument(path, opts);
  const result: ReadSettingsResult = { settings: loaded.settings };
  const n = loaded.notice;
  if (n?.kind === 'corrupt') {
    result.error = { message: n.message, ...(n.keptAs ? { keptAs: n.keptAs } : {}) };
  }
  if (n?.problems) result.problems = n.problems;
  if (loaded.extractedSecrets) result.extractedSecrets = loaded.extractedSecrets;
  if (loaded.migrated) result.migrated = true;
  return result;
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
