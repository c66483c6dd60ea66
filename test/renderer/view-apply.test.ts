// The window's view store logic: a snapshot then deltas (upsert/remove per collection, summary).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView, Summary, ViewSnapshot } from '../../main/core/model/view.ts';
import {
  COLLECTIONS,
  ViewStreamReader,
  applyDeltaInPlace,
} from '../../renderer/src/lib/view/apply.ts';
import { alertView, emptySummary, snapshotOf } from '../support/views.ts';

/** Content only: the window keeps its collections prototype-less (own-keys.ts). */
const plain = <T>(x: T): T => structuredClone(x);

const summary = (firing: number): Summary =>
  emptySummary({ firing, worst: firing ? 'critical' : 'ok' });

const alert = (fp: string, labels: Record<string, string> = {}): AlertView =>
  alertView(fp, { alertname: fp, ...labels }, { severity: '' });

const snapshot = (): ViewSnapshot =>
  snapshotOf(1, { alerts: [alert('a'), alert('b')], summary: summary(2) });

describe('applying deltas', () => {
  it('takes a snapshot as its own copy: later deltas never change the message', () => {
    const s = snapshot();
    const frozen = JSON.stringify(s);
    const r = new ViewStreamReader();
    const first = r.read({ type: 'snapshot', snapshot: s });
    assert.ok(first.kind === 'view');
    assert.equal(first.changed, 'all');
    assert.deepEqual(plain(first.snapshot), plain(s));
    const next = r.read({
      type: 'delta',
      delta: { seq: 2, upsert: { alerts: [alert('c')] }, remove: { alerts: ['a'] } },
    });
    assert.ok(next.kind === 'view');
    assert.deepEqual(next.changed, ['alerts'], 'names exactly the collections it changed');
    assert.equal(next.snapshot, first.snapshot, 'applied in place, not copied');
    assert.deepEqual(Object.keys(next.snapshot.alerts).sort(), ['b', 'c']);
    assert.equal(JSON.stringify(s), frozen, 'the message is not mutated');
  });

  it('refuses a delta before any snapshot', () => {
    const r = new ViewStreamReader().read({
      type: 'delta',
      delta: { seq: 2, upsert: {}, remove: {} },
    });
    assert.deepEqual(r, { kind: 'resync', reason: 'no-snapshot', got: 2 });
  });

  it('upserts and removes by key in place, naming only the collections it touched', () => {
    const next = snapshot();
    const groups = JSON.stringify(next.groups);
    const silences = next.silences;
    const changed = { ...alert('b'), state: 'suppressed' as const, silencedBy: ['c1/x'] };
    const touched = applyDeltaInPlace(next, {
      seq: 2,
      upsert: { alerts: [changed, alert('c')] },
      remove: { alerts: ['a'] },
      summary: summary(1),
    });
    assert.deepEqual(touched, ['alerts']);
    assert.equal(next.seq, 2);
    assert.deepEqual(Object.keys(next.alerts).sort(), ['b', 'c']);
    assert.equal(next.alerts['b']?.state, 'suppressed');
    assert.equal(next.summary.firing, 1);
    assert.equal(JSON.stringify(next.groups), groups, 'untouched collection unchanged');
    assert.equal(next.silences, silences);
  });

  it('keys every collection by its own id field', () => {
    const s = snapshot();
    const reader = new ViewStreamReader();
    reader.read({ type: 'snapshot', snapshot: s });
    const r = reader.read({
      type: 'delta',
      delta: {
        seq: 2,
        upsert: {
          groups: [
            {
              key: 'c1|r|{alertname="a"}',
              clusterId: 'c1',
              receivers: ['r'],
              labels: { alertname: 'a' },
              alerts: ['a'],
              counts: { active: 1, suppressed: 0, unprocessed: 0 },
              severity: '',
              stale: false,
            },
          ],
          silences: [
            {
              key: 'c1/s1',
              id: 's1',
              clusterId: 'c1',
              matchers: [],
              startsAt: '',
              endsAt: '',
              updatedAt: '',
              createdBy: 'me',
              comment: '',
              state: 'active',
            },
          ],
          clusters: [{ id: 'c1', name: 'c1', members: ['i1'], health: 'ok', stale: false }],
        },
        remove: {},
      },
    });
    assert.ok(r.kind === 'view');
    assert.deepEqual([...r.changed].sort(), ['clusters', 'groups', 'silences']);
    assert.ok(r.snapshot.groups['c1|r|{alertname="a"}']);
    assert.ok(r.snapshot.silences['c1/s1']);
    assert.ok(r.snapshot.clusters['c1']);
  });

  it('ignores an already applied delta and flags a gap', () => {
    const s = snapshot();
    const r = new ViewStreamReader();
    r.read({ type: 'snapshot', snapshot: s });
    const old = r.read({
      type: 'delta',
      delta: { seq: 1, upsert: {}, remove: { alerts: ['a'] } },
    });
    assert.ok(old.kind === 'view');
    assert.deepEqual(old.changed, []);
    assert.ok(old.snapshot.alerts['a'], 'an already applied delta changes nothing');
    const gap = r.read({ type: 'delta', delta: { seq: 3, upsert: {}, remove: {} } });
    assert.deepEqual(gap, { kind: 'resync', reason: 'out-of-order', expected: 2, got: 3 });
  });
});

