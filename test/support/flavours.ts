// Servers we cannot run here, emulated on the hostile test server with the shapes their
// upstream source gives (each shape names its file). Each flavour keeps a little state so a
// client can use it end to end: alerts grouped by alertname, silences that can be created,
// listed, updated and expired, and alerts a silence matches reported as silenced.
//
// - Grafana-managed Alertmanager (`/api/alertmanager/grafana/api/v2`).
// - Grafana Mimir (`/alertmanager/api/v2`, tenant header, buildinfo).
// - Alertmanager 0.34 (mutedBy, routeLabels, silence annotations, GET /silences flags, and
//   0.33+ receiver labels with `receiver_matchers`: receiver-labels.ts).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  GettableAlert,
  GettableSilence,
  LabelSet,
  Matcher,
  PostableSilence,
} from '../../main/core/api/types.ts';
import { startHostileServer, type HostileServer } from './hostile-server.ts';
import {
  receiverMatchersOf,
  receiverPasses,
  receiversBody,
  type ReceiverDef,
} from './receiver-labels.ts';

export interface FlavourAlert {
  labels: LabelSet;
  annotations?: LabelSet;
  /** 0.34: time intervals muting the alert's route. */
  mutedBy?: string[];
  /** The server's own fingerprint instead of a hash of the labels (hostile servers). */
  fingerprint?: string;
  /** The receiver it is routed to (default: the flavour's one receiver). */
  receiver?: string;
}

export interface FlavourServer {
  srv: HostileServer;
  /** What to put in the instance's URL setting. */
  baseUrl: string;
  /** Headers the instance needs (Mimir's tenant). */
  headers: Record<string, string>;
  /** Every silence the server holds, as GET /silences would list it. */
  silences(): GettableSilence[];
  /** Bodies of POST /silences as received. */
  posted: PostableSilence[];
  close(): Promise<void>;
}

interface Options {
  alerts: FlavourAlert[];
  /** 0.33+: the receivers GET /receivers lists, with labels (default: the one receiver). */
  receivers?: ReceiverDef[];
}

type Flavour = 'grafana' | 'mimir' | 'am034';

const NOW = () => new Date().toISOString();

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' && status >= 400 ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type':
      typeof body === 'string' && status >= 400 ? 'text/plain; charset=utf-8' : 'application/json',
  });
  res.end(text);
}

/** Test-side matching: equality and anchored regexes (JS, for simple test patterns only). */
function matches(m: Matcher, labels: LabelSet): boolean {
  const v = labels[m.name] ?? '';
  const hit = m.isRegex ? new RegExp(`^(?:${m.value})$`).test(v) : v === m.value;
  return m.isEqual === false ? !hit : hit;
}

function stateOf(s: { startsAt: string; endsAt: string }): GettableSilence['status']['state'] {
  const now = Date.now();
  if (Date.parse(s.endsAt) <= now) return 'expired';
  if (Date.parse(s.startsAt) > now) return 'pending';
  return 'active';
}

