import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { CoreEvent } from '../../../main/core/model/events.ts';
import { EventDiffer, initialClusters } from '../../../main/core/policy/differ.ts';
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

const OPTS = { expiringWithinMin: 10 };
const types = (events: CoreEvent[]) => events.map((e) => e.type);

describe('EventDiffer: alerts', () => {
  const cpu = alert({ labels: { alertname: 'HighCPU', severity: 'warning', instance: 'a' } });
  const disk = alert({ labels: { alertname: 'DiskFull', severity: 'critical' } });

  it('first view: every active alert fires (suppressed ones do not), with its group', () => {
    const silenced = alert({ labels: { alertname: 'Silenced' }, states: { c1: 'suppressed' } });
    const g = group('c1', { alertname: 'HighCPU' }, [cpu]);
    const d = new EventDiffer();
    const ev = d.diff(
      undefined,
      snapshot({ alerts: [cpu, disk, silenced], groups: [g] }),
      T0,
      OPTS,
    );
    assert.deepEqual(types(ev).sort(), ['alert-firing', 'alert-firing']);
    const e = ev.find((x) => x.type === 'alert-firing' && x.fingerprint === cpu.fingerprint);
    assert.deepEqual(e, {
      type: 'alert-firing',
      fingerprint: cpu.fingerprint,
      clusterId: 'c1',
      severity: 'warning',
      alertname: 'HighCPU',
      groupKey: g.key,
    });
  });

  it('no change, no events', () => {
    const d = new EventDiffer();
    const v = snapshot({ alerts: [cpu] });
    d.diff(undefined, v, T0, OPTS);
    assert.deepEqual(d.diff(v, snapshot({ alerts: [cpu], seq: 2 }), T0 + 15_000, OPTS), []);
  });

  it('gone from a fresh cluster -> resolved; endsAt in the past -> resolved once', () => {
    const d = new EventDiffer();
    const v1 = snapshot({ alerts: [cpu, disk] });
    d.diff(undefined, v1, T0, OPTS);
    const ending = { ...disk, endsAt: iso(T0 + 20_000) };
    const v2 = snapshot({ alerts: [ending] });
    const ev = d.diff(v1, v2, T0 + 15_000, OPTS);
    assert.deepEqual(ev, [
      {
        type: 'alert-resolved',
        fingerprint: cpu.fingerprint,
        clusterId: 'c1',
        severity: 'warning',
        alertname: 'HighCPU',
      },
    ]);
    // disk's endsAt passes while it is still listed: resolved now, and not again when it goes.
    const v3 = snapshot({ alerts: [ending] });
    assert.deepEqual(types(d.diff(v2, v3, T0 + 30_000, OPTS)), ['alert-resolved']);
    assert.deepEqual(d.diff(v3, snapshot({}), T0 + 45_000, OPTS), []);
  });

  it('stale data never produces resolved or firing', () => {
    const d = new EventDiffer();
    const fresh = snapshot({ alerts: [cpu] });
    d.diff(undefined, fresh, T0, OPTS);
    // Cluster unreachable: the engine keeps last-good data marked stale.
    const stale = snapshot({
      alerts: [cpu],
      clusters: [cluster('c1', { health: 'unreachable', stale: true })],
    });
    assert.deepEqual(types(d.diff(fresh, stale, T0 + 15_000, OPTS)), ['instance-unreachable']);
    // Even if a stale snapshot lacked the alert, or had a new one: nothing.
    const staleChanged = snapshot({
      alerts: [disk],
      clusters: [cluster('c1', { health: 'unreachable', stale: true })],
    });
    assert.deepEqual(d.diff(stale, staleChanged, T0 + 30_000, OPTS), []);
    // Unreachable without data (not stale, nothing kept): alerts gone is not "resolved".
    const noData = snapshot({ alerts: [], clusters: [cluster('c1', { health: 'unreachable' })] });
    assert.deepEqual(
      d.diff(fresh, noData, T0 + 30_000, OPTS).filter((e) => e.type.startsWith('alert')),
      [],
    );
    // Back with the same alert: nothing new. Back without it: it resolved meanwhile.
    assert.deepEqual(types(d.diff(stale, snapshot({ alerts: [cpu] }), T0 + 45_000, OPTS)), [
      'instance-recovered',
    ]);
    assert.deepEqual(types(d.diff(stale, snapshot({}), T0 + 45_000, OPTS)), [
      'instance-recovered',
      'alert-resolved',
    ]);
  });

  it('a removed cluster does not resolve its alerts', () => {
    const d = new EventDiffer();
    const v1 = snapshot({ alerts: [cpu] });
    d.diff(undefined, v1, T0, OPTS);
    const v2 = snapshot({ clusters: [cluster('c2')] });
    assert.deepEqual(d.diff(v1, v2, T0 + 15_000, OPTS), []);
  });

  it('suppressed / unsuppressed per cluster', () => {
    const d = new EventDiffer();
    const two = [cluster('c1'), cluster('c2')];
    const a1 = alert({ labels: { alertname: 'X' }, states: { c1: 'active', c2: 'active' } });
    const v1 = snapshot({ alerts: [a1], clusters: two });
    assert.deepEqual(types(d.diff(undefined, v1, T0, OPTS)), ['alert-firing', 'alert-firing']);
    const a2 = alert({ labels: { alertname: 'X' }, states: { c1: 'suppressed', c2: 'active' } });
    const v2 = snapshot({ alerts: [a2], clusters: two });
    const ev = d.diff(v1, v2, T0 + 15_000, OPTS);
    assert.deepEqual(
      ev.map((e) => [e.type, 'clusterId' in e ? e.clusterId : '']),
      [['alert-suppressed', 'c1']],
    );
    assert.deepEqual(types(d.diff(v2, v1, T0 + 30_000, OPTS)), ['alert-unsuppressed']);
  });

  it('a more severe sibling of the same rule is an escalation', () => {
    const d = new EventDiffer();
    const warn = alert({ labels: { alertname: 'HighCPU', severity: 'warning', host: 'a' } });
    const crit = alert({ labels: { alertname: 'HighCPU', severity: 'critical', host: 'a' } });
    const other = alert({ labels: { alertname: 'HighCPU', severity: 'critical', host: 'b' } });
    const v1 = snapshot({ alerts: [warn] });
    d.diff(undefined, v1, T0, OPTS);
    const ev = d.diff(v1, snapshot({ alerts: [warn, crit, other] }), T0 + 15_000, OPTS);
    const esc = ev.filter((e) => e.type === 'severity-escalated');
    assert.deepEqual(esc, [
      {
        type: 'severity-escalated',
        fingerprint: crit.fingerprint,
        clusterId: 'c1',
        from: 'warning',
        to: 'critical',
        alertname: 'HighCPU',
      },
    ]);
    assert.equal(ev.filter((e) => e.type === 'alert-firing').length, 2);
  });
});