describe('ViewStreamReader: streamed snapshots and multi-part deltas', () => {
  it('assembles a streamed snapshot; shows it only complete, the partial view marked loading', () => {
    const s = snapshot();
    const r = new ViewStreamReader();
    const head = { ...s, groups: {}, alerts: {} };
    const first = r.read({ type: 'snapshot', snapshot: head, loading: { alerts: 2, groups: 0 } });
    assert.equal(first.kind, 'loading');
    assert.equal(r.current, null, 'no complete view while loading');
    const a = s.alerts['a']!;
    const b = s.alerts['b']!;
    const mid = r.read({
      type: 'snapshot-part',
      part: { seq: s.seq, groups: [], alerts: [a], last: false },
    });
    assert.ok(mid.kind === 'loading');
    assert.deepEqual(mid.progress, { alerts: 1, groups: 0, total: { alerts: 2, groups: 0 } });
    assert.deepEqual(Object.keys(mid.partial.alerts), ['a']);
    assert.deepEqual(mid.changed, ['alerts']);
    // A delta cannot come between parts: the stream is broken, resubscribe.
    const broken = new ViewStreamReader();
    broken.read({ type: 'snapshot', snapshot: head, loading: { alerts: 2, groups: 0 } });
    assert.equal(
      broken.read({ type: 'delta', delta: { seq: s.seq + 1, upsert: {}, remove: {} } }).kind,
      'resync',
    );
    const done = r.read({
      type: 'snapshot-part',
      part: { seq: s.seq, groups: [], alerts: [b], last: true },
    });
    assert.ok(done.kind === 'view');
    assert.deepEqual(plain(done.snapshot), plain({ ...s, groups: {} }));
    assert.equal(r.current, done.snapshot);
  });

  it('rejects a part of another snapshot', () => {
    const s = snapshot();
    const r = new ViewStreamReader();
    r.read({ type: 'snapshot', snapshot: s, loading: { alerts: 1, groups: 0 } });
    const other = r.read({
      type: 'snapshot-part',
      part: { seq: s.seq + 5, groups: [], alerts: [], last: true },
    });
    assert.equal(other.kind, 'resync');
    assert.equal(
      new ViewStreamReader().read({
        type: 'snapshot-part',
        part: { seq: 1, groups: [], alerts: [], last: true },
      }).kind,
      'resync',
    );
  });

  it('applies the parts of one delta together, never half of it', () => {
    const s = snapshot();
    const r = new ViewStreamReader();
    r.read({ type: 'snapshot', snapshot: s });
    const a2 = { ...s.alerts['a']!, severity: 'critical' };
    const p1 = r.read({
      type: 'delta',
      delta: { seq: s.seq + 1, upsert: { alerts: [a2] }, remove: {} },
      more: true,
    });
    assert.equal(p1.kind, 'pending');
    assert.equal(r.current?.alerts['a']?.severity, '', 'nothing applied before the last part');
    assert.ok(r.current?.alerts['b']);
    const p2 = r.read({
      type: 'delta',
      delta: { seq: s.seq + 1, upsert: {}, remove: { alerts: ['b'] } },
    });
    assert.ok(p2.kind === 'view');
    assert.equal(p2.snapshot.seq, s.seq + 1);
    assert.equal(p2.snapshot.alerts['a']?.severity, 'critical');
    assert.equal(p2.snapshot.alerts['b'], undefined);
  });
});

describe('ViewStreamReader: each collection as a list (the Map beside the keyed record)', () => {
  /** The reader's lists hold exactly the records of what it last read, for every collection. */
  function assertInStep(r: ViewStreamReader, view: ViewSnapshot): void {
    for (const name of COLLECTIONS) {
      const records = view[name] as Record<string, unknown>;
      const list = r.values(name);
      assert.equal(list.size, Object.keys(records).length, name);
      for (const [k, v] of list) assert.equal(records[k], v, `${name} ${k}`);
    }
  }

  it('is in step after a snapshot, a streamed one, deltas and a reset', () => {
    const r = new ViewStreamReader();
    const s = snapshot();
    const whole = r.read({ type: 'snapshot', snapshot: s });
    assert.ok(whole.kind === 'view');
    assertInStep(r, whole.snapshot);
    const d = r.read({
      type: 'delta',
      delta: {
        seq: s.seq + 1,
        upsert: { alerts: [alert('c'), { ...s.alerts['a']!, severity: 'critical' }] },
        remove: { alerts: ['b'] },
      },
    });
    assert.ok(d.kind === 'view');
    assertInStep(r, d.snapshot);
    assert.deepEqual(
      [...r.values<AlertView>('alerts').values()].map((a) => [a.fingerprint, a.severity]),
      [
        ['a', 'critical'],
        ['c', ''],
      ],
    );
    // A streamed snapshot replaces the lists; parts grow them with the partial view.
    const head = { ...s, seq: 7, groups: {}, alerts: {} };
    const first = r.read({ type: 'snapshot', snapshot: head, loading: { alerts: 2, groups: 0 } });
    assert.ok(first.kind === 'loading');
    assertInStep(r, first.partial);
    const mid = r.read({
      type: 'snapshot-part',
      part: { seq: 7, groups: [], alerts: [alert('x')], last: false },
    });
    assert.ok(mid.kind === 'loading');
    assertInStep(r, mid.partial);
    const done = r.read({
      type: 'snapshot-part',
      part: { seq: 7, groups: [], alerts: [alert('y')], last: true },
    });
    assert.ok(done.kind === 'view');
    assertInStep(r, done.snapshot);
    assert.equal(r.values('alerts').size, 2);
    r.reset();
    assert.equal(r.values('alerts').size, 0);
  });
});

