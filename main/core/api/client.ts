// Typed client of one Alertmanager API v2 (or a compatible server: Mimir, Grafana, a proxy with
// a path prefix). Every response is validated; every failure is an AlertmanagerError.
import type { ConnectionOptions, RequestOptions } from './connection.ts';
import { AlertGroupsReader } from './alert-groups-reader.ts';
import { HttpTransport, type HttpAnswer, type HttpCall } from './http.ts';
import { StringPool } from './string-pool.ts';
import { sharedSplitWorker } from './split-worker.ts';
import {
  alertGroupsResponse,
  buildInfoResponse,
  alertsResponse,
  parseBody,
  parseJson,
  validateJson,
  postSilenceResponseSchema,
  receiversResponse,
  silencesResponse,
  statusSchema,
  gettableSilenceSchema,
} from './schemas.ts';
import type {
  AlertGroup,
  AlertGroupQueryFlags,
  AlertmanagerStatus,
  AlertQueryFlags,
  BuildInfo,
  GettableAlert,
  GettableSilence,
  PostableAlert,
  PostableSilence,
  ReceiverInfo,
  SilenceQueryFlags,
} from './types.ts';

export interface AlertsQuery {
  flags?: AlertQueryFlags;
  /** Matchers in Alertmanager filter syntax, one per entry, ANDed (`alertname="Disk"`). */
  filter?: string[];
  /** Regular expression over receiver names (the server anchors it). */
  receiver?: string;
  /**
   * Matchers over receiver labels (`team="payments"`), Alertmanager 0.33+ only: older servers
   * ignore the parameter and answer everything. The engine does not send it (the view holds
   * every alert and "my team" is a local filter); it is here for one-off queries.
   */
  receiverMatchers?: string[];
}

export interface AlertGroupsQuery {
  flags?: AlertGroupQueryFlags;
  filter?: string[];
  receiver?: string;
  receiverMatchers?: string[];
}

function alertQuery(
  q:
    | { flags?: AlertQueryFlags; filter?: string[]; receiver?: string; receiverMatchers?: string[] }
    | undefined,
  flagNames: ReadonlyArray<keyof AlertQueryFlags>,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of flagNames) {
    const value = q?.flags?.[name];
    if (value !== undefined) params.set(name, value ? 'true' : 'false');
  }
  for (const f of q?.filter ?? []) params.append('filter', f);
  if (q?.receiver !== undefined && q.receiver !== '') params.set('receiver', q.receiver);
  for (const m of q?.receiverMatchers ?? []) params.append('receiver_matchers', m);
  return params;
}

export class AlertmanagerClient {
  /** The normalised base URL (without /api/v2). */
  readonly baseUrl: string;
  readonly #http: HttpTransport;

  constructor(options: ConnectionOptions) {
    this.#http = new HttpTransport(options);
    this.baseUrl = this.#http.baseUrl;
  }

  /**
   * The last result of each polled query with the digest of its body. A poll whose body is
   * byte for byte the previous one returns the previous result object (not decoded, parsed or
   * validated again): the engine then sees the same object and skips the instance entirely.
   * Results are shared: callers must not mutate them.
   */
  readonly #unchanged = new Map<string, { digest: string; value: unknown }>();
  /** Reads the polled groups without zod's second copy, pooling repeated strings. */
  readonly #groupsReader = new AlertGroupsReader(new StringPool(), sharedSplitWorker());

