// The test alert (what `amtool alert add` does, and then what amtool cannot say): post an
// alert with the labels the user chose and a short endsAt, wait until the server lists it in
// its groups, and report when it became visible, which groups and receivers it landed in, and
// whether this app's notification rules would notify for it.
import type { GettableAlert, LabelSet, PostableAlert } from '../api/types.ts';
import { formatMatcher } from '../matchers/format.ts';
import type { ViewSnapshot } from '../model/view.ts';
import { breaksThrough, quietReason, type QuietReason } from '../model/quiet-hours.ts';
import { RuleFilters } from '../policy/rule-filters.ts';
import type { Clock, TestAlertReport, TestAlertRequest } from '../service.ts';
import type { NotificationSettings, Settings } from '../settings/types.ts';
import type { InstanceRuntime } from './instance.ts';
import { groupKeyOf } from './merge.ts';

export const TEST_ALERT_DEFAULT_MS = 5 * 60_000;
export const TEST_ALERT_MAX_MS = 60 * 60_000;
/** How long to wait for the server to list it (the dispatcher takes milliseconds). */
export const TEST_ALERT_WAIT_MS = 20_000;
/**
 * Alertmanager's dispatcher puts an alert in its routes' groups one route at a time
 * (dispatch/dispatch.go: processAlert per matching route, and Groups() reads between them),
 * so the first listing can name one receiver of two. The groups are taken once two listings
 * this far apart agree (bounded by TEST_ALERT_SETTLE_MAX_MS).
 */
const SETTLE_STEP_MS = 250;
const TEST_ALERT_SETTLE_MAX_MS = 3_000;

/** How the report words each reason for quiet (policy/quiet-hours.ts decides it). */
const QUIET_TEXT: Record<QuietReason, string> = {
  off: 'notifications are off',
  snoozed: 'notifications are snoozed',
  'quiet-hours': 'quiet hours',
};

export interface TestAlertDeps {
  instanceId: string;
  clusterId: string;
  post(alerts: PostableAlert[]): Promise<void>;
  /** The server's groups holding alerts with these labels. */
  groups(
    filter: string[],
  ): Promise<{ labels: LabelSet; receiver: { name: string }; alerts: GettableAlert[] }[]>;
  /** Polls the instance so the window shows it; resolves with the view after that poll. */
  refresh(): Promise<ViewSnapshot>;
  notifications: NotificationSettings;
  severityOrder: readonly string[];
  /** Epoch ms (the core's clock: stamps the report). */
  now(): number;
  /** Real waiting between checks (injected so tests need not wait). */
  sleep(ms: number): Promise<void>;
}

/** Checks a request: an alertname and only valid label names. */
export function testAlertProblem(req: TestAlertRequest): string | undefined {
  if (!req.labels['alertname']) return 'a test alert needs an alertname label';
  for (const k of Object.keys(req.labels)) {
    if (!/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(k)) return `invalid label name ${JSON.stringify(k)}`;
  }
  return undefined;
}