describe('keys Object.prototype has (fingerprints from a server)', () => {
  // Real Alertmanager sends hex; other servers and proxies are not bound to it.
  const ODD = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'];
  /** Through JSON, as the wire delivers it: "__proto__" is then an own key. */
  const wire = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;
  const withOdd = (): ViewSnapshot => {
    const s = snapshot();
    // Built as the core builds it: a record per key, "__proto__" included.
    s.alerts = Object.assign(Object.create(null) as Record<string, AlertView>, s.alerts);
    for (const fp of ODD) s.alerts[fp] = alert(fp);
    return wire(s);
  };

  it('are records like any other: in a whole snapshot, after deltas, and missing once removed', () => {
    const r = new ViewStreamReader();
    const seen: string[] = [];
    r.watch({
      alert: (prev, next) => seen.push(`${prev?.fingerprint ?? '-'}>${next?.fingerprint ?? '-'}`),
      reset: () => seen.push('reset'),
    });
    const first = r.read({ type: 'snapshot', snapshot: withOdd() });
    assert.ok(first.kind === 'view');
    assert.deepEqual(Object.keys(first.snapshot.alerts).sort(), ['a', 'b', ...ODD].sort());
    for (const fp of ODD) assert.equal(first.snapshot.alerts[fp]?.fingerprint, fp);
    seen.length = 0;
    const next = r.read(
      wire({
        type: 'delta',
        delta: {
          seq: 2,
          upsert: { alerts: [{ ...alert('toString'), state: 'suppressed' as const }] },
          remove: { alerts: ['__proto__', 'constructor'] },
        },
      }),
    );
    assert.ok(next.kind === 'view');
    const alerts = next.snapshot.alerts;
    assert.deepEqual(Object.keys(alerts).sort(), [
      'a',
      'b',
      'hasOwnProperty',
      'toString',
      'valueOf',
    ]);
    assert.equal(alerts['__proto__'], undefined, 'removed, and nothing inherited in its place');
    assert.equal(alerts['constructor'], undefined);
    assert.equal('constructor' in alerts, false);
    assert.equal(alerts['toString']?.state, 'suppressed');
    assert.deepEqual(seen, ['__proto__>-', 'constructor>-', 'toString>toString']);
    // And back: a new alert under "__proto__" is a record, not the prototype.
    const again = r.read(
      wire({
        type: 'delta',
        delta: { seq: 3, upsert: { alerts: [alert('__proto__')] }, remove: {} },
      }),
    );
    assert.ok(again.kind === 'view');
    assert.equal(Object.hasOwn(again.snapshot.alerts, '__proto__'), true);
    assert.equal(again.snapshot.alerts['__proto__']?.fingerprint, '__proto__');
    assert.equal(Object.keys(again.snapshot.alerts).length, 6);
  });

  it('are records like any other in a streamed snapshot and in a delta', () => {
    const s = withOdd();
    const r = new ViewStreamReader();
    r.read({ type: 'snapshot', snapshot: { ...s, alerts: {} }, loading: { alerts: 7, groups: 0 } });
    const done = r.read(
      wire({
        type: 'snapshot-part',
        part: { seq: s.seq, groups: [], alerts: Object.values(s.alerts), last: true },
      }),
    );
    assert.ok(done.kind === 'view');
    assert.deepEqual(Object.keys(done.snapshot.alerts).sort(), Object.keys(s.alerts).sort());
    assert.equal(done.snapshot.alerts['__proto__']?.fingerprint, '__proto__');

    const applied = done.snapshot;
    applyDeltaInPlace(
      applied,
      wire({ seq: 2, upsert: { alerts: [alert('x')] }, remove: { alerts: ['valueOf'] } }),
    );
    assert.deepEqual(
      Object.keys(applied.alerts).sort(),
      ['a', 'b', 'x', '__proto__', 'constructor', 'toString', 'hasOwnProperty'].sort(),
    );
    assert.equal(applied.alerts['valueOf'], undefined);
  });
});