  async #get<T>(
    call: Omit<HttpCall, 'method'>,
    parse: (status: number, text: string) => T,
    o?: RequestOptions,
  ): Promise<T> {
    const answer = await this.#http.call({ method: 'GET', ...call }, o);
    return parse(answer.status, answer.text);
  }

  /** `get` for the polled queries: an unchanged body gives the previous result (same object). */
  async #getPolled<T>(
    call: Omit<HttpCall, 'method'>,
    parse: (status: number, answer: HttpAnswer) => T | Promise<T>,
    o?: RequestOptions,
  ): Promise<T> {
    const key = `${call.path}?${call.query?.toString() ?? ''}`;
    const memo = this.#unchanged.get(key);
    const answer = await this.#http.call(
      { method: 'GET', ...call, ...(memo ? { sameAs: memo.digest } : {}) },
      o,
    );
    if (answer.unchanged && memo) return memo.value as T;
    const value = await parse(answer.status, answer);
    if (answer.digest !== undefined) this.#unchanged.set(key, { digest: answer.digest, value });
    return value;
  }

  getStatus(o?: RequestOptions): Promise<AlertmanagerStatus> {
    const endpoint = 'GET /status';
    return this.#get(
      { path: '/status', endpoint },
      (s, t) => parseBody(statusSchema, endpoint, s, t),
      o,
    );
  }

  /** Mimir's build info (`<base>/api/v1/status/buildinfo`); 404 elsewhere. */
  getBuildInfo(o?: RequestOptions): Promise<BuildInfo> {
    const endpoint = 'GET /api/v1/status/buildinfo';
    return this.#get(
      { path: '/api/v1/status/buildinfo', endpoint, root: true },
      (s, t) => parseBody(buildInfoResponse, endpoint, s, t),
      o,
    );
  }

  getReceivers(o?: RequestOptions): Promise<ReceiverInfo[]> {
    const endpoint = 'GET /receivers';
    return this.#get(
      { path: '/receivers', endpoint },
      (s, t) => parseBody(receiversResponse, endpoint, s, t),
      o,
    );
  }

  /**
   * Silences matching `filter`; `flags` (0.34) narrow by state. Older servers ignore the flags
   * and answer everything: callers that pass them must still look at each silence's state.
   */
  getSilences(
    filter?: string[],
    o?: RequestOptions,
    flags?: SilenceQueryFlags,
  ): Promise<GettableSilence[]> {
    const endpoint = 'GET /silences';
    const query = new URLSearchParams();
    for (const f of filter ?? []) query.append('filter', f);
    for (const name of ['active', 'pending', 'expired'] as const) {
      const v = flags?.[name];
      if (v !== undefined) query.set(name, v ? 'true' : 'false');
    }
    return this.#getPolled(
      { path: '/silences', endpoint, query },
      (s, a) => parseBody(silencesResponse, endpoint, s, a.text),
      o,
    );
  }

  /**
   * Creates a silence, or updates one when `s.id` is set. Resolves to the id the server
   * answered: an update that changes matchers (or touches an expired silence) gets a NEW id and
   * the old silence is expired, so always use the returned id.
   */
  async postSilence(s: PostableSilence, o?: RequestOptions): Promise<string> {
    const endpoint = 'POST /silences';
    const answer = await this.#http.call(
      { method: 'POST', path: '/silences', endpoint, json: s },
      o,
    );
    return parseBody(postSilenceResponseSchema, endpoint, answer.status, answer.text);
  }

  getSilence(id: string, o?: RequestOptions): Promise<GettableSilence> {
    const endpoint = 'GET /silence/{id}';
    return this.#get(
      { path: `/silence/${encodeURIComponent(id)}`, endpoint },
      (s, t) => parseBody(gettableSilenceSchema, endpoint, s, t),
      o,
    );
  }

  /** Expires the silence (the server keeps it listed as expired until retention passes). */
  async deleteSilence(id: string, o?: RequestOptions): Promise<void> {
    const endpoint = 'DELETE /silence/{id}';
    await this.#http.call(
      { method: 'DELETE', path: `/silence/${encodeURIComponent(id)}`, endpoint },
      o,
    );
  }

  getAlerts(q?: AlertsQuery, o?: RequestOptions): Promise<GettableAlert[]> {
    const endpoint = 'GET /alerts';
    const query = alertQuery(q, ['active', 'silenced', 'inhibited', 'unprocessed']);
    return this.#get(
      { path: '/alerts', endpoint, query },
      (s, t) => parseBody(alertsResponse, endpoint, s, t),
      o,
    );
  }

  async postAlerts(alerts: PostableAlert[], o?: RequestOptions): Promise<void> {
    const endpoint = 'POST /alerts';
    await this.#http.call({ method: 'POST', path: '/alerts', endpoint, json: alerts }, o);
  }

  getAlertGroups(q?: AlertGroupsQuery, o?: RequestOptions): Promise<AlertGroup[]> {
    const endpoint = 'GET /alerts/groups';
    const query = alertQuery(q, ['active', 'silenced', 'inhibited']);
    return this.#getPolled(
      { path: '/alerts/groups', endpoint, query },
      async (s, a) => {
        // Group by group as the body's chunks are decoded, parsing only what changed, in slices
        // that leave the core free between them; anything else is parsed whole.
        const groups = await this.#groupsReader.readBody(a);
        if (groups) return groups;
        const json = parseJson(endpoint, s, a.text);
        return (
          this.#groupsReader.read(json) ?? validateJson(alertGroupsResponse, endpoint, s, json)
        );
      },
      o,
    );
  }

  /** Closes the connections; in-flight requests fail with kind 'aborted'. Idempotent. */
  close(): Promise<void> {
    this.#groupsReader.dispose();
    return this.#http.close();
  }
}
