// The instance editor's fields as the inputs hold them, their checks, and the instance and
// secrets they make: kept out of the form class so they are unit-tested.
import type { InstanceSecrets } from '$core/service.ts';
import type { InstanceSettings } from '$core/settings/types.ts';
import { secretKeyFor } from '$core/secrets/secret-keys.ts';
import { baseUrlProblem } from '$core/model/base-url-problem.ts';
import { originOf, secretOriginMessage } from '$core/model/secret-origin.ts';
import { INSTANCE_NUMBER_RULES as RULE, numberProblem } from '$core/model/field-rules.ts';

export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

export interface InstanceFields {
  name: string;
  url: string;
  authType: InstanceSettings['auth']['type'];
  username: string;
  /** Typed here, sent to the SecretStore, never shown back (empty keeps a stored one). */
  password: string;
  token: string;
  headers: HeaderRow[];
  caFile: string;
  certFile: string;
  keyFile: string;
  insecure: boolean;
  pollIntervalSec: number;
  timeoutSec: number;
  cluster: string;
  /** The Prometheus that fills the history's gaps; empty: the alerts' generatorURLs. */
  prometheusUrl: string;
  enabled: boolean;
}

export interface InstanceErrors {
  url: string | null;
  poll: string | null;
  timeout: string | null;
  header: string | null;
  secret: string | null;
  prometheus: string | null;
}

export function instanceFieldsOf(i: InstanceSettings): InstanceFields {
  return {
    name: i.name,
    url: i.url,
    authType: i.auth.type,
    username: i.auth.type === 'basic' ? i.auth.username : '',
    password: '',
    token: '',
    headers: Object.entries(i.headers).map(([name, value], id) => ({ id, name, value })),
    caFile: i.tls.caFile ?? '',
    certFile: i.tls.certFile ?? '',
    keyFile: i.tls.keyFile ?? '',
    insecure: i.tls.insecureSkipVerify ?? false,
    pollIntervalSec: i.pollIntervalSec,
    timeoutSec: i.timeoutSec,
    cluster: i.cluster ?? '',
    prometheusUrl: i.prometheusUrl ?? '',
    enabled: i.enabled,
  };
}

function urlError(url: string): string | null {
  if (url.trim() === '') return 'URL is required';
  // The settings schema's own rule (credentials, query, fragment), said here before Save.
  const problem = baseUrlProblem(url.trim());
  if (problem?.kind === 'invalid')
    return URL.canParse(url.trim()) ? 'Use an http:// or https:// URL' : 'Not a valid URL';
  if (problem) return problem.message.charAt(0).toUpperCase() + problem.message.slice(1);
  if (/\/api\/v2\/?$/.test(new URL(url.trim()).pathname))
    return 'Give the base URL, without /api/v2 (it is added automatically)';
  return null;
}

/** The Prometheus base URL: optional; checked as the instance's URL is. */
function prometheusUrlError(url: string): string | null {
  const u = url.trim();
  if (u === '') return null;
  const problem = baseUrlProblem(u);
  if (problem?.kind === 'invalid')
    return URL.canParse(u) ? 'Use an http:// or https:// URL' : 'Not a valid URL';
  if (problem) return problem.message.charAt(0).toUpperCase() + problem.message.slice(1);
  if (/\/api\/v1\/?$/.test(new URL(u).pathname))
    return 'Give the base URL, without /api/v1 (it is added automatically)';
  return null;
}

const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

/**
 * Which secret the saved instance already has, and the origin of its saved URL: the stored
 * secret is bound to that origin (the core sends it nowhere else).
 */
export interface StoredSecrets {
  password: boolean;
  token: boolean;
  origin?: string | undefined;
}

/**
 * Why the stored secret cannot be kept: the URL now names another origin (scheme, host or
 * port), so it must be typed again for it. Null when it can be kept or there is none.
 */
export function secretOriginHint(f: InstanceFields, stored: StoredSecrets): string | null {
  const kind = f.authType === 'basic' ? 'password' : f.authType === 'bearer' ? 'token' : null;
  if (!kind || !stored[kind] || stored.origin === undefined) return null;
  const current = originOf(f.url);
  if (current === undefined || current === stored.origin) return null;
  return secretOriginMessage({ kind, stored: stored.origin, current });
}

/** `stored`: the secret the saved instance already has (it may be left empty for its origin). */
export function instanceErrors(f: InstanceFields, stored: StoredSecrets): InstanceErrors {
  // A secret stored for another origin is no stored secret for this URL.
  const kept = secretOriginHint(f, stored) === null;
  return {
    url: urlError(f.url),
    // The settings schema's rules and words (core/model/field-rules.ts).
    poll: numberProblem(f.pollIntervalSec, RULE.pollIntervalSec),
    timeout: numberProblem(f.timeoutSec, RULE.timeoutSec),
    header: f.headers.some((h) => CREDENTIAL_HEADERS.includes(h.name.trim().toLowerCase()))
      ? 'Credentials belong in Authentication, not in a header'
      : null,
    secret:
      f.authType === 'basic' && !(stored.password && kept) && f.password === ''
        ? 'Enter the password'
        : f.authType === 'bearer' && !(stored.token && kept) && f.token === ''
          ? 'Enter the token'
          : null,
    prometheus: prometheusUrlError(f.prometheusUrl),
  };
}

function hostOf(u: string): string {
  try {
    return new URL(u).host;
  } catch {
    return u;
  }
}

/** The instance the fields describe (secrets by key only) and the secrets typed, if any. */
export function buildInstance(
  id: string,
  f: InstanceFields,
): { instance: InstanceSettings; secrets: InstanceSecrets | undefined } {
  const auth: InstanceSettings['auth'] =
    f.authType === 'basic'
      ? { type: 'basic', username: f.username, passwordKey: secretKeyFor(id, 'password') }
      : f.authType === 'bearer'
        ? { type: 'bearer', tokenKey: secretKeyFor(id, 'token') }
        : { type: 'none' };
  const tls: InstanceSettings['tls'] = {};
  if (f.caFile.trim()) tls.caFile = f.caFile.trim();
  if (f.certFile.trim()) tls.certFile = f.certFile.trim();
  if (f.keyFile.trim()) tls.keyFile = f.keyFile.trim();
  if (f.insecure) tls.insecureSkipVerify = true;
  const headers: Record<string, string> = {};
  for (const h of f.headers) if (h.name.trim()) headers[h.name.trim()] = h.value;
  const url = f.url.trim();
  const instance: InstanceSettings = {
    id,
    name: f.name.trim() || hostOf(url),
    url: url.replace(/\/+$/, ''),
    auth,
    headers,
    tls,
    pollIntervalSec: Number(f.pollIntervalSec),
    timeoutSec: Number(f.timeoutSec),
    enabled: f.enabled,
  };
  if (f.cluster.trim()) instance.cluster = f.cluster.trim();
  if (f.prometheusUrl.trim()) instance.prometheusUrl = f.prometheusUrl.trim().replace(/\/+$/, '');
  let secrets: InstanceSecrets | undefined;
  if (f.authType === 'basic' && f.password !== '') secrets = { password: f.password };
  if (f.authType === 'bearer' && f.token !== '') secrets = { token: f.token };
  return { instance, secrets };
}
