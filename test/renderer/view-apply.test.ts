// The window's view store logic: a snapshot then deltas (upsert/remove per collection, summary).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView, Summary, ViewSnapshot } from '../../main/core/model/view.ts';
import { applyViewMessage } from '../../renderer/src/lib/view/apply.ts';

function summary(firing: number): Summary {
  return {
    bySeverity: {},
    firing,
    suppressed: 0,
    worst: firing ? 'critical' : 'ok',
    unreachableInstances: [],
    missingData: [],
    degradedClusters: [],
    staleClusters: [],
    severityLabel: 'severity',
  };
}

function alert(fp: string, labels: Record<string, string> = {}): AlertView {
  return {
    fingerprint: fp,
    labels: { alertname: fp, ...labels },
    annotations: {},
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2026-01-01T01:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    state: 'active',
    silencedBy: [],
    inhibitedBy: [],
    statusByCluster: {},
    receivers: ['r'],
    instances: ['i1'],
    clusters: ['c1'],
    severity: '',
    stale: false,
  };
}

function snapshot(): ViewSnapshot {
  return {
    seq: 1,
    instances: {},
    clusters: {},
    groups: {},
    alerts: { a: alert('a'), b: alert('b') },
    silences: {},
    summary: summary(2),
  };
}

describe('applyViewMessage', () => {
  it('takes a snapshot as is', () => {
    const s = snapshot();
    const r = applyViewMessage(null, { type: 'snapshot', snapshot: s });
    assert.ok(r.ok);
    assert.equal(r.snapshot, s);
  });

  it('refuses a delta before any snapshot', () => {
    const r = applyViewMessage(null, { type: 'delta', delta: { seq: 2, upsert: {}, remove: {} } });
    assert.deepEqual(r, { ok: false, reason: 'no-snapshot', got: 2 });
  });

  it('upserts and removes by key without mutating, keeping untouched collections', () => {
    const s = snapshot();
    const frozen = JSON.stringify(s);
    const changed = { ...alert('b'), state: 'suppressed' as const, silencedBy: ['c1/x'] };
    const r = applyViewMessage(s, {
      type: 'delta',
      delta: {
        seq: 2,
        upsert: { alerts: [changed, alert('c')] },
        remove: { alerts: ['a'] },
        summary: summary(1),
      },
    });
    assert.ok(r.ok);
    assert.equal(JSON.stringify(s), frozen, 'input not mutated');
    assert.equal(r.snapshot.seq, 2);
    assert.deepEqual(Object.keys(r.snapshot.alerts).sort(), ['b', 'c']);
    assert.equal(r.snapshot.alerts['b']?.state, 'suppressed');
    assert.equal(r.snapshot.summary.firing, 1);
    assert.notEqual(r.snapshot.alerts, s.alerts);
    assert.equal(r.snapshot.groups, s.groups, 'untouched collection keeps its identity');
    assert.equal(r.snapshot.silences, s.silences);
  });

  it('keys every collection by its own id field', () => {
    const s = snapshot();
    const r = applyViewMessage(s, {
      type: 'delta',
      delta: {
        seq: 2,
        upsert: {
          groups: [
            {
              key: 'c1|r|{alertname="a"}',
              clusterId: 'c1',
              receiver: 'r',
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
    assert.ok(r.ok);
    assert.ok(r.snapshot.groups['c1|r|{alertname="a"}']);
    assert.ok(r.snapshot.silences['c1/s1']);
    assert.ok(r.snapshot.clusters['c1']);
  });

  it('ignores an already applied delta and flags a gap', () => {
    const s = snapshot();
    const old = applyViewMessage(s, {
      type: 'delta',
      delta: { seq: 1, upsert: {}, remove: { alerts: ['a'] } },
    });
    assert.ok(old.ok);
    assert.equal(old.snapshot, s);
    const gap = applyViewMessage(s, { type: 'delta', delta: { seq: 3, upsert: {}, remove: {} } });
    assert.deepEqual(gap, { ok: false, reason: 'out-of-order', expected: 2, got: 3 });
  });
});

describe('applyViewMessage: split snapshot', () => {
  it('completes a partial snapshot with its rest', () => {
    const s = snapshot();
    const partial = applyViewMessage(null, { type: 'snapshot', snapshot: s, partial: true });
    assert.ok(partial.ok);
    const r = applyViewMessage(partial.snapshot, {
      type: 'snapshot-rest',
      rest: {
        seq: 1,
        alerts: { a: { annotations: { description: 'd' }, generatorURL: 'http://x' } },
      },
    });
    assert.ok(r.ok);
    assert.deepEqual(r.snapshot.alerts['a']?.annotations, { description: 'd' });
    assert.equal(r.snapshot.alerts['a']?.generatorURL, 'http://x');
    // Untouched records keep their identity; the input is not mutated.
    assert.equal(r.snapshot.alerts['b'], s.alerts['b']);
    assert.deepEqual(s.alerts['a']?.annotations, {});
  });

  it('asks for a resubscribe when a rest does not follow its snapshot', () => {
    const rest = { type: 'snapshot-rest' as const, rest: { seq: 1, alerts: {} } };
    const none = applyViewMessage(null, rest);
    assert.ok(!none.ok && none.reason === 'no-snapshot');
    const other = applyViewMessage({ ...snapshot(), seq: 2 }, rest);
    assert.ok(!other.ok && other.reason === 'out-of-order');
  });
});
