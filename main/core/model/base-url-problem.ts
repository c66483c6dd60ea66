// The one rule for what an instance's base URL may hold (see settings/base-url.ts for why):
// pure, so the settings schema, the browser shell's --instance and the window's instance form
// (inline, before Save) all say the same thing.
export type BaseUrlProblem =
  | { kind: 'invalid'; message: string }
  | { kind: 'credentials'; message: string }
  | { kind: 'query'; message: string }
  | { kind: 'fragment'; message: string };

export const URL_CREDENTIALS_MESSAGE =
  "a user name or password in the URL is not accepted: remove it from the URL and enter it in the instance's basic auth fields (the password is then kept in the secret store, never in the settings file)";

/** Why `raw` cannot be an instance's base URL, or undefined when it can. */
export function baseUrlProblem(raw: string): BaseUrlProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: 'invalid', message: 'expected an http:// or https:// URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'invalid', message: 'expected an http:// or https:// URL' };
  }
  if (url.username !== '' || url.password !== '') {
    return { kind: 'credentials', message: URL_CREDENTIALS_MESSAGE };
  }
  // A lone "?" or "#" parses to an empty search/hash: the raw text says it was typed.
  if (url.search !== '' || raw.includes('?')) {
    return {
      kind: 'query',
      message:
        'a base URL cannot have a query (?…): the app adds the API paths to it and the query would be lost; remove it',
    };
  }
  if (url.hash !== '' || raw.includes('#')) {
    return {
      kind: 'fragment',
      message: 'a base URL cannot have a #… part (it is never sent to the server); remove it',
    };
  }
  return undefined;
}
