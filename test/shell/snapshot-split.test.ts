// A large view snapshot goes to a window as a partial snapshot (what the alert list needs)
// followed at once by the rest, for both transports (createSubscribe is shared by the
// WebSocket server and Electron IPC). Merging the two gives back exactly the core's snapshot;
// small snapshots and deltas pass unchanged; windows subscribing together share one split.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  AlertView,
  ViewMessage,
  ViewSnapshot,
  ViewStreamMessage,
} from '../../main/core/model/view.ts';
import {
  Emitter,
  SPLIT_SNAPSHOT_MIN_ALERTS,
  createSubscribe,
  type NavigateRequest,
} from '../../main/core/bridge/subscriptions.ts';
import { WireSerializer } from '../../main/server/wire-json.ts';
import { applyViewMessage } from '../../renderer/src/lib/view/apply.ts';
import { emptySnapshot } from './fake-core.ts';

function alert(i: number): AlertView {
  const fp = `fp${i}`;
  return {
    fingerprint: fp,
    labels: { alertname: `A${i % 7}`, severity: 'warning' },
    // Every other alert has no summary, every third no generatorURL.
    annotations: {
      ...(i % 2 === 0 ? { summary: `summary ${i}` } : {}),
      description: `a long description of alert ${i}`,
      runbook_url: `https://runbooks.example.com/${i}`,
    },
    startsAt: '2026-01-01T00:00:00.000Z',
    endsAt: '2026-01-01T01:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...(i % 3 === 0 ? {} : { generatorURL: `http://prometheus.example.com/graph?g0.expr=${i}` }),
    state: 'active',
    silencedBy: [],
    inhibitedBy: [],
    statusByCluster: { c1: { state: 'active', silencedBy: [], inhibitedBy: [] } },
    receivers: ['r'],
    instances: ['i1'],
    clusters: ['c1'],
    severity: 'warning',
    stale: false,
  };
}

function bigSnapshot(n: number, seq = 5): ViewSnapshot {
  const alerts: Record<string, AlertView> = {};
  for (let i = 0; i < n; i++) alerts[`fp${i}`] = alert(i);
  return { ...emptySnapshot(seq), alerts };
}

/** A core whose subscribe sends `snap` first, like create-core, and can emit deltas. */
function coreWith(snap: () => ViewSnapshot) {
  const listeners = new Set<(m: ViewMessage) => void>();
  return {
    listeners,
    core: {
      subscribe(l: (m: ViewMessage) => void) {
        l({ type: 'snapshot', snapshot: snap() });
        listeners.add(l);
        return () => listeners.delete(l);
      },
      onNotification: () => () => {},
    },
  };
}

function subscribeAll(snap: () => ViewSnapshot) {
  const c = coreWith(snap);
  const subscribe = createSubscribe({
    core: c.core as never,
    navigate: new Emitter<NavigateRequest>(),
  });
  const got: ViewStreamMessage[] = [];
  const off = subscribe('view:changes', (m) => got.push(m));
  return { got, off, listeners: c.listeners, subscribe };
}

const tick = () => new Promise((r) => setImmediate(r));

function replay(messages: ViewStreamMessage[]): ViewSnapshot | null {
  let current: ViewSnapshot | null = null;
  for (const m of messages) {
    const r = applyViewMessage(current, m);
    assert.ok(r.ok, `applied ${m.type}`);
    current = r.snapshot;
  }
  return current;
}

describe('snapshot split', () => {
  it('sends a large snapshot as a partial one then the rest, which merge to the original', async () => {
    const full = bigSnapshot(SPLIT_SNAPSHOT_MIN_ALERTS + 10);
    const { got, listeners } = subscribeAll(() => ({ ...full }));
    // The rest follows in the next macrotask; a delta emitted meanwhile waits behind it.
    assert.deepEqual(
      got.map((m) => m.type),
      ['snapshot'],
    );
    const early: ViewMessage = {
      type: 'delta',
      delta: { seq: full.seq + 1, upsert: {}, remove: {} },
    };
    for (const l of listeners) l(early);
    assert.equal(got.length, 1);
    await tick();
    assert.deepEqual(got.pop(), early);
    assert.deepEqual(
      got.map((m) => m.type),
      ['snapshot', 'snapshot-rest'],
    );
    const [first, second] = got;
    assert.ok(first?.type === 'snapshot' && first.partial === true);
    assert.ok(second?.type === 'snapshot-rest' && second.rest.seq === full.seq);
    // The list's fields are all there; only the summary annotation is kept.
    const a0 = first.snapshot.alerts['fp0']!;
    const a1 = first.snapshot.alerts['fp1']!;
    assert.deepEqual(a0.annotations, { summary: 'summary 0' });
    assert.deepEqual(a1.annotations, {});
    assert.equal('generatorURL' in first.snapshot.alerts['fp1']!, false);
    assert.deepEqual(a0.labels, full.alerts['fp0']!.labels);
    assert.equal(Object.keys(first.snapshot.alerts).length, Object.keys(full.alerts).length);
    // Both transports: JSON over the WebSocket and structured clone over IPC.
    assert.deepEqual(replay(got), full);
    assert.deepEqual(replay(got.map((m) => structuredClone(m))), full);
    const wire = new WireSerializer();
    const viaJson = got.map(
      (m, i) =>
        (
          JSON.parse(wire.serialize({ id: i, type: 'message', message: m })) as {
            message: ViewStreamMessage;
          }
        ).message,
    );
    assert.deepEqual(replay(viaJson), full);

    // Deltas pass unchanged and apply after the rest.
    const delta: ViewMessage = {
      type: 'delta',
      delta: {
        seq: full.seq + 1,
        upsert: { alerts: [alert(999_999)] },
        remove: { alerts: ['fp1'] },
      },
    };
    for (const l of listeners) l(delta);
    assert.deepEqual(got[2], delta);
    const after = replay(got)!;
    assert.deepEqual(after.alerts['fp999999'], alert(999_999));
    assert.equal(after.alerts['fp1'], undefined);
    assert.deepEqual(after.alerts['fp2'], full.alerts['fp2']);
  });

  it('never sends the rest to a window that unsubscribed before it went out', async () => {
    const { got, off } = subscribeAll(() => bigSnapshot(SPLIT_SNAPSHOT_MIN_ALERTS));
    off();
    await tick();
    assert.deepEqual(
      got.map((m) => m.type),
      ['snapshot'],
    );
  });

  it('sends small snapshots whole', () => {
    const small = bigSnapshot(SPLIT_SNAPSHOT_MIN_ALERTS - 1);
    const { got } = subscribeAll(() => small);
    assert.equal(got.length, 1);
    assert.deepEqual(got[0], { type: 'snapshot', snapshot: small });
  });

  it('shares one split between windows showing the same view', () => {
    const full = bigSnapshot(SPLIT_SNAPSHOT_MIN_ALERTS);
    const a = subscribeAll(() => ({ ...full }));
    const b = subscribeAll(() => ({ ...full }));
    const pa = a.got[0]!;
    const pb = b.got[0]!;
    assert.ok(pa.type === 'snapshot' && pb.type === 'snapshot');
    assert.equal(pa.snapshot.alerts, pb.snapshot.alerts);
    // A new view (new alerts collection): a new split.
    const c = subscribeAll(() => bigSnapshot(SPLIT_SNAPSHOT_MIN_ALERTS, 6));
    const pc = c.got[0]!;
    assert.ok(pc.type === 'snapshot');
    assert.notEqual(pc.snapshot.alerts, pa.snapshot.alerts);
  });
});
