// Honest quiet hours and snooze: what every place says while they hold (quietText: "quiet
// until 07:00", "paused until 14:30"), critical alerts breaking through quiet hours when so
// set (never through a snooze), and every notice kept quiet recorded with its reason
// (a recovery after a shown outage included).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { CoreEvent } from '../../../main/core/model/events.ts';
import { quietText, type LocalTime } from '../../../main/core/model/quiet-hours.ts';
import { NotificationPolicy } from '../../../main/core/policy/notify.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { NotificationSettings, Settings } from '../../../main/core/settings/types.ts';
import { alert, instance, MIN, snapshot, T0 } from './view-fixtures.ts';

/** UTC wall time and a fixed HH:MM format, so nothing depends on the machine's zone. */
const utc = (ms: number): LocalTime => {
  const d = new Date(ms);
  return { day: d.getUTCDay(), minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
};
const hhmm = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const fmt = { localTime: utc, formatTime: hhmm };
const DAY = 86_400_000;
// T0 is Friday 2026-11-20 12:00 UTC.

function notifications(change: (n: NotificationSettings) => void = () => {}): NotificationSettings {
  const n = defaultSettings().notifications;
  change(n);
  return n;
}

describe('quietText: what the tray, the top bar and the title say', () => {
  it('says nothing when notifications may show', () => {
    assert.equal(quietText(notifications(), T0, fmt), null);
  });
  it('quiet hours: until their end, also across midnight', () => {
    const q = (start: string, end: string, days: number[] = []) =>
      notifications((n) => (n.quietHours = { enabled: true, start, end, days }));
    assert.equal(quietText(q('11:00', '13:30'), T0, fmt), 'quiet until 13:30');
    assert.equal(quietText(q('22:00', '07:00'), T0 + 11 * 60 * MIN, fmt), 'quiet until 07:00');
    assert.equal(quietText(q('22:00', '07:00'), T0 + 16 * 60 * MIN, fmt), 'quiet until 07:00');
    assert.equal(quietText(q('13:00', '14:00'), T0, fmt), null, 'not yet');
    // All day on Friday and Saturday: until Sunday 00:00.
    assert.equal(quietText(q('00:00', '00:00', [5, 6]), T0, fmt), 'quiet until 00:00');
    assert.equal(quietText(q('00:00', '00:00'), T0, fmt), 'quiet hours', 'never ends');
    // When criticals break through, the words say so (quiet alone reads "nothing will wake me").
    const through = q('11:00', '13:30');
    through.criticalBreaksQuiet = true;
    assert.equal(quietText(through, T0, fmt), 'quiet (critical on) until 13:30');
  });
  it('snooze: paused until its end, or paused; off says so', () => {
    const until = T0 + 150 * MIN;
    const snoozed = notifications((n) => (n.snoozeUntil = new Date(until).toISOString()));
    assert.equal(quietText(snoozed, T0, fmt), 'paused until 14:30');
    const forever = notifications((n) => (n.snoozeUntil = '9999-12-31T23:59:59.000Z'));
    assert.equal(quietText(forever, T0, fmt), 'paused');
    assert.equal(
      quietText(
        notifications((n) => (n.enabled = false)),
        T0,
        fmt,
      ),
      'notifications off',
    );
    // A snooze wins over quiet hours (it is the explicit one), and ends on its own.
    const both = notifications((n) => {
      n.snoozeUntil = new Date(until).toISOString();
      n.quietHours = { enabled: true, start: '00:00', end: '00:00', days: [] };
    });
    assert.equal(quietText(both, T0, fmt), 'paused until 14:30');
    assert.equal(quietText(snoozed, until + 1, fmt), null);
  });
});

const critical = alert({ labels: { alertname: 'DiskFull', severity: 'critical' } });
const warning = alert({ labels: { alertname: 'HighCPU', severity: 'warning' } });
const view = snapshot({ alerts: [critical, warning] });
const alertEvent = (a: typeof critical, type: 'alert-firing' | 'alert-resolved'): CoreEvent => ({
  type,
  fingerprint: a.fingerprint,
  clusterId: 'c1',
  severity: a.severity,
  alertname: a.labels.alertname!,
});
const firing = (a: typeof critical): CoreEvent => alertEvent(a, 'alert-firing');

function decide(
  s: Settings,
  events: CoreEvent[],
  v = view,
  policy = new NotificationPolicy({ localTime: utc }),
) {
  const withheld: string[] = [];
  const notes = policy.decide(events, v, s, T0, {
    initialClusters: new Set(),
    onWithheld: (e, reason) => withheld.push(`${e.type}: ${reason}`),
  });
  return { titles: notes.map((n) => n.title), withheld };
}

function quiet(change: (s: Settings) => void = () => {}): Settings {
  const s = defaultSettings();
  s.notifications.quietHours = { enabled: true, start: '00:00', end: '00:00', days: [] };
  change(s);
  return s;
}

describe('critical alerts through quiet hours', () => {
  it('off by default: both withheld with the reason', () => {
    const out = decide(quiet(), [firing(critical), firing(warning)]);
    assert.deepEqual(out.titles, []);
    assert.deepEqual(out.withheld, ['alert-firing: quiet hours', 'alert-firing: quiet hours']);
  });
  it('when set: the critical shows, the warning is withheld', () => {
    const s = quiet((x) => (x.notifications.criticalBreaksQuiet = true));
    const out = decide(s, [firing(critical), firing(warning)]);
    assert.deepEqual(out.titles, ['DiskFull (critical)']);
    assert.deepEqual(out.withheld, ['alert-firing: quiet hours']);
  });
  it('a snooze holds even for critical alerts', () => {
    const s = defaultSettings();
    s.notifications.criticalBreaksQuiet = true;
    s.notifications.snoozeUntil = new Date(T0 + DAY).toISOString();
    const out = decide(s, [firing(critical)]);
    assert.deepEqual(out.titles, []);
    assert.deepEqual(out.withheld, ['alert-firing: snoozed']);
  });
});

describe('every notice kept quiet is recorded with its reason', () => {
  it('a recovery after a shown outage, in quiet hours', () => {
    const policy = new NotificationPolicy({ localTime: utc });
    const down = snapshot({ instances: [instance('c1-i1', 'c1', 'unreachable')] });
    const first = decide(
      defaultSettings(),
      [{ type: 'instance-unreachable', instanceId: 'c1-i1', message: 'x' }],
      down,
      policy,
    );
    assert.equal(first.titles.length, 1);
    const out = decide(
      quiet(),
      [{ type: 'instance-recovered', instanceId: 'c1-i1' }],
      view,
      policy,
    );
    assert.deepEqual(out.titles, []);
    assert.deepEqual(out.withheld, ['instance-recovered: quiet hours']);
  });
});

describe('a critical kept quiet is reminded of once quiet hours end', () => {
  it('withheld, reminded after quiet hours, and its resolve notification follows', () => {
    const policy = new NotificationPolicy({ localTime: utc });
    const s = quiet((x) => (x.notifications.notifyOnResolve = true));
    const withheld: string[] = [];
    const ctx = {
      initialClusters: new Set<string>(),
      onWithheld: (e: CoreEvent, r: string) => withheld.push(`${e.type}: ${r}`),
    };
    assert.deepEqual(policy.decide([firing(critical)], view, s, T0, ctx), []);
    const at = (min: number) => T0 + min * MIN;
    assert.deepEqual(policy.remind(view, s, at(5), ctx).notifications, []);
    assert.deepEqual(policy.remind(view, s, at(10), ctx).events, [], 'withheld once');
    assert.deepEqual(withheld, ['alert-firing: quiet hours', 'alert-reminder: quiet hours']);
    s.notifications.quietHours.enabled = false;
    const r = policy.remind(view, s, at(11), ctx).notifications;
    assert.deepEqual(
      r.map((n) => n.title),
      ['DiskFull (critical): still firing, unacknowledged for 11 min'],
    );
    const resolved = alertEvent(critical, 'alert-resolved');
    const gone = snapshot({ alerts: [warning] });
    const notes = policy.decide([resolved], gone, s, at(12), ctx);
    assert.deepEqual(
      notes.map((n) => n.title),
      ['Resolved: DiskFull'],
    );
  });
});
