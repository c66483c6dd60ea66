// Turns an instance's settings into ConnectionOptions: secrets come from the SecretStore
// (settings hold only their keys) and TLS material from the PEM files the settings name.
import { normalizeBaseUrl as parseBaseUrl } from '../api/http.ts';
import type { ConnectionOptions, TlsOptions } from '../api/connection.ts';
import { readBoundSecret } from '../secrets/bound-secrets.ts';
import type { SecretStore } from '../service.ts';
import type { InstanceSettings } from '../settings/types.ts';

export type ReadFile = (path: string) => Promise<string>;

/** Secrets typed into a form that are not stored yet (test connection of a draft). */
export interface SecretOverrides {
  password?: string;
  token?: string;
}

/** The connection cannot even be set up: a secret is missing or a TLS file is unreadable. */
export class ConnectionSetupError extends Error {
  override readonly name = 'ConnectionSetupError';
  /** How the failure shows in the UI: a missing secret is an auth problem. */
  readonly kind: 'auth' | 'tls';
  constructor(kind: 'auth' | 'tls', message: string) {
    super(message);
    this.kind = kind;
  }
}

/**
 * Base URL as the client wants it: no trailing slash and no `/api/v2` (users paste either).
 */
export function normalizeBaseUrl(url: string): string {
  // The client's own rule, as a string (an unusable URL stays as typed: the client reports it).
  const parsed = parseBaseUrl(url);
  return parsed ? parsed.href.replace(/\/+$/, '') : url.trim();
}

export async function resolveConnection(
  instance: InstanceSettings,
  secrets: SecretStore,
  readFile: ReadFile,
  overrides: SecretOverrides = {},
): Promise<ConnectionOptions> {
  const options: ConnectionOptions = {
    baseUrl: normalizeBaseUrl(instance.url),
    timeoutMs: Math.max(1, instance.timeoutSec) * 1000,
  };
  if (Object.keys(instance.headers).length > 0) options.headers = { ...instance.headers };

  const auth = instance.auth;
  // A typed secret (overrides) is for the URL it was typed with; a stored one only for its own.
  const stored = (key: string, kind: 'password' | 'token') =>
    readBoundSecret({ store: secrets, key, url: instance.url, kind }).then((s) => {
      if (s.kind === 'other-origin') throw new ConnectionSetupError('auth', s.message);
      return s.kind === 'ok' ? s.value : undefined;
    });
  if (auth.type === 'basic') {
    const password = overrides.password ?? (await stored(auth.passwordKey, 'password'));
    if (password === undefined)
      throw new ConnectionSetupError(
        'auth',
        `No password stored for ${instance.name || instance.url}`,
      );
    options.auth = { type: 'basic', username: auth.username, password };
  } else if (auth.type === 'bearer') {
    const token = overrides.token ?? (await stored(auth.tokenKey, 'token'));
    if (token === undefined)
      throw new ConnectionSetupError(
        'auth',
        `No token stored for ${instance.name || instance.url}`,
      );
    options.auth = { type: 'bearer', token };
  } else {
    options.auth = { type: 'none' };
  }

  const tls: TlsOptions = {};
  const read = async (what: string, path: string): Promise<string> => {
    try {
      return await readFile(path);
    } catch (e) {
      throw new ConnectionSetupError(
        'tls',
        `Cannot read TLS ${what} file ${path}: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
  };
  if (instance.tls.caFile) tls.ca = await read('CA', instance.tls.caFile);
  if (instance.tls.certFile) tls.cert = await read('certificate', instance.tls.certFile);
  if (instance.tls.keyFile) tls.key = await read('key', instance.tls.keyFile);
  if (instance.tls.insecureSkipVerify) tls.insecureSkipVerify = true;
  if (Object.keys(tls).length > 0) options.tls = tls;
  return options;
}

/**
 * A cheap identity of everything that affects the connection, to decide whether a settings
 * change needs a new client (and a fresh start: it may be another server). Secret values are
 * not included (only their keys; reloadConnection compares resolved values).
 */
export function connectionKey(i: InstanceSettings): string {
  return JSON.stringify([
    normalizeBaseUrl(i.url),
    i.auth,
    Object.entries(i.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    i.tls,
  ]);
}

/** What the poller is built from: a change reschedules polling but keeps client and data. */
export function scheduleKey(i: InstanceSettings): string {
  return JSON.stringify([i.pollIntervalSec, i.timeoutSec, i.enabled]);
}