function fingerprint(labels: LabelSet): string {
  let h = 0xcbf29ce484222325n;
  const text = Object.keys(labels)
    .sort()
    .map((k) => `${k}\u00ff${labels[k]}\u00ff`)
    .join('');
  for (const ch of Buffer.from(text)) {
    h ^= BigInt(ch);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

async function startFlavour(
  flavour: Flavour,
  opts: Options & { prefix: string; receiver: string; mimir?: MimirOptions },
): Promise<FlavourServer> {
  const srv = await startHostileServer();
  const p = `${opts.prefix}/api/v2`;
  const store = new Map<string, GettableSilence>();
  const posted: PostableSilence[] = [];
  const startedAt = new Date(Date.now() - 60_000).toISOString();

  const listSilences = (): GettableSilence[] =>
    [...store.values()].map((s) => {
      const out: GettableSilence = { ...s, status: { state: stateOf(s) } };
      // Annotations exist from 0.32 on; the others never send the field.
      if (flavour === 'am034') out.annotations = s.annotations ?? {};
      else delete out.annotations;
      return out;
    });

  const alertView = (a: FlavourAlert): GettableAlert => {
    const silencedBy = listSilences()
      .filter((s) => s.status.state === 'active' && s.matchers.every((m) => matches(m, a.labels)))
      .map((s) => s.id);
    const mutedBy = flavour === 'am034' ? (a.mutedBy ?? []) : [];
    const status: GettableAlert['status'] & { mutedBy?: string[] } = {
      // api/v2/compat.go: a muted alert is reported suppressed.
      state: silencedBy.length > 0 || mutedBy.length > 0 ? 'suppressed' : 'active',
      silencedBy,
      inhibitedBy: [],
    };
    if (flavour === 'am034') status.mutedBy = mutedBy;
    return {
      labels: a.labels,
      annotations: a.annotations ?? {},
      receivers: [{ name: a.receiver ?? opts.receiver }],
      fingerprint: a.fingerprint ?? fingerprint(a.labels),
      startsAt: startedAt,
      updatedAt: startedAt,
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      generatorURL: 'http://prometheus.example/graph',
      status,
    };
  };

  const receiverDefs: ReceiverDef[] = opts.receivers ?? [{ name: opts.receiver }];
  /** The alerts whose receiver passes the request's receiver_matchers (0.33+ only). */
  const routed = (ms: Matcher[]) =>
    opts.alerts.filter((a) => receiverPasses(ms, a.receiver ?? opts.receiver, receiverDefs));

  const groups = (ms: Matcher[] = []) => {
    const byName = new Map<string, FlavourAlert[]>();
    for (const a of routed(ms)) {
      const n = `${a.receiver ?? opts.receiver}\u0000${a.labels['alertname'] ?? ''}`;
      byName.set(n, [...(byName.get(n) ?? []), a]);
    }
    return [...byName].map(([key, alerts]) => {
      const [receiver, name] = key.split('\u0000') as [string, string];
      const g: Record<string, unknown> = {
        labels:
          flavour === 'grafana' ? { alertname: name, grafana_folder: 'Ops' } : { alertname: name },
        receiver: { name: receiver },
        alerts: alerts.map(alertView),
      };
      // 0.34: api/v2/api.go getAlertGroupsHandler sets routeLabels on every group.
      if (flavour === 'am034') g['routeLabels'] = { team: 'storage' };
      return g;
    });
  };

  /** Mimir answers every tenant request this way first (pkg/alertmanager/multitenant.go). */
  const tenantGate = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!opts.mimir) return true;
    const tenant = req.headers['x-scope-orgid'];
    if (typeof tenant !== 'string' || tenant === '') {
      // dskit tenant.TenantID: "no org id", 401.
      send(res, 401, 'no org id\n');
      return false;
    }
    if (!opts.mimir.configuredTenants.includes(tenant)) {
      // serveRequest: no config and no fallback. 404 in the releases the behaviour notes
      // describe (newer ones answer 412 with the same text).
      send(res, 404, 'the Alertmanager is not configured\n');
      return false;
    }
    return true;
  };

  const handler =
    (fn: (req: IncomingMessage, res: ServerResponse, body: string) => void) =>
    (req: IncomingMessage, res: ServerResponse, body: string) => {
      if (!tenantGate(req, res)) return;
      fn(req, res, body);
    };

  const status = () => {
    if (flavour === 'grafana') return grafanaStatus(opts.receiver);
    const version =
      flavour === 'mimir'
        ? // Mimir stamps only its own pkg/util/version: prometheus/common/version stays empty.
          { version: '', revision: '', branch: '', buildUser: '', buildDate: '' }
        : {
            version: '0.34.0',
            revision: 'abc',
            branch: 'HEAD',
            buildUser: 'root@x',
            buildDate: '20260101-00:00:00',
          };
    return {
      cluster: { name: 'cluster-1', status: 'ready', peers: [{ name: 'p1', address: 'x:9094' }] },
      versionInfo: { ...version, goVersion: 'go1.24.1' },
      config: { original: `route:\n  receiver: ${opts.receiver}\n` },
      uptime: startedAt,
    };
  };

  srv.setRoute(`GET ${p}/status`, {
    kind: 'handler',
    handle: handler((_q, r) => send(r, 200, status())),
  });
  /** 0.33+ reads receiver_matchers; older servers and the others ignore the parameter. */
  const withMatchers =
    (answer: (ms: Matcher[]) => unknown) => (q: IncomingMessage, r: ServerResponse) => {
      const ms = flavour === 'am034' ? receiverMatchersOf(q) : [];
      if ('error' in ms) return send(r, 400, JSON.stringify(ms.error));
      send(r, 200, answer(ms));
    };
  srv.setRoute(`GET ${p}/alerts/groups`, {
    kind: 'handler',
    handle: handler(withMatchers((ms) => groups(ms))),
  });
  srv.setRoute(`GET ${p}/alerts`, {
    kind: 'handler',
    handle: handler(withMatchers((ms) => routed(ms).map(alertView))),
  });
  if (flavour === 'grafana') {
    // No /api/v2/receivers in Grafana (its receivers are under its own config API).
    srv.setRoute(`GET ${p}/receivers`, {
      kind: 'json',
      status: 404,
      body: { message: 'Not found' },
    });
  } else {
    srv.setRoute(`GET ${p}/receivers`, {
      kind: 'handler',
      handle: handler(
        withMatchers((ms) =>
          flavour === 'am034' ? receiversBody(receiverDefs, ms) : [{ name: opts.receiver }],
        ),
      ),
    });
  }
  if (flavour === 'mimir') {
    // pkg/api/api.go RegisterAlertmanager: <prefix>/api/v1/status/buildinfo, with the shape of
    // pkg/util/version/info_handler.go (application set by pkg/mimir/modules.go).
    srv.setRoute(`GET ${opts.prefix}/api/v1/status/buildinfo`, {
      kind: 'json',
      body: {
        status: 'success',
        data: {
          application: 'Grafana Mimir',
          version: '2.14.0',
          revision: 'f1a2b3c',
          branch: 'release-2.14',
          goVersion: 'go1.23.4',
          features: { alertmanager_config_api: 'true' },
        },
      },
    });
  }

  const routeSilence = (id: string) => {
    srv.setRoute(`GET ${p}/silence/${id}`, {
      kind: 'handler',
      handle: handler((_q, r) => {
        const s = listSilences().find((x) => x.id === id);
        if (s) send(r, 200, s);
        else send(r, 404, '');
      }),
    });
    srv.setRoute(`DELETE ${p}/silence/${id}`, {
      kind: 'handler',
      handle: handler((_q, r) => {
        const s = store.get(id);
        if (!s || stateOf(s) === 'expired') return send(r, 404, '"silence not found"');
        const now = NOW();
        if (stateOf(s) === 'pending') s.startsAt = now;
        s.endsAt = now;
        s.updatedAt = now;
        send(r, 200, '');
      }),
    });
  };

  srv.setRoute(`GET ${p}/silences`, {
    kind: 'handler',
    handle: handler((req, r) => {
      let list = listSilences();
      if (flavour === 'am034') {
        // 0.34: api/v2/api.go getSilencesHandler honours active/pending/expired.
        const q = new URL(req.url ?? '/', 'http://x').searchParams;
        for (const state of ['active', 'pending', 'expired'] as const) {
          if (q.get(state) === 'false') list = list.filter((s) => s.status.state !== state);
        }
      }
      send(r, 200, list);
    }),
  });
  srv.setRoute(`POST ${p}/silences`, {
    kind: 'handler',
    handle: handler((_q, r, body) => {
      const b = JSON.parse(body) as PostableSilence;
      posted.push(b);
      if (!Array.isArray(b.matchers) || b.matchers.length === 0)
        return send(r, 400, '"silence invalid: at least one matcher required"');
      if (Date.parse(b.endsAt) <= Date.now())
        return send(r, 400, '"end time can\'t be in the past"');
      const now = NOW();
      const old = b.id ? store.get(b.id) : undefined;
      if (b.id && !old) return send(r, 404, '"silence not found"');
      let id: string;
      const sameMatchers =
        old !== undefined && JSON.stringify(old.matchers) === JSON.stringify(b.matchers);
      if (old && sameMatchers && stateOf(old) !== 'expired') {
        // silence/silence.go canUpdate: in place.
        id = old.id;
        Object.assign(old, {
          comment: b.comment,
          createdBy: b.createdBy,
          endsAt: b.endsAt,
          updatedAt: now,
        });
        // 0.32+: annotations are what the update sends (absent = none).
        if (flavour === 'am034') old.annotations = b.annotations ?? {};
      } else {
        if (old && stateOf(old) !== 'expired') old.endsAt = now;
        id = randomUUID();
        const starts = Date.parse(b.startsAt) < Date.now() ? now : b.startsAt;
        const s: GettableSilence = {
          id,
          matchers: b.matchers.map((m) => ({ ...m, isEqual: m.isEqual ?? true })),
          startsAt: starts,
          endsAt: b.endsAt,
          createdBy: b.createdBy,
          comment: b.comment,
          updatedAt: now,
          status: { state: 'active' },
        };
        if (flavour === 'am034') s.annotations = b.annotations ?? {};
        store.set(id, s);
        routeSilence(id);
      }
      // grafana: pkg/services/ngalert/api/api_alertmanager.go RoutePostSilence answers 202 for
      // its own Alertmanager; Alertmanager and Mimir answer 200.
      send(r, flavour === 'grafana' ? 202 : 200, { silenceID: id });
    }),
  });

  return {
    srv,
    baseUrl: `${srv.url}${opts.prefix}`,
    headers: opts.mimir ? { 'X-Scope-OrgID': opts.mimir.tenant } : {},
    silences: listSilences,
    posted,
    close: () => srv.close(),
  };
}