describe('EventDiffer: instances and silences', () => {
  it('instance unreachable and recovered on health transitions only', () => {
    const d = new EventDiffer();
    const ok = snapshot({});
    const down = snapshot({ instances: [instance('c1-i1', 'c1', 'unreachable')] });
    const auth = snapshot({ instances: [instance('c1-i1', 'c1', 'auth-failed')] });
    d.diff(undefined, ok, T0, OPTS);
    assert.deepEqual(d.diff(ok, down, T0, OPTS), [
      { type: 'instance-unreachable', instanceId: 'c1-i1', message: 'connect ECONNREFUSED' },
    ]);
    assert.deepEqual(d.diff(down, auth, T0, OPTS), [], 'still failing');
    assert.deepEqual(d.diff(auth, ok, T0, OPTS), [
      { type: 'instance-recovered', instanceId: 'c1-i1' },
    ]);
    // an instance failing from the start is reported
    const d2 = new EventDiffer();
    assert.deepEqual(types(d2.diff(undefined, down, T0, OPTS)), ['instance-unreachable']);
  });

  it('silence created / expired; silences of a first-seen cluster are not "created"', () => {
    const d = new EventDiffer();
    const s1 = silence({ id: 's1' });
    const v1 = snapshot({ silences: [s1] });
    assert.deepEqual(d.diff(undefined, v1, T0, OPTS), []);
    const s2 = silence({ id: 's2' });
    const v2 = snapshot({ silences: [s1, s2] });
    assert.deepEqual(d.diff(v1, v2, T0, OPTS), [
      { type: 'silence-created', silenceKey: 'c1/s2', clusterId: 'c1' },
    ]);
    const v3 = snapshot({ silences: [{ ...s1, state: 'expired' }, s2] });
    assert.deepEqual(d.diff(v2, v3, T0, OPTS), [
      { type: 'silence-expired', silenceKey: 'c1/s1', clusterId: 'c1' },
    ]);
  });

  it('silence-expiring exactly once per end time across many cycles (fake clock)', async () => {
    const clock = new FakeClock(T0);
    const d = new EventDiffer();
    const s = silence({ id: 'm', startsAt: iso(T0 - 60 * MIN), endsAt: iso(T0 + 15 * MIN) });
    const all: CoreEvent[] = [];
    let prev = snapshot({ silences: [s] });
    all.push(...d.diff(undefined, prev, clock.now(), OPTS));
    // poll every 15 s for 14 minutes: crosses the 10-minute mark once
    for (let i = 0; i < 56; i++) {
      await clock.advance(15_000);
      const next = snapshot({ silences: [s], seq: i + 2 });
      all.push(...d.diff(prev, next, clock.now(), OPTS));
      prev = next;
    }
    assert.deepEqual(all, [
      { type: 'silence-expiring', silenceKey: 'c1/m', clusterId: 'c1', endsAt: s.endsAt },
    ]);
    // extended in place (new end time): warned again once when that nears
    const ext = { ...s, endsAt: iso(clock.now() + 30 * MIN) };
    const later: CoreEvent[] = [];
    for (let i = 0; i < 160; i++) {
      await clock.advance(15_000);
      const next = snapshot({ silences: [ext] });
      later.push(...d.diff(prev, next, clock.now(), OPTS));
      prev = next;
    }
    assert.deepEqual(types(later), ['silence-expiring']);
  });

  it('a silence shorter than the window is never "expiring"', () => {
    const d = new EventDiffer();
    const s = silence({ id: 'short', startsAt: iso(T0), endsAt: iso(T0 + 5 * MIN) });
    const v = snapshot({ silences: [s] });
    assert.deepEqual(d.diff(undefined, v, T0, OPTS), []);
    assert.deepEqual(d.diff(v, v, T0 + 60_000, OPTS), []);
  });

  it('initialClusters: fresh now, without data before', () => {
    const before = snapshot({
      clusters: [
        cluster('c1'),
        cluster('c2', { health: 'unknown' }),
        cluster('c3', { stale: true }),
      ],
    });
    const after = snapshot({
      clusters: [cluster('c1'), cluster('c2'), cluster('c3'), cluster('c4')],
    });
    assert.deepEqual([...initialClusters(before, after)].sort(), ['c2', 'c4']);
    assert.deepEqual([...initialClusters(undefined, after)].sort(), ['c1', 'c2', 'c3', 'c4']);
  });
});
