// The one error type of the API client. Every failure (network, TLS, auth, HTTP status,
// malformed body, oversized body, timeout) becomes an AlertmanagerError with a kind the UI
// and the poller can act on, and the server's own message whatever shape its body had.

export type ErrorKind =
  'network' | 'timeout' | 'tls' | 'auth' | 'http' | 'invalid-response' | 'too-large' | 'aborted';

export interface AlertmanagerErrorInit {
  kind: ErrorKind;
  /** e.g. `GET /alerts/groups` */
  endpoint: string;
  message: string;
  status?: number;
  /** The server's message extracted from its body (JSON string, {code,message}, text). */
  serverMessage?: string;
  /** For invalid-response: the path of the offending field, e.g. `[3].status.state`. */
  field?: string;
  cause?: unknown;
}

export class AlertmanagerError extends Error {
  readonly kind: ErrorKind;
  readonly endpoint: string;
  readonly status: number | undefined;
  readonly serverMessage: string | undefined;
  readonly field: string | undefined;

  constructor(init: AlertmanagerErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'AlertmanagerError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.field = init.field;
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
    };
  }
}

export interface SerializedError {
  kind: ErrorKind;
  endpoint: string;
  message: string;
  status?: number;
  serverMessage?: string;
  field?: string;
}
