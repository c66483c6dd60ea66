// What an instance's base URL may hold. Credentials (https://user:pw@host) are refused: the URL
// is stored in settings.json and shown in the window, while passwords belong in the instance's
// basic auth and the secret store. A query or fragment is refused too: the API paths are added
// to the base URL, so either would be dropped without a word. One rule for the settings schema
// (settings form, setup screen, test channel, files) and the browser shell's --instance; a file
// that already holds such a URL is repaired on load (repairInstanceUrls), losing nothing.
import { baseUrlProblem } from '../model/base-url-problem.ts';
import { secretKeyFor } from '../secrets/secret-keys.ts';
import { describePath, isObject } from './json-paths.ts';

export interface UrlRepairs {
  /** SecretStore key -> password moved out of a URL. */
  secrets: Record<string, string>;
  /** What was removed that was not moved, in plain words: the original file is kept aside. */
  problems: { path: string; message: string }[];
  /** True when any URL was rewritten: the file must be written back. */
  changed: boolean;
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/**
 * Settings JSON (after migration, before validation) with every instance URL made acceptable,
 * in place. Credentials of an instance without auth become its basic auth and a stored secret:
 * the instance goes on authenticating exactly as before (the client used URL credentials only
 * when no auth was set). Credentials beside an auth of its own (never used), a query or a
 * fragment (never sent) are removed and named in `problems`, so the caller keeps the original
 * file aside before writing. An instance without an id is left as it is (the schema reports it).
 */
export function repairInstanceUrls(raw: unknown): UrlRepairs {
  const out: UrlRepairs = { secrets: {}, problems: [], changed: false };
  if (!isObject(raw) || !Array.isArray(raw['instances'])) return out;
  raw['instances'].forEach((inst: unknown, index) => {
    if (!isObject(inst) || typeof inst['id'] !== 'string' || inst['id'] === '') return;
    if (typeof inst['url'] !== 'string') return;
    const text = inst['url'];
    const problem = baseUrlProblem(text);
    if (!problem || problem.kind === 'invalid') return;
    const url = new URL(text);
    const label = describePath(raw, ['instances', index, 'url']);
    const removed: string[] = [];
    if (url.username !== '' || url.password !== '') {
      const auth = inst['auth'];
      const authType = isObject(auth) && typeof auth['type'] === 'string' ? auth['type'] : 'none';
      if (authType === 'none') {
        const key = secretKeyFor(inst['id'], 'password');
        out.secrets[key] = decode(url.password);
        inst['auth'] = { type: 'basic', username: decode(url.username), passwordKey: key };
      } else {
        removed.push(`the user name and password (never used: the instance has ${authType} auth)`);
      }
      url.username = '';
      url.password = '';
    }
    if (url.search !== '' || text.includes('?')) {
      removed.push('the query (?…, never sent: a base URL cannot have one)');
      url.search = '';
    }
    if (url.hash !== '' || text.includes('#')) {
      removed.push('the #… part (never sent)');
      url.hash = '';
    }
    // new URL() adds a "/" to a bare origin; keep the URL as the user wrote it otherwise.
    const bare = !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*\//i.test(text);
    inst['url'] = bare && url.pathname === '/' ? url.href.slice(0, -1) : url.href;
    out.changed = true;
    if (removed.length > 0) {
      out.problems.push({ path: label, message: `removed from the URL: ${removed.join('; ')}` });
    }
  });
  return out;
}
