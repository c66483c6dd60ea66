import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { AppNotification, CoreEvent } from '../../../main/core/model/events.ts';
import type { AlertView, ViewSnapshot } from '../../../main/core/model/view.ts';
import { EventDiffer, initialClusters } from '../../../main/core/policy/differ.ts';
import { NotificationPolicy } from '../../../main/core/policy/notify.ts';
import { type LocalTime } from '../../../main/core/model/quiet-hours.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { type Settings } from '../../../main/core/settings/types.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import {
  alert,
  cluster,
  group,
  instance,
  iso,
  MIN,
  silence,
  snapshot,
  T0,
} from './view-fixtures.ts';

/** UTC wall time, so quiet-hour tests do not depend on the machine's time zone. */
const utc = (ms: number): LocalTime => {
  const d = new Date(ms);
  return { day: d.getUTCDay(), minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
};
const NONE = { initialClusters: new Set<string>() };

function firingEvents(alerts: AlertView[], clusterId = 'c1'): CoreEvent[] {
  return alerts.map((a) => ({
    type: 'alert-firing',
    fingerprint: a.fingerprint,
    clusterId,
    severity: a.severity,
    alertname: a.labels.alertname ?? '',
  }));
}

/** Runs differ + policy over a sequence of views like the engine does. */
class Pipeline {
  differ = new EventDiffer();
  policy = new NotificationPolicy({ localTime: utc });
  prev: ViewSnapshot | undefined;
  constructor(public settings: Settings = defaultSettings()) {}
  step(view: ViewSnapshot, nowMs: number): AppNotification[] {
    const events = this.differ.diff(this.prev, view, nowMs, {
      expiringWithinMin: this.settings.notifications.expiringWithinMin,
    });
    const ctx = { initialClusters: initialClusters(this.prev, view) };
    this.prev = view;
    return this.policy.decide(events, view, this.settings, nowMs, ctx);
  }
}

describe('NotificationPolicy: bursts', () => {
  it('50 alerts firing at once -> one storm summary', () => {
    const alerts = Array.from({ length: 50 }, (_, i) =>
      alert({
        labels: { alertname: i % 2 ? 'HighCPU' : 'DiskFull', host: `h${i}`, severity: 'warning' },
      }),
    );
    const p = new NotificationPolicy({ localTime: utc });
    const notes = p.decide(firingEvents(alerts), snapshot({ alerts }), defaultSettings(), T0, NONE);
    assert.equal(notes.length, 1);
    const n = notes[0]!;
    assert.equal(n.title, '50 alerts firing on prod');
    assert.equal(n.body, 'DiskFull x25, HighCPU x25');
    assert.equal(n.events.length, 50);
    assert.deepEqual(n.target, { clusterId: 'c1' });
    assert.equal(n.silenceable, undefined);
    assert.equal(n.urgency, 'normal');
    assert.equal(n.at, iso(T0));
  });

  it('threshold is "more than": 5 alerts notify one by one, 6 summarize', () => {
    const mk = (k: number) =>
      Array.from({ length: k }, (_, i) =>
        alert({ labels: { alertname: `A${i}`, severity: 'critical' } }),
      );
    const five = mk(5);
    const p = new NotificationPolicy({ localTime: utc });
    assert.equal(
      p.decide(firingEvents(five), snapshot({ alerts: five }), defaultSettings(), T0, NONE).length,
      5,
    );
    const six = Array.from({ length: 6 }, (_, i) =>
      alert({ labels: { alertname: `B${i}`, severity: 'critical' } }),
    );
    const notes = new NotificationPolicy().decide(
      firingEvents(six),
      snapshot({ alerts: six }),
      defaultSettings(),
      T0,
      NONE,
    );
    assert.equal(notes.length, 1);
    assert.equal(notes[0]!.urgency, 'critical');
  });

  it('start-up: alerts of a cluster seen for the first time -> one summary per cluster', () => {
    const c1 = [
      alert({ labels: { alertname: 'HighCPU', host: 'a' } }),
      alert({ labels: { alertname: 'HighCPU', host: 'b' } }),
      alert({ labels: { alertname: 'DiskFull' } }),
    ];
    const c2 = [alert({ labels: { alertname: 'Down' }, states: { c2: 'active' } })];
    const view = snapshot({ alerts: [...c1, ...c2], clusters: [cluster('c1'), cluster('c2')] });
    const pipe = new Pipeline();
    const notes = pipe.step(view, T0);
    assert.deepEqual(
      notes.map((n) => [n.title, n.body]),
      [
        ['3 alerts already firing on prod', 'HighCPU x2, DiskFull'],
        ['1 alert already firing on c2', 'Down'],
      ],
    );
    // next cycle, nothing new
    assert.deepEqual(pipe.step(view, T0 + 15_000), []);
  });

  it('a few alerts of one group together -> one group notification; singles otherwise', () => {
    const a = [1, 2, 3].map((i) =>
      alert({
        labels: { alertname: 'HighCPU', host: `h${i}`, severity: 'warning' },
        annotations: { summary: `CPU ${i}` },
      }),
    );
    const lone = alert({
      labels: { alertname: 'DiskFull', severity: 'critical', mount: '/var' },
      annotations: { summary: 'Disk /var is 97% full' },
    });
    const g = group('c1', { alertname: 'HighCPU' }, a);
    const g2 = group('c1', { alertname: 'DiskFull' }, [lone]);
    const view = snapshot({ alerts: [...a, lone], groups: [g, g2] });
    const events = firingEvents([...a, lone]).map((e) => ({
      ...e,
      groupKey: 'fingerprint' in e && e.fingerprint === lone.fingerprint ? g2.key : g.key,
    })) as CoreEvent[];
    const notes = new NotificationPolicy().decide(events, view, defaultSettings(), T0, NONE);
    assert.equal(notes.length, 2);
    const [grp, single] = notes;
    // The worst severity among them, as an alert's title says its own.
    assert.equal(grp!.title, 'HighCPU (warning): 3 alerts firing');
    // Each alert's own summary, after what tells it apart (notification-text.test: groupLines).
    assert.equal(grp!.body, 'on prod\nhost=h1: CPU 1\nhost=h2: CPU 2\nhost=h3: CPU 3');
    assert.deepEqual(grp!.target, { groupKey: g.key, clusterId: 'c1' });
    assert.equal(grp!.silenceable, true);
    assert.equal(single!.title, 'DiskFull (critical)');
    assert.equal(single!.body, 'Disk /var is 97% full\nprod · mount=/var');
    assert.equal(single!.urgency, 'critical');
    assert.equal(single!.silenceable, true);
    assert.deepEqual(single!.target, {
      fingerprint: lone.fingerprint,
      clusterId: 'c1',
      groupKey: g2.key,
    });
  });
});

describe('NotificationPolicy: filters', () => {
  const crit = alert({ labels: { alertname: 'Crit', severity: 'critical', team: 'a' } });
  const info = alert({ labels: { alertname: 'Info', severity: 'info', team: 'a' } });
  const sev0 = alert({ labels: { alertname: 'Weird', severity: 'sev0' } });
  const none = alert({ labels: { alertname: 'NoSeverity' } });
  const all = [crit, info, sev0, none];
  const titles = (settings: Settings, alerts = all) =>
    new NotificationPolicy()
      .decide(firingEvents(alerts), snapshot({ alerts }), settings, T0, NONE)
      .map((n) => n.title)
      .sort();

  it('unknown or missing severities are notified, never dropped, even with a minimum severity', () => {
    const s = defaultSettings();
    assert.deepEqual(titles(s), ['Crit (critical)', 'Info (info)', 'NoSeverity', 'Weird (sev0)']);
    s.notifications.minSeverity = 'critical';
    assert.deepEqual(titles(s), ['Crit (critical)', 'NoSeverity', 'Weird (sev0)']);
  });

  it('include / exclude matcher strings', () => {
    const s = defaultSettings();
    s.notifications.include = ['team="a"'];
    assert.deepEqual(titles(s), ['Crit (critical)', 'Info (info)']);
    s.notifications.include = [];
    s.notifications.exclude = ['{alertname=~"Info|Weird"}', 'not a matcher ((('];
    assert.deepEqual(titles(s), ['Crit (critical)', 'NoSeverity']);
  });

  it('muted instances and receivers', () => {
    const s = defaultSettings();
    s.notifications.mutedInstances = ['c1-i1'];
    assert.deepEqual(titles(s), []);
    const s2 = defaultSettings();
    const pager = alert({ labels: { alertname: 'Paged' }, receivers: ['pager', 'team-a'] });
    s2.notifications.mutedReceivers = ['team-a'];
    assert.deepEqual(titles(s2, [crit, pager]), ['Paged'], 'muted only if every receiver is muted');
  });

  it('notifications disabled -> nothing', () => {
    const s = defaultSettings();
    s.notifications.enabled = false;
    assert.deepEqual(titles(s), []);
  });
});

describe('NotificationPolicy: quiet hours and snooze', () => {
  const a = alert({ labels: { alertname: 'X', severity: 'critical' } });
  // T0 is Friday 2026-11-20 12:00 UTC
  const at = (day: string, hhmm: string) => Date.parse(`2026-11-${day}T${hhmm}:00.000Z`);

  it('quiet hours (wrapping midnight, days) mute notifications, which do not pop up later', () => {
    const s = defaultSettings();
    s.notifications.quietHours = {
      enabled: true,
      start: '22:00',
      end: '07:00',
      days: [1, 2, 3, 4, 5],
    };
    const decideAt = (ms: number, p = new NotificationPolicy({ localTime: utc })) =>
      p.decide(firingEvents([a]), snapshot({ alerts: [a] }), s, ms, NONE).length;
    assert.equal(decideAt(at('20', '23:30')), 0, 'Friday night');
    assert.equal(decideAt(at('21', '03:00')), 0, 'Saturday early morning belongs to Friday');
    assert.equal(decideAt(at('21', '23:30')), 1, 'Saturday night is not quiet');
    assert.equal(decideAt(at('20', '12:00')), 1, 'midday');
    assert.equal(decideAt(at('20', '07:00')), 1, 'end is exclusive');
    const p = new NotificationPolicy({ localTime: utc });
    assert.equal(decideAt(at('20', '23:30'), p), 0);
    // the same episode after quiet hours: no late notification
    assert.equal(decideAt(at('21', '08:00'), p), 0);
  });

  it('snooze until a time', () => {
    const s = defaultSettings();
    s.notifications.snoozeUntil = iso(T0 + 30 * MIN);
    const p = new NotificationPolicy();
    const b = alert({ labels: { alertname: 'Y' } });
    assert.equal(p.decide(firingEvents([a]), snapshot({ alerts: [a] }), s, T0, NONE).length, 0);
    assert.equal(
      p.decide(firingEvents([b]), snapshot({ alerts: [a, b] }), s, T0 + 31 * MIN, NONE).length,
      1,
    );
  });

  it('quiet hours also mute instance and silence notifications', () => {
    const s = defaultSettings();
    s.notifications.quietHours = { enabled: true, start: '11:00', end: '13:00', days: [] };
    const events: CoreEvent[] = [
      { type: 'instance-unreachable', instanceId: 'c1-i1', message: 'down' },
      { type: 'silence-expiring', silenceKey: 'c1/s', clusterId: 'c1', endsAt: iso(T0 + 5 * MIN) },
    ];
    const view = snapshot({ silences: [silence({ id: 's' })] });
    assert.deepEqual(
      new NotificationPolicy({ localTime: utc }).decide(events, view, s, T0, NONE),
      [],
    );
    assert.equal(
      new NotificationPolicy({ localTime: utc }).decide(events, view, defaultSettings(), T0, NONE)
        .length,
      2,
    );
  });
});

describe('NotificationPolicy: episodes over many cycles (differ + policy, fake clock)', () => {
  const cpu = alert({ labels: { alertname: 'HighCPU', severity: 'critical' } });

  it('a flapping instance (stale data kept) never re-notifies', async () => {
    const clock = new FakeClock(T0);
    const pipe = new Pipeline();
    pipe.step(snapshot({}), clock.now()); // cluster first seen, empty
    await clock.advance(15_000);
    assert.deepEqual(
      pipe.step(snapshot({ alerts: [cpu] }), clock.now()).map((n) => n.title),
      ['HighCPU (critical)'],
    );
    const notes: AppNotification[] = [];
    for (let i = 0; i < 20; i++) {
      await clock.advance(15_000);
      const down = i % 2 === 0;
      const view = down
        ? snapshot({
            alerts: [cpu],
            clusters: [cluster('c1', { health: 'unreachable', stale: true })],
          })
        : snapshot({ alerts: [cpu] });
      notes.push(...pipe.step(view, clock.now()));
    }
    // only the instance notifications; never the alert again
    assert.ok(
      notes.every((n) => n.target?.instanceId === 'c1-i1'),
      JSON.stringify(notes.map((n) => n.title)),
    );
    assert.ok(notes.length > 0);
  });

  it('an alert that vanishes and returns with the same startsAt (server restart) notifies once; a new startsAt is a new episode', async () => {
    const clock = new FakeClock(T0);
    const pipe = new Pipeline();
    pipe.step(snapshot({}), clock.now());
    const titles: string[] = [];
    for (let i = 0; i < 10; i++) {
      await clock.advance(15_000);
      titles.push(
        ...pipe
          .step(snapshot({ alerts: i % 3 === 2 ? [] : [cpu] }), clock.now())
          .map((n) => n.title),
      );
    }
    assert.deepEqual(titles, ['HighCPU (critical)']);
    await clock.advance(15_000);
    pipe.step(snapshot({}), clock.now());
    await clock.advance(15_000);
    const again = { ...cpu, startsAt: iso(clock.now()) };
    assert.deepEqual(
      pipe.step(snapshot({ alerts: [again] }), clock.now()).map((n) => n.title),
      ['HighCPU (critical)'],
    );
  });

  it('resolve notifications only when enabled, and only for alerts that were notified', async () => {
    const clock = new FakeClock(T0);
    const quiet = alert({ labels: { alertname: 'Filtered', severity: 'info' } });
    for (const notifyOnResolve of [false, true]) {
      const s = defaultSettings();
      s.notifications.notifyOnResolve = notifyOnResolve;
      s.notifications.exclude = ['alertname="Filtered"'];
      const pipe = new Pipeline(s);
      pipe.step(snapshot({}), clock.now());
      await clock.advance(15_000);
      assert.equal(pipe.step(snapshot({ alerts: [cpu, quiet] }), clock.now()).length, 1);
      await clock.advance(15_000);
      const notes = pipe.step(snapshot({}), clock.now());
      if (!notifyOnResolve) {
        assert.deepEqual(notes, []);
      } else {
        assert.deepEqual(
          notes.map((n) => [n.title, n.urgency]),
          [['Resolved: HighCPU', 'low']],
        );
        assert.equal(notes[0]!.silenceable, undefined);
      }
    }
  });

  it('escalation notifies with from -> to', async () => {
    const pipe = new Pipeline();
    const warn = alert({ labels: { alertname: 'Load', severity: 'warning', host: 'a' } });
    const crit = alert({ labels: { alertname: 'Load', severity: 'critical', host: 'a' } });
    pipe.step(snapshot({}), T0);
    assert.equal(pipe.step(snapshot({ alerts: [warn] }), T0 + 15_000).length, 1);
    const notes = pipe.step(snapshot({ alerts: [warn, crit] }), T0 + 30_000);
    assert.deepEqual(
      notes.map((n) => [n.title, n.urgency]),
      [['Load escalated: warning → critical', 'critical']],
    );
  });

  it('an alert whose silence ends notifies, saying so, also when it did before', async () => {
    const pipe = new Pipeline();
    const silenced = alert({ labels: { alertname: 'Muted' }, states: { c1: 'suppressed' } });
    const active = alert({ labels: { alertname: 'Muted' } });
    const held = [silence({ id: 's1' })];
    const ended = [silence({ id: 's1', state: 'expired' })];
    pipe.step(snapshot({}), T0);
    assert.deepEqual(pipe.step(snapshot({ alerts: [silenced], silences: held }), T0 + 15_000), []);
    assert.deepEqual(
      pipe.step(snapshot({ alerts: [active], silences: ended }), T0 + 30_000).map((n) => n.title),
      ['Muted: silence ended, still firing'],
    );
    // Silenced and let go again within the same episode: the user had handed it over, and it
    // is back (lapsed.test.ts has the cases where it is not news).
    pipe.step(snapshot({ alerts: [silenced], silences: held }), T0 + 45_000);
    assert.deepEqual(
      pipe.step(snapshot({ alerts: [active], silences: ended }), T0 + 60_000).map((n) => n.title),
      ['Muted: silence ended, still firing'],
    );
  });

  it('episode memory is bounded and expires an hour after resolve', () => {
    const policy = new NotificationPolicy({ maxEpisodes: 10 });
    const many = Array.from({ length: 30 }, (_, i) => alert({ labels: { alertname: `A${i}` } }));
    policy.decide(firingEvents(many), snapshot({ alerts: many }), defaultSettings(), T0, NONE);
    assert.equal(policy.episodeCount, 10);
    policy.decide([], snapshot({}), defaultSettings(), T0 + MIN, NONE);
    assert.equal(policy.episodeCount, 10, 'kept while recently resolved');
    policy.decide([], snapshot({}), defaultSettings(), T0 + 62 * MIN, NONE);
    assert.equal(policy.episodeCount, 0);
  });
});

describe('NotificationPolicy: instances and silences', () => {
  it('unreachable then recovered; recovery only after a shown unreachable; muted instance silent', () => {
    const p = new NotificationPolicy();
    const view = snapshot({ instances: [instance('c1-i1', 'c1', 'unreachable')] });
    const down: CoreEvent = {
      type: 'instance-unreachable',
      instanceId: 'c1-i1',
      message: 'connect ECONNREFUSED',
    };
    const up: CoreEvent = { type: 'instance-recovered', instanceId: 'c1-i1' };
    const s = defaultSettings();
    const n1 = p.decide([down], view, s, T0, NONE);
    assert.deepEqual(
      n1.map((n) => [n.title, n.body, n.target]),
      [
        [
          'c1-i1: unreachable',
          'GET /alerts/groups: connect ECONNREFUSED\nThe alerts shown are the last known: new ones cannot reach you.',
          { instanceId: 'c1-i1' },
        ],
      ],
    );
    assert.deepEqual(
      p.decide([up], view, s, T0, NONE).map((n) => n.title),
      ['c1-i1 recovered'],
    );
    assert.deepEqual(p.decide([up], view, s, T0, NONE), [], 'no recovery without an outage shown');
    s.notifications.mutedInstances = ['c1-i1'];
    assert.deepEqual(p.decide([down, up], view, s, T0, NONE), []);
  });

  it('an HA pair: a peer down says the cluster still answers; both down, one notice', () => {
    const p = new NotificationPolicy();
    const s = defaultSettings();
    const pair = [cluster('c1', { members: ['a', 'b'] })];
    const down = (id: string): CoreEvent => ({
      type: 'instance-unreachable',
      instanceId: id,
      message: 'x',
    });
    const words = (id: string, health: 'ok' | 'unreachable') => {
      const i = instance(id, 'c1', health);
      if (i.lastError) i.lastError.summary = `connection refused (${id}:9093)`;
      return i;
    };
    const oneDown = snapshot({
      clusters: pair,
      instances: [words('a', 'ok'), words('b', 'unreachable')],
    });
    assert.deepEqual(
      p.decide([down('b')], oneDown, s, T0, NONE).map((n) => [n.title, n.body, n.urgency]),
      [['b: unreachable', 'connection refused (b:9093)\nprod still answers through a.', 'low']],
    );
    const both = snapshot({
      clusters: [cluster('c1', { members: ['a', 'b'], health: 'unreachable' })],
      instances: [words('a', 'unreachable'), words('b', 'unreachable')],
    });
    assert.deepEqual(
      p.decide([down('a')], both, s, T0 + MIN, NONE).map((n) => [n.title, n.body]),
      [
        [
          'prod: no Alertmanager answers',
          'a: connection refused (a:9093)\nb: connection refused (b:9093)\nThe alerts shown are the last known: new ones cannot reach you.',
        ],
      ],
    );
    const up: CoreEvent[] = ['a', 'b'].map((id) => ({
      type: 'instance-recovered',
      instanceId: id,
    }));
    assert.deepEqual(
      p.decide(up, oneDown, s, T0 + 2 * MIN, NONE).map((n) => [n.title, n.body]),
      [['prod answers again', 'a, b: reachable again.']],
    );
  });

  it('silence expiring notifies with the matchers and comment', () => {
    const s1 = silence({ id: 's1', endsAt: iso(T0 + 5 * MIN) });
    const notes = new NotificationPolicy().decide(
      [{ type: 'silence-expiring', silenceKey: 'c1/s1', clusterId: 'c1', endsAt: s1.endsAt }],
      snapshot({ silences: [s1] }),
      defaultSettings(),
      T0,
      NONE,
    );
    assert.deepEqual(
      notes.map((n) => [n.title, n.body, n.target]),
      [
        [
          'Silence ends in 5 min',
          '{alertname="HighCPU"} on prod\nmaintenance (alice)',
          { silenceKey: 'c1/s1', clusterId: 'c1' },
        ],
      ],
    );
  });

  it('an ack expiring says whose it is: yours, or its author, never by its text', () => {
    const comment = 'ACK! on it [tray-ack:x]';
    const mine = silence({
      id: 'm',
      endsAt: iso(T0 + 5 * MIN),
      comment,
      ack: { by: 'bob', mine: true },
    });
    const theirs = silence({
      id: 't',
      endsAt: iso(T0 + 5 * MIN),
      comment,
      ack: { by: 'you', mine: false },
    });
    const notes = new NotificationPolicy().decide(
      [mine, theirs].map((x) => ({
        type: 'silence-expiring' as const,
        silenceKey: x.key,
        clusterId: 'c1',
        endsAt: x.endsAt,
      })),
      snapshot({ silences: [mine, theirs] }),
      defaultSettings(),
      T0,
      NONE,
    );
    assert.deepEqual(
      notes.map((n) => [n.title, n.body]),
      [
        ['Acknowledgement ends in 5 min', '{alertname="HighCPU"} on prod\nacknowledged by you'],
        [
          'Acknowledgement ends in 5 min',
          '{alertname="HighCPU"} on prod\nacknowledged by "you" (someone else)',
        ],
      ],
    );
  });

  it('silence ending in 5 minutes: exactly one notification across many cycles', async () => {
    const clock = new FakeClock(T0);
    const pipe = new Pipeline();
    const s = silence({ id: 'm', endsAt: iso(T0 + 5 * MIN) });
    const all: AppNotification[] = [];
    for (let i = 0; i < 40; i++) {
      all.push(...pipe.step(snapshot({ silences: [s] }), clock.now()));
      await clock.advance(15_000);
    }
    assert.deepEqual(
      all.map((n) => n.title),
      ['Silence ends in 5 min'],
    );
  });
});