/**
 * Grafana's /status (grafana: pkg/services/ngalert/api/tooling/definitions/alertmanager.go,
 * NewGettableStatus): clustering disabled, every version field "N/A", the whole configuration
 * as a JSON object, uptime null.
 */
export function grafanaStatus(receiver: string): Record<string, unknown> {
  const NA = 'N/A';
  return {
    cluster: { status: 'disabled', peers: [] },
    versionInfo: {
      branch: NA,
      buildDate: NA,
      buildUser: NA,
      goVersion: NA,
      revision: NA,
      version: NA,
    },
    config: {
      template_files: {},
      alertmanager_config: {
        route: { receiver, group_by: ['grafana_folder', 'alertname'] },
        receivers: [{ name: receiver, grafana_managed_receiver_configs: [] }],
      },
    },
    uptime: null,
  };
}

export function startGrafana(opts: Options): Promise<FlavourServer> {
  return startFlavour('grafana', {
    // Grafana-managed rules carry their folder as a label (it groups by it by default).
    alerts: opts.alerts.map((a) => ({ ...a, labels: { grafana_folder: 'Ops', ...a.labels } })),
    prefix: '/api/alertmanager/grafana',
    receiver: 'grafana-default-email',
  });
}

export interface MimirOptions {
  /** The tenant the client sends. */
  tenant: string;
  /** Tenants that have an Alertmanager configuration. */
  configuredTenants: string[];
}

