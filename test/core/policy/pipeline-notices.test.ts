// "Pipeline silent" notices go through the notification policy like every event (issue 32):
// the engine's EventPipeline over consecutive views, with the summary's pipelineSilent list.
// Shown once and its recovery once; withheld while snoozed, in quiet hours or for a muted
// cluster (and then no "back" either); a cluster that stops answering is not a recovery; the
// Timeline's records say what was shown or withheld and why. The Watchdog alert itself and
// alerts not routed to my team never notify (rule filters), with the reason recorded.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EventPipeline } from '../../../main/core/engine/events.ts';
import { recordsOfCycle } from '../../../main/core/history/from-cycle.ts';
import type { ViewSnapshot } from '../../../main/core/model/view.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import { alert, cluster, instance, MIN, snapshot, T0 } from './view-fixtures.ts';

function view(silent: boolean, o: { health?: 'ok' | 'unreachable'; seq?: number } = {}) {
  const c = cluster('c1');
  const v = snapshot({
    clusters: [{ ...c, health: o.health ?? 'ok', stale: o.health === 'unreachable' }],
    seq: o.seq ?? 1,
  });
  if (silent) v.summary = { ...v.summary, pipelineSilent: ['c1'] };
  return v;
}

function run(settings: Settings, views: ViewSnapshot[]) {
  const p = new EventPipeline();
  const outcomes = [];
  for (let i = 1; i < views.length; i++) {
    const at = T0 + i * MIN;
    const o = p.process(views[i - 1]!, views[i]!, settings, at);
    outcomes.push({ ...o, at, view: views[i]!, previous: views[i - 1]! });
  }
  return outcomes;
}

describe('pipeline notices through the policy', () => {
  it('silent once, back once; recorded for the Timeline', () => {
    const out = run(defaultSettings(), [view(false), view(true), view(true), view(false)]);
    const titles = out.flatMap((o) => o.notifications.map((n) => n.title));
    assert.deepEqual(titles, [
      'Alerting pipeline silent on prod',
      'Alerting pipeline back on prod',
    ]);
    const rows = out.flatMap((o) => recordsOfCycle(o)).filter((r) => r.kind === 'notified');
    assert.equal(rows.length, 2);
    assert.equal(rows[0]!.clusterId, 'c1');
    assert.match(rows[0]!.detail ?? '', /Alerting pipeline silent on prod/);
  });

  it('snoozed or in quiet hours: withheld with the reason, and no "back" afterwards', () => {
    const s = defaultSettings();
    s.notifications.snoozeUntil = new Date(T0 + 60 * MIN).toISOString();
    const out = run(s, [view(false), view(true), view(false)]);
    assert.deepEqual(
      out.flatMap((o) => o.notifications),
      [],
    );
    const withheld = out.flatMap((o) => o.withheld);
    assert.deepEqual(
      withheld.map((w) => [w.event.type, w.reason]),
      [['pipeline-silent', 'snoozed']],
    );
    const rows = out.flatMap((o) => recordsOfCycle(o)).filter((r) => r.kind === 'withheld');
    assert.match(rows[0]!.detail ?? '', /snoozed \(pipeline-silent\)/);

    const q = defaultSettings();
    q.notifications.quietHours = { enabled: true, start: '00:00', end: '00:00', days: [] };
    const quiet = run(q, [view(false), view(true)]);
    assert.equal(quiet[0]!.withheld[0]?.reason, 'quiet hours');
  });

  it('switching the watch off is not a recovery', () => {
    const off = defaultSettings();
    off.notifications.watchdog = '';
    const p = new EventPipeline();
    p.process(view(false), view(true), defaultSettings(), T0);
    const o = p.process(view(true), view(false), off, T0 + MIN);
    assert.deepEqual(o.events, []);
  });

  it('a muted cluster is withheld', () => {
    const s = defaultSettings();
    s.notifications.mutedInstances = ['c1-i1'];
    const out = run(s, [view(false), view(true)]);
    assert.equal(out[0]!.withheld[0]?.reason, 'cluster muted');
  });

  it('a cluster that stops answering is not a recovery', () => {
    const out = run(defaultSettings(), [
      view(false),
      view(true),
      view(false, { health: 'unreachable' }),
    ]);
    const types = out.flatMap((o) => o.events.map((e) => e.type));
    assert.ok(types.includes('pipeline-silent'));
    assert.ok(!types.includes('pipeline-recovered'));
  });

  it('the Watchdog itself and alerts not routed to my team never notify', () => {
    const s = defaultSettings();
    s.notifications.team = 'team="payments"';
    s.notifications.teamOnly = true;
    const wd = alert({ labels: { alertname: 'Watchdog', severity: 'none' }, receivers: ['null'] });
    const mine = alert({
      labels: { alertname: 'CardDeclines', severity: 'critical' },
      receivers: ['pay'],
    });
    const other = alert({
      labels: { alertname: 'DiskFull', severity: 'critical' },
      receivers: ['ops'],
    });
    const after = snapshot({ alerts: [wd, mine, other], seq: 2 });
    after.instances['c1-i1'] = {
      ...instance('c1-i1', 'c1'),
      receiverLabels: { pay: { team: 'payments' }, ops: { team: 'ops' } },
    };
    const events = [wd, mine, other].map((a) => ({
      type: 'alert-firing' as const,
      fingerprint: a.fingerprint,
      clusterId: 'c1',
      severity: a.severity,
      alertname: a.labels['alertname']!,
    }));
    const p = new EventPipeline();
    const o = p.notices(events, after, s, T0);
    const reasons = Object.fromEntries(
      o.withheld.map((w) => ['alertname' in w.event ? w.event.alertname : '', w.reason]),
    );
    assert.deepEqual(reasons, { Watchdog: 'dead-man’s switch', DiskFull: 'not my team' });
    const text = o.notifications.map((n) => `${n.title} ${n.body}`).join('\n');
    assert.match(text, /CardDeclines/);
    assert.doesNotMatch(text, /DiskFull|Watchdog/);
  });
});
