// An alert its silences let go while it still fires is news again (policy/lapsed.ts), though
// its firing episode was notified before: an ack that ran out, a silence someone expired, or
// silences a cluster no longer lists. Not when the user ended them here, and not when only an
// inhibition ended. Differ and policy together, over hand-built views, as the engine runs them.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { AppNotification } from '../../../main/core/model/events.ts';
import type { AlertView, SilenceView, ViewSnapshot } from '../../../main/core/model/view.ts';
import { EventDiffer, initialClusters } from '../../../main/core/policy/differ.ts';
import { NotificationPolicy } from '../../../main/core/policy/notify.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { alert, group, iso, MIN, silence, snapshot, T0 } from './view-fixtures.ts';

class Pipeline {
  differ = new EventDiffer();
  policy = new NotificationPolicy({ localTime: () => ({ day: 1, minutes: 720 }) });
  settings = defaultSettings();
  prev: ViewSnapshot | undefined;
  step(view: ViewSnapshot, nowMs: number): AppNotification[] {
    const events = this.differ.diff(this.prev, view, nowMs, { expiringWithinMin: 15 });
    const ctx = { initialClusters: initialClusters(this.prev, view) };
    this.prev = view;
    return this.policy.decide(events, view, this.settings, nowMs, ctx);
  }
}

const disk = (host: string, state: 'active' | 'suppressed', silencedBy = ['c1/s1']) => {
  const a = alert({
    labels: { alertname: 'DiskFull', severity: 'critical', host },
    annotations: { summary: `disk full on ${host}` },
    states: { c1: state },
  });
  a.statusByCluster['c1']!.silencedBy = state === 'suppressed' ? silencedBy : [];
  a.silencedBy = a.statusByCluster['c1']!.silencedBy;
  return a;
};
const ack = (state: SilenceView['state'] = 'active'): SilenceView =>
  silence({ id: 's1', comment: 'ACK! on it', ack: { by: 'bob', mine: false }, state });
const plain = (state: SilenceView['state'] = 'active'): SilenceView =>
  silence({ id: 's1', comment: 'maintenance', state });

/** Step 0: nothing; 1: fires (notified); 2: silenced by `held`; 3: `after`. */
function run(
  held: SilenceView,
  after: { alerts: AlertView[]; silences: SilenceView[] },
  p = new Pipeline(),
  beforeLast?: (p: Pipeline) => void,
) {
  const g = (alerts: AlertView[]) => [group('c1', { alertname: 'DiskFull' }, alerts)];
  const hosts = after.alerts.map((a) => a.labels['host']!);
  p.step(snapshot({ seq: 1 }), T0);
  const firing = hosts.map((h) => disk(h, 'active'));
  const first = p.step(snapshot({ seq: 2, alerts: firing, groups: g(firing) }), T0 + MIN);
  assert.equal(first.length, 1, 'the firing was notified once');
  const quiet = hosts.map((h) => disk(h, 'suppressed'));
  const during = p.step(
    snapshot({ seq: 3, alerts: quiet, groups: g(quiet), silences: [held] }),
    T0 + 2 * MIN,
  );
  assert.deepEqual(during, [], 'nothing while it is held');
  beforeLast?.(p);
  return p.step(
    snapshot({ seq: 4, alerts: after.alerts, groups: g(after.alerts), silences: after.silences }),
    T0 + 3 * MIN,
  );
}

describe('lapsed silences', () => {
  it('an ack that ended while the alert fires: notified again, saying so', () => {
    const out = run(ack(), { alerts: [disk('db1', 'active')], silences: [ack('expired')] });
    assert.equal(out.length, 1);
    assert.equal(out[0]!.title, 'DiskFull (critical): acknowledgement ended, still firing');
    assert.equal(out[0]!.urgency, 'critical');
    assert.equal(out[0]!.silenceable, true, 'Silence and Acknowledge offered again');
  });

  it('a silence no longer listed: "lost", and the body says what may have happened', () => {
    const out = run(plain(), { alerts: [disk('db1', 'active')], silences: [] });
    assert.equal(out.length, 1);
    assert.equal(out[0]!.title, 'DiskFull (critical): silence lost, still firing');
    assert.match(out[0]!.body ?? '', /^The cluster no longer lists it \(its Alertmanagers may/);
  });

  it('an ack the cluster lost a poll before its alert came back: still an acknowledgement', () => {
    // Both HA peers restarted without their state: the silence went first while the restart
    // hold still showed the alert as it was, and the alert came back active a poll later.
    const out = run(ack(), { alerts: [disk('db1', 'active')], silences: [] }, undefined, (p) => {
      const quiet = [disk('db1', 'suppressed')];
      p.step(
        snapshot({
          seq: 10,
          alerts: quiet,
          groups: [group('c1', { alertname: 'DiskFull' }, quiet)],
        }),
        T0 + 2.5 * MIN,
      );
    });
    assert.equal(out.length, 1);
    assert.equal(out[0]!.title, 'DiskFull (critical): acknowledgement lost, still firing');
  });

  it('a group let go together: one note for the group, saying why', () => {
    const out = run(ack(), {
      alerts: [disk('db1', 'active'), disk('db2', 'active'), disk('db3', 'active')],
      silences: [ack('expired')],
    });
    assert.equal(out.length, 1);
    assert.equal(out[0]!.title, 'DiskFull (critical): 3 alerts firing, acknowledgement ended');
  });

  it('ended by the user here (expire, undo, edit): no note', () => {
    const p = new Pipeline();
    p.policy.userEnded(['c1/s1'], T0 + 2 * MIN);
    const out = run(ack(), { alerts: [disk('db1', 'active')], silences: [ack('expired')] }, p);
    assert.deepEqual(out, []);
  });

  it('the user ended it long ago: a later lapse of the same silence is news', () => {
    const p = new Pipeline();
    p.policy.userEnded(['c1/s1'], T0 - 60 * MIN);
    const out = run(ack(), { alerts: [disk('db1', 'active')], silences: [ack('expired')] }, p);
    assert.equal(out.length, 1);
  });

  it('only an inhibition ended: no note (the episode was notified, nobody handed it over)', () => {
    const p = new Pipeline();
    const inhibited = disk('db1', 'suppressed', []);
    inhibited.statusByCluster['c1']!.inhibitedBy = ['other'];
    const g = (alerts: AlertView[]) => [group('c1', { alertname: 'DiskFull' }, alerts)];
    p.step(snapshot({ seq: 1 }), T0);
    const firing = [disk('db1', 'active')];
    assert.equal(
      p.step(snapshot({ seq: 2, alerts: firing, groups: g(firing) }), T0 + MIN).length,
      1,
    );
    assert.deepEqual(
      p.step(snapshot({ seq: 3, alerts: [inhibited], groups: g([inhibited]) }), T0 + 2 * MIN),
      [],
    );
    const back = [disk('db1', 'active')];
    assert.deepEqual(p.step(snapshot({ seq: 4, alerts: back, groups: g(back) }), T0 + 3 * MIN), []);
  });

  it('quiet hours still hold it (withheld like any firing)', () => {
    const p = new Pipeline();
    const out = run(
      ack(),
      { alerts: [disk('db1', 'active')], silences: [ack('expired')] },
      p,
      (q) => (q.settings.notifications.snoozeUntil = iso(T0 + 60 * MIN)),
    );
    assert.deepEqual(out, []);
  });
});
