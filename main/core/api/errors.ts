// The one error type of the API client. Every failure (network, TLS, auth, HTTP status,
// malformed body, oversized body, timeout) becomes an AlertmanagerError with a kind the UI
// and the poller can act on, and the server's own message whatever shape its body had.

export type ErrorKind =
  'network' | 'timeout' | 'tls' | 'auth' | 'http' | 'invalid-response' | 'too-large' | 'aborted';

export interface AlertmanagerErrorInit extends SerializedError {
  cause?: unknown;
}

export class AlertmanagerError extends Error {
  readonly kind: ErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;
  readonly summary: string | undefined;

  constructor(init: AlertmanagerErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AlertmanagerError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.field = init.field;
    this.summary = init.summary;
  }

  /** 503: the server is busy (concurrency limit or --web.timeout); back off, not down. */
  get busy(): boolean {
    return this.kind === 'http' && this.status === 503;
  }

  /** Plain data for crossing the bridge and for logs (never contains secrets). */
  toJSON(): SerializedError {
    return {
      kind: this.kind,
      endpoint: this.endpoint,
      message: this.message,
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.serverMessage === undefined ? {} : { serverMessage: this.serverMessage }),
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.summary === undefined ? {} : { summary: this.summary }),
    };
  }
}

/** An AlertmanagerError as plain data (for the bridge and logs; never contains secrets). */
export interface SerializedError {
  kind: ErrorKind;
  /** e.g. `GET /alerts/groups` */
  endpoint: string;
  message: string;
  status?: number;
  /** The server's message extracted from its body (JSON string, {code,message}, text). */
  serverMessage?: string;
  /** For invalid-response: the path of the offending field, e.g. `[3].status.state`. */
  field?: string;
  /**
   * What went wrong in a few plain words with the host, for a notification: "connection
   * refused: nothing listens at that address (am1:9093)". Absent when there are none.
   */
  summary?: string;
}

// ---------------------------------------------------------------------------------------------
// Turning an HTTP answer into an error: the server's message, whatever shape its body had, and
// a kind derived from the status.

/** Longest server message kept (a proxy may answer with a whole HTML page). */
const MAX_SERVER_MESSAGE = 500;

function tidy(text: string): string | undefined {
  // Collapse whitespace and drop control characters: the message goes into one UI line.
  const clean = text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean === '') return undefined;
  return clean.length > MAX_SERVER_MESSAGE ? clean.slice(0, MAX_SERVER_MESSAGE - 1) + '…' : clean;
}

function messageOfObject(value: object): string | undefined {
  const v = value as Record<string, unknown>;
  // Alertmanager {code,message}, Grafana {message}, Prometheus-style {error}, Mimir plain text.
  for (const key of ['message', 'error', 'msg', 'detail']) {
    const field = v[key];
    if (typeof field === 'string' && field.trim() !== '') return field;
    if (field && typeof field === 'object' && !Array.isArray(field)) {
      const nested = messageOfObject(field);
      if (nested !== undefined) return nested;
    }
  }
  return undefined;
}

/**
 * The server's own message from an error body: a JSON string (`"bad matcher format: x"`),
 * an object with message/error, plain text, or HTML (its title, else its text). Undefined
 * for an empty body.
 */
export function extractServerMessage(body: string): string | undefined {
  const trimmed = body.trim();
  if (trimmed === '') return undefined;
  if (/^[[{"]/.test(trimmed)) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed === 'string') return tidy(parsed);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const msg = messageOfObject(parsed);
        if (msg !== undefined) return tidy(msg);
      }
    } catch {
      // Not JSON after all: fall through to plain text.
    }
  }
  if (/^<(!doctype|html|head|body)/i.test(trimmed)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(trimmed)?.[1];
    const text = title ?? trimmed.replace(/<[^>]*>/g, ' ');
    return tidy(text);
  }
  return tidy(trimmed);
}

/**
 * Mimir / Cortex answer every API call of a tenant that has no Alertmanager configuration with
 * "the Alertmanager is not configured" (mimir: pkg/alertmanager/multitenant.go serveRequest;
 * 404 in older releases, 412 in newer). It is not "no alerts" and not "down": say so.
 */
export function isNotConfigured(status: number, serverMessage: string | undefined): boolean {
  return (
    (status === 404 || status === 412) &&
    serverMessage !== undefined &&
    /alertmanager is not configured/i.test(serverMessage)
  );
}

/** The error for a non-2xx answer: 401/403 -> auth, anything else -> http. */
export function errorForStatus(endpoint: string, status: number, body: string): AlertmanagerError {
  const serverMessage = extractServerMessage(body);
  const kind: ErrorKind = status === 401 || status === 403 ? 'auth' : 'http';
  const what =
    status === 401
      ? 'authentication required or rejected'
      : status === 403
        ? // Grafana checks its roles here: the account is known but lacks the permission.
          'not allowed for this account'
        : status === 503
          ? 'server busy'
          : isNotConfigured(status, serverMessage)
            ? 'no Alertmanager configuration for this tenant (Mimir/Cortex)'
            : `HTTP ${status}`;
  return new AlertmanagerError({
    kind,
    endpoint,
    status,
    message: `${endpoint}: ${what} (${status})${serverMessage ? `: ${serverMessage}` : ''}`,
    ...(serverMessage === undefined ? {} : { serverMessage }),
  });
}

/**
 * Also recognises an AlertmanagerError from another copy of this module (a second bundle or
 * test loader), by name and shape.
 */
export function isAlertmanagerError(err: unknown): err is AlertmanagerError {
  return (
    err instanceof AlertmanagerError ||
    (err instanceof Error &&
      err.name === 'AlertmanagerError' &&
      typeof (err as { toJSON?: unknown }).toJSON === 'function')
  );
}
