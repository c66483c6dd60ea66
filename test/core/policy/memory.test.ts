// What the differ and the policy remember stays bounded over long runs with churn, and steady
// cycles (records the engine kept unchanged) cost no per-alert parsing or identity work.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { AppNotification } from '../../../main/core/model/events.ts';
import type { AlertView, ViewSnapshot } from '../../../main/core/model/view.ts';
import { EventDiffer, initialClusters } from '../../../main/core/policy/differ.ts';
import {
  NotificationPolicy,
  type NotificationPolicyOptions,
} from '../../../main/core/policy/notify.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { type Settings } from '../../../main/core/settings/types.ts';
import { alert, group, iso, MIN, snapshot, T0 } from './view-fixtures.ts';

const STEP = 15_000;

/** Differ + policy over consecutive views, like the engine's EventPipeline. */
class Pipeline {
  readonly differ = new EventDiffer();
  readonly policy: NotificationPolicy;
  #prev: ViewSnapshot | undefined;
  constructor(
    opts: NotificationPolicyOptions,
    readonly settings: Settings = defaultSettings(),
  ) {
    this.policy = new NotificationPolicy(opts);
  }
  step(view: ViewSnapshot, nowMs: number): AppNotification[] {
    const events = this.differ.diff(this.#prev, view, nowMs, { expiringWithinMin: 10 });
    const ctx = { initialClusters: initialClusters(this.#prev, view) };
    this.#prev = view;
    if (events.length === 0) return [];
    return this.policy.decide(events, view, this.settings, nowMs, ctx);
  }
}

/**
 * A sliding window of `size` firing alerts: each cycle the oldest `churn` resolve (vanish) and
 * as many new ones fire. Records of alerts still in the window are reused (as the engine does).
 */
class Churn {
  readonly #records = new Map<number, AlertView>();
  #start = 0;
  readonly #size: number;
  readonly #churn: number;
  constructor(size: number, churn: number) {
    this.#size = size;
    this.#churn = churn;
    for (let i = 0; i < size; i++) this.#records.set(i, this.#make(i));
  }
  #make(i: number): AlertView {
    return alert({
      labels: { alertname: `Rule${i % 7}`, severity: 'warning', host: `h${i}` },
      annotations: { summary: `host h${i} is unhappy` },
      startsAt: iso(T0 + i * 1000),
    });
  }
  next(): ViewSnapshot {
    for (let k = 0; k < this.#churn; k++) {
      this.#records.delete(this.#start);
      this.#records.set(this.#start + this.#size, this.#make(this.#start + this.#size));
      this.#start++;
    }
    return snapshot({ alerts: [...this.#records.values()] });
  }
}

describe('NotificationPolicy memory', () => {
  it('episodes, the current index and the open set stay bounded at the cap over 600 cycles', () => {
    const settings = defaultSettings();
    settings.notifications.notifyOnResolve = true;
    const pipe = new Pipeline(
      { maxEpisodes: 100, localTime: () => ({ day: 1, minutes: 600 }) },
      settings,
    );
    const feed = new Churn(30, 5);
    let now = T0;
    let notes = 0;
    for (let c = 0; c < 600; c++) {
      notes += pipe.step(feed.next(), now).length;
      now += STEP;
      const m = pipe.policy.memory;
      assert.ok(m.episodes <= 100, `cycle ${c}: ${m.episodes} episodes`);
      assert.ok(m.current <= m.episodes, `cycle ${c}: current ${m.current} > ${m.episodes}`);
      // Resolved episodes lose their current entry once their cycle is over.
      assert.ok(m.current <= m.open, `cycle ${c}: current ${m.current} > open ${m.open}`);
      assert.ok(m.open <= m.episodes, `cycle ${c}: open ${m.open}`);
      // Resolutions within the 1 h TTL (5 per cycle) at most, plus compaction slack.
      assert.ok(m.expiryQueue <= 5 * 241 + 1024, `cycle ${c}: queue ${m.expiryQueue}`);
    }
    const m = pipe.policy.memory;
    assert.equal(m.episodes, 100, 'the cap was reached (3,000 alerts fired in total)');
    assert.ok(m.current <= 100, `current ${m.current}`);
    assert.equal(m.open, 30, 'exactly the alerts firing now are open');
    assert.ok(notes > 600, `notifications kept flowing (${notes})`);
  });

  it('episodes expire after the TTL without a full scan, and the queue empties with them', () => {
    const pipe = new Pipeline({ episodeTtlMs: 10 * MIN });
    const feed = new Churn(30, 5);
    let now = T0;
    for (let c = 0; c < 300; c++) {
      pipe.step(feed.next(), now);
      now += STEP;
      const m = pipe.policy.memory;
      // Open ones plus those resolved within the last 10 min (40 cycles x 5, one cycle slack).
      assert.ok(m.episodes <= 30 + 5 * 41, `cycle ${c}: ${m.episodes} episodes`);
      assert.ok(m.current <= m.episodes);
      assert.ok(m.expiryQueue <= 5 * 41, `cycle ${c}: queue ${m.expiryQueue}`);
    }
    // Everything resolves, then the TTL passes.
    const empty = snapshot({});
    pipe.policy.decide([], empty, pipe.settings, now, { initialClusters: new Set() });
    pipe.policy.decide([], empty, pipe.settings, now + 11 * MIN, { initialClusters: new Set() });
    assert.deepEqual(pipe.policy.memory, { episodes: 0, current: 0, open: 0, expiryQueue: 0 });
  });

  it('a resolve notification still has the shown alert text, and filters apply at resolve time', () => {
    const settings = defaultSettings();
    settings.notifications.notifyOnResolve = true;
    const long = 'x'.repeat(500);
    const a = alert({
      labels: { alertname: 'DiskFull', severity: 'critical', host: 'db1', team: 'storage' },
      annotations: { summary: 'disk almost full' },
    });
    const b = alert({
      labels: { alertname: 'LongText', severity: 'critical', host: 'db2' },
      annotations: { description: long },
    });
    const pipe = new Pipeline({ localTime: () => ({ day: 1, minutes: 600 }) }, settings);
    pipe.step(snapshot({}), T0);
    const fired = pipe.step(snapshot({ alerts: [a, b] }), T0 + STEP);
    assert.deepEqual(fired.map((n) => n.title).sort(), [
      'DiskFull (critical)',
      'LongText (critical)',
    ]);
    const firingB = fired.find((n) => n.title.startsWith('LongText'));
    const resolved = pipe.step(snapshot({ alerts: [] }), T0 + 2 * STEP);
    assert.deepEqual(
      resolved.map((n) => [n.title, n.body, n.target]),
      [
        [
          'Resolved: DiskFull',
          'disk almost full\nprod · host=db1 team=storage',
          { fingerprint: a.fingerprint, clusterId: 'c1' },
        ],
        ['Resolved: LongText', firingB?.body, { fingerprint: b.fingerprint, clusterId: 'c1' }],
      ],
    );
    assert.equal(firingB?.body.length, 300);
    // Same alert again (new episode), an exclude filter added while it fires: no resolve note.
    const again = alert({
      labels: a.labels,
      annotations: a.annotations,
      startsAt: iso(T0 + 5 * MIN),
    });
    assert.equal(pipe.step(snapshot({ alerts: [again] }), T0 + 3 * STEP).length, 1);
    settings.notifications.exclude = ['team="storage"'];
    assert.deepEqual(pipe.step(snapshot({ alerts: [] }), T0 + 4 * STEP), []);
  });
});

describe('EventDiffer work on steady cycles', () => {
  const records = Array.from({ length: 200 }, (_, i) =>
    alert({ labels: { alertname: `A${i}`, severity: 'warning', host: 'h' } }),
  );

  it('unchanged records are not parsed or keyed again; identities only for escalation candidates', () => {
    const d = new EventDiffer();
    const v1 = snapshot({ alerts: records });
    assert.equal(d.diff(undefined, v1, T0, { expiringWithinMin: 10 }).length, 200);

    // A critical sibling of A7 fires: identities of it and of A7's warning only.
    const crit = alert({ labels: { alertname: 'A7', severity: 'critical', host: 'h' } });
    const v2 = snapshot({ alerts: [...records, crit] });
    let before = { ...d.work };
    const ev = d.diff(v1, v2, T0 + STEP, { expiringWithinMin: 10 });
    assert.deepEqual(
      ev.map((e) => e.type),
      ['alert-firing', 'severity-escalated'],
    );
    assert.equal(d.work.identities - before.identities, 2);
    assert.equal(d.work.endsAtParsed - before.endsAtParsed, 1, 'only the new record');

    // Nothing changed (a new map holding the same records): no per-alert work at all.
    before = { ...d.work };
    const v3 = snapshot({ alerts: [...records, crit] });
    assert.deepEqual(d.diff(v2, v3, T0 + 2 * STEP, { expiringWithinMin: 10 }), []);
    assert.equal(d.work.identities - before.identities, 0);
    assert.equal(d.work.endsAtParsed - before.endsAtParsed, 0);

    // A record whose endsAt passes while unchanged still resolves (once).
    const ending = alert({ labels: { alertname: 'Ending' }, endsAt: iso(T0 + 4 * STEP) });
    const v4 = snapshot({ alerts: [...records, crit, ending] });
    assert.deepEqual(
      d.diff(v3, v4, T0 + 3 * STEP, { expiringWithinMin: 10 }).map((e) => e.type),
      ['alert-firing'],
    );
    const v5 = snapshot({ alerts: [...records, crit, ending] });
    assert.deepEqual(
      d.diff(v4, v5, T0 + 5 * STEP, { expiringWithinMin: 10 }).map((e) => e.type),
      ['alert-resolved'],
    );
    const v6 = snapshot({ alerts: [...records, crit, ending] });
    assert.deepEqual(d.diff(v5, v6, T0 + 6 * STEP, { expiringWithinMin: 10 }), []);
  });

  it('groupKey of firing alerts with group records kept unchanged between views', () => {
    const d = new EventDiffer();
    const a = alert({ labels: { alertname: 'Kept', host: 'a' } });
    const quiet = alert({
      labels: { alertname: 'Quiet', host: 'q' },
      states: { c1: 'suppressed' },
    });
    const loud = alert({ labels: { alertname: 'Quiet', host: 'q' } });
    const kept = group('c1', { alertname: 'Kept' }, [a]);
    const quietGroup = group('c1', { alertname: 'Quiet' }, [quiet]);
    const v1 = snapshot({ alerts: [a, quiet], groups: [kept, quietGroup] });
    d.diff(undefined, v1, T0, { expiringWithinMin: 10 });
    // A new alert in a rebuilt group, while `kept` and the quiet group stay the same objects;
    // the suppressed alert becomes active without its group record changing.
    const b = alert({ labels: { alertname: 'New', host: 'b' } });
    const fresh = group('c1', { alertname: 'New' }, [b]);
    const v2 = snapshot({ alerts: [a, loud, b], groups: [kept, quietGroup, fresh] });
    const ev = d.diff(v1, v2, T0 + STEP, { expiringWithinMin: 10 });
    assert.deepEqual(
      ev.map((e) => [e.type, 'groupKey' in e ? e.groupKey : undefined]),
      [
        ['alert-unsuppressed', quietGroup.key],
        ['alert-firing', fresh.key],
      ],
    );
  });

  it('escalation sources from the name index kept across cycles: the first in prev order', () => {
    const d = new EventDiffer();
    const o = { expiringWithinMin: 10 };
    const x = alert({ labels: { alertname: 'Other' } });
    const lbl = (severity: string) => ({ alertname: 'Disk', host: 'a', severity });
    const warn = alert({ labels: lbl('warning') });
    const info = alert({ labels: lbl('info') });
    const crit = alert({ labels: lbl('critical') });
    const v1 = snapshot({ alerts: [x] });
    const v2 = snapshot({ alerts: [x, warn] });
    const v3 = snapshot({ alerts: [x, info, warn] });
    const v4 = snapshot({ alerts: [x, info, warn, crit] });
    d.diff(undefined, v1, T0, o);
    assert.deepEqual(
      d.diff(v1, v2, T0 + STEP, o).map((e) => e.type),
      ['alert-firing'],
    );
    assert.deepEqual(
      d.diff(v2, v3, T0 + 2 * STEP, o).map((e) => e.type),
      ['alert-firing'],
    );
    // info comes before warning in v3's order: the source is info (as a scan of v3 finds).
    const ev = d.diff(v3, v4, T0 + 3 * STEP, o);
    assert.deepEqual(
      ev.map((e) => (e.type === 'severity-escalated' ? [e.type, e.from, e.to] : [e.type])),
      [['alert-firing'], ['severity-escalated', 'info', 'critical']],
    );
    // warning gone, critical gone: a new critical escalates from info only.
    const crit2 = alert({ labels: lbl('critical'), startsAt: iso(T0) });
    const v5 = snapshot({ alerts: [x, info] });
    d.diff(v4, v5, T0 + 4 * STEP, o);
    const v6 = snapshot({ alerts: [x, info, crit2] });
    assert.deepEqual(
      d
        .diff(v5, v6, T0 + 5 * STEP, o)
        .filter((e) => e.type === 'severity-escalated')
        .map((e) => (e.type === 'severity-escalated' ? e.from : '')),
      ['info'],
    );
  });
});
