// How to reach one Alertmanager. Secrets are already resolved here (the core resolves
// settings' secret keys through its SecretStore before building a client).

export type Auth =
  | { type: 'none' }
  | { type: 'basic'; username: string; password: string }
  | { type: 'bearer'; token: string };

export interface TlsOptions {
  /** PEM text of extra CA certificates to trust. */
  ca?: string;
  /** PEM client certificate and key for mTLS. */
  cert?: string;
  key?: string;
  /** Skip server certificate verification (dangerous, user opt-in). */
  insecureSkipVerify?: boolean;
}

export interface ConnectionOptions {
  /**
   * Base URL of the server without `/api/v2`, with any path prefix:
   * `http://localhost:9093`, `https://mimir/alertmanager`, `https://grafana/api/alertmanager/grafana`.
   */
  baseUrl: string;
  auth?: Auth;
  /** Extra headers such as X-Scope-OrgID. */
  headers?: Record<string, string>;
  tls?: TlsOptions;
  /** Per-request timeout; default 10 000 ms. */
  timeoutMs?: number;
  /** Largest accepted response body; default 64 MiB. */
  maxBodyBytes?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;