export async function sendTestAlert(
  deps: TestAlertDeps,
  req: TestAlertRequest,
): Promise<TestAlertReport> {
  const problem = testAlertProblem(req);
  if (problem) throw new Error(problem);
  const durationMs = Math.min(req.durationMs ?? TEST_ALERT_DEFAULT_MS, TEST_ALERT_MAX_MS);
  const sentAtMs = deps.now();
  const t0 = performance.now();
  await deps.post([
    {
      labels: req.labels,
      annotations: {
        summary: 'Test alert from Alertmanager Tray',
        ...(req.annotations ?? {}),
      },
      startsAt: new Date(sentAtMs).toISOString(),
      endsAt: new Date(sentAtMs + durationMs).toISOString(),
    },
  ]);
  const filter = Object.entries(req.labels).map(([name, value]) =>
    formatMatcher({ name, value, isRegex: false, isEqual: true }),
  );
  const report: TestAlertReport = {
    instanceId: deps.instanceId,
    sentAt: new Date(sentAtMs).toISOString(),
    endsAt: new Date(sentAtMs + durationMs).toISOString(),
    groups: [],
    wouldNotify: false,
  };
  const listed = async () =>
    (await deps.groups(filter)).filter((g) =>
      g.alerts.some((a) => sameLabels(a.labels, req.labels)),
    );
  let found = await listed();
  let waited = 0;
  while (found.length === 0 && waited < TEST_ALERT_WAIT_MS) {
    await deps.sleep(SETTLE_STEP_MS);
    waited += SETTLE_STEP_MS;
    found = await listed();
  }
  if (found.length === 0) {
    report.reason = `the server did not list it within ${TEST_ALERT_WAIT_MS / 1000} s`;
    return report;
  }
  // Visible from its first listing; its groups once two listings agree.
  const elapsed = Math.round(performance.now() - t0);
  for (let settled = 0; settled < TEST_ALERT_SETTLE_MAX_MS; settled += SETTLE_STEP_MS) {
    await deps.sleep(SETTLE_STEP_MS);
    const again = await listed();
    if (again.length === 0) break;
    const same = groupNames(again) === groupNames(found);
    found = again;
    if (same) break;
  }
  report.visibleAfterMs = elapsed;
  report.visibleAt = new Date(sentAtMs + elapsed).toISOString();
  const alert = found[0]!.alerts.find((a) => sameLabels(a.labels, req.labels))!;
  report.fingerprint = alert.fingerprint;
  report.groups = found.map((g) => ({
    groupKey: groupKeyOf(deps.clusterId, g.labels),
    receiver: g.receiver.name,
    labels: g.labels,
  }));
  report.state = alert.status.state;

  const view = await deps.refresh();
  const n = deps.notifications;
  const facts = view.alerts[alert.fingerprint] ?? {
    labels: alert.labels,
    severity: '',
    instances: [deps.instanceId],
    receivers: alert.receivers.map((r) => r.name),
  };
  const held = quietReason(n, deps.now());
  // The policy's own rule: a critical test alert may pass quiet hours (criticalBreaksQuiet).
  const quiet = breaksThrough(n, held, facts.severity, deps.severityOrder) ? null : held;
  const why =
    quiet !== null
      ? QUIET_TEXT[quiet]
      : alert.status.state === 'suppressed'
        ? 'it is silenced, inhibited or muted on the server'
        : new RuleFilters().blockedBy(facts, deps.clusterId, view, n, deps.severityOrder);
  report.wouldNotify = why === null;
  if (why !== null) report.reason = why;
  return report;
}

/** The test alert on one instance of the core (its client, its view after a poll). */
export async function sendTestAlertTo(
  rt: InstanceRuntime,
  req: TestAlertRequest,
  core: { clusterId: string; snapshot: () => ViewSnapshot; settings: Settings; clock: Clock },
): Promise<TestAlertReport> {
  const client = await rt.ensureClient();
  if (!client.postAlerts) throw new Error('this client cannot post alerts');
  return sendTestAlert(
    {
      instanceId: rt.id,
      clusterId: core.clusterId,
      post: (alerts) => client.postAlerts!(alerts),
      groups: (filter) => client.getAlertGroups({ filter }),
      refresh: async () => {
        await rt.refresh();
        return core.snapshot();
      },
      notifications: core.settings.notifications,
      severityOrder: core.settings.severityOrder,
      now: () => core.clock.now(),
      sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    },
    req,
  );
}

/** The groups a listing names (receiver and labels), in a comparable form. */
function groupNames(groups: readonly { labels: LabelSet; receiver: { name: string } }[]): string {
  return JSON.stringify(
    groups.map((g) => [g.receiver.name, Object.entries(g.labels).sort()]).sort(),
  );
}

function sameLabels(a: LabelSet, b: LabelSet): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}