export function startMimir(opts: Options & MimirOptions): Promise<FlavourServer> {
  return startFlavour('mimir', {
    alerts: opts.alerts,
    prefix: '/alertmanager',
    receiver: 'default',
    mimir: { tenant: opts.tenant, configuredTenants: opts.configuredTenants },
  });
}

export function startAlertmanager034(opts: Options): Promise<FlavourServer> {
  return startFlavour('am034', { ...opts, prefix: '', receiver: 'storage-pager' });
}

/** Grafana answering every API call with its access-control denial. */
export async function startGrafanaForbidden(): Promise<FlavourServer> {
  const srv = await startHostileServer();
  const prefix = '/api/alertmanager/grafana';
  // grafana: pkg/services/accesscontrol/middleware.go deny(): 403 with this body.
  const deny = {
    kind: 'json' as const,
    status: 403,
    body: {
      accessErrorId: 'ACE0123456789',
      message:
        "You'll need additional permissions to perform this action. Permissions needed: alert.instances:read",
      title: 'Access denied',
    },
  };
  for (const path of ['status', 'alerts/groups', 'silences', 'receivers', 'alerts'])
    srv.setRoute(`${prefix}/api/v2/${path}`, deny);
  return {
    srv,
    baseUrl: `${srv.url}${prefix}`,
    headers: {},
    silences: () => [],
    posted: [],
    close: () => srv.close(),
  };
}
