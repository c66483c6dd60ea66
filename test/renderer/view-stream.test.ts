// The view stream (main/core/bridge/view-stream.ts): bounded messages, the most severe groups
// first, the transport's pace, and a fresh snapshot instead of an unbounded queue. Here, not
// under test/core, because what it sends is checked by the window's own reader
// (renderer/src/lib/view/apply.ts): core tests import only the core.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  MAX_QUEUED_RECORDS,
  PART_RECORDS,
  FIRST_PART_RECORDS,
  deltaMessages,
  snapshotMessages,
  streamView,
  type Flow,
  type ViewSource,
} from '../../main/core/bridge/view-stream.ts';
import type {
  AlertView,
  GroupView,
  ViewMessage,
  ViewSnapshot,
  ViewStreamMessage,
} from '../../main/core/model/view.ts';
import { ViewStreamReader } from '../../renderer/src/lib/view/apply.ts';

/** Content only: the window keeps its collections prototype-less (own-keys.ts). */
const plain = <T>(x: T): T => structuredClone(x);

const ORDER = ['critical', 'warning', 'info'];

function alert(i: number, severity: string): AlertView {
  return {
    fingerprint: `f${i}`,
    labels: { alertname: `A${i % 50}`, severity, i: String(i) },
    annotations: { summary: `alert ${i}` },
    startsAt: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
    endsAt: '2026-12-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    state: 'active',
    silencedBy: [],
    inhibitedBy: [],
    statusByCluster: { c: { state: 'active', silencedBy: [], inhibitedBy: [] } },
    receivers: ['r'],
    instances: ['a'],
    clusters: ['c'],
    severity,
    stale: false,
  };
}

/** `n` alerts in groups of 10; every 97th group critical, the rest warning. */
function bigSnapshot(n: number, seq = 1): ViewSnapshot {
  const alerts: Record<string, AlertView> = {};
  const groups: Record<string, GroupView> = {};
  for (let g = 0; g < n / 10; g++) {
    const severity = g % 97 === 50 ? 'critical' : 'warning';
    const fps: string[] = [];
    for (let k = 0; k < 10; k++) {
      const a = alert(g * 10 + k, severity);
      alerts[a.fingerprint] = a;
      fps.push(a.fingerprint);
    }
    const key = `c|r|g${g}`;
    groups[key] = {
      key,
      clusterId: 'c',
      receivers: ['r'],
      labels: { g: String(g) },
      alerts: fps,
      counts: { active: 10, suppressed: 0, unprocessed: 0 },
      severity,
      stale: false,
    };
  }
  return {
    seq,
    instances: {},
    clusters: {},
    groups,
    alerts,
    silences: {},
    summary: {
      bySeverity: {},
      firing: n,
      suppressed: 0,
      unacknowledged: 0,
      worst: 'warning',
      unreachableInstances: [],
      missingData: [],
      degradedClusters: [],
      staleClusters: [],
      severityLabel: 'severity',
    },
  };
}

function records(m: ViewStreamMessage): number {
  if (m.type === 'snapshot-part') return m.part.alerts.length + m.part.groups.length;
  if (m.type === 'snapshot')
    return Object.keys(m.snapshot.alerts).length + Object.keys(m.snapshot.groups).length;
  let n = 0;
  for (const l of Object.values(m.delta.upsert)) n += l?.length ?? 0;
  for (const l of Object.values(m.delta.remove)) n += l?.length ?? 0;
  return n;
}

/** A core stand-in: the current snapshot, and a way to emit deltas. */
class FakeCore implements ViewSource {
  view: ViewSnapshot;
  #listeners = new Set<(m: ViewMessage) => void>();
  constructor(view: ViewSnapshot) {
    this.view = view;
  }
  subscribe(listener: (m: ViewMessage) => void): () => void {
    listener({ type: 'snapshot', snapshot: this.view });
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  snapshot(): ViewSnapshot {
    return this.view;
  }
  severityOrder(): readonly string[] {
    return ORDER;
  }
  /** Replaces `count` alerts' severity, as one delta. */
  change(from: number, count: number, severity: string): void {
    const upserts: AlertView[] = [];
    const alerts = { ...this.view.alerts };
    for (let i = from; i < from + count; i++) {
      const a = { ...alert(i, severity) };
      alerts[a.fingerprint] = a;
      upserts.push(a);
    }
    const seq = this.view.seq + 1;
    this.view = { ...this.view, seq, alerts };
    for (const l of this.#listeners)
      l({ type: 'delta', delta: { seq, upsert: { alerts: upserts }, remove: {} } });
  }
}

describe('view stream: bounded messages', () => {
  it('sends a small snapshot whole', () => {
    const s = bigSnapshot(100);
    const out = snapshotMessages(s, ORDER);
    assert.equal(out.length, 1);
    assert.equal(out[0]!.message.type, 'snapshot');
  });

  it('cuts a 100,000-alert snapshot into bounded parts, most severe groups first, nothing lost', () => {
    const s = bigSnapshot(100_000);
    const out = snapshotMessages(s, ORDER).map((q) => q.message);
    const head = out[0]!;
    assert.ok(head.type === 'snapshot' && head.loading);
    assert.deepEqual(head.loading, { alerts: 100_000, groups: 10_000 });
    assert.equal(Object.keys(head.snapshot.alerts).length, 0);
    let biggest = 0;
    for (const m of out.slice(1)) {
      assert.equal(m.type, 'snapshot-part');
      // A part closes once it reaches the bound; one group's alerts may overshoot it.
      assert.ok(records(m) <= PART_RECORDS + 11, `part of ${records(m)} records`);
      biggest = Math.max(biggest, JSON.stringify(m).length);
    }
    assert.ok(biggest < 4 * 1024 * 1024, `largest part ${biggest} chars`);
    const first = out[1]!;
    assert.ok(first.type === 'snapshot-part');
    // The first part is the top of the list only: small, so it is drawn before the rest.
    assert.ok(records(first) <= FIRST_PART_RECORDS + 11, `first part ${records(first)} records`);
    // Every critical group comes before any warning one.
    const severities = out
      .slice(1)
      .flatMap((m) => (m.type === 'snapshot-part' ? m.part.groups.map((g) => g.severity) : []));
    assert.equal(severities.lastIndexOf('critical') < severities.indexOf('warning'), true);
    assert.equal(first.part.groups[0]!.severity, 'critical');

    const r = new ViewStreamReader();
    let final: ViewSnapshot | undefined;
    for (const m of out) {
      const res = r.read(m);
      if (res.kind === 'view') final = res.snapshot;
    }
    assert.deepEqual(plain(final), plain(s));
  });

  it('cuts a large delta into parts of one seq that the window applies together', () => {
    const alerts = Array.from({ length: 5_000 }, (_, i) => alert(i, 'critical'));
    const out = deltaMessages({
      seq: 9,
      upsert: { alerts },
      remove: { alerts: ['x', 'y'] },
      summary: bigSnapshot(10).summary,
    }).map((q) => q.message);
    assert.ok(out.length >= 3);
    for (const m of out.slice(0, -1)) assert.ok(m.type === 'delta' && m.more === true);
    const last = out.at(-1)!;
    assert.ok(last.type === 'delta' && last.more === undefined && last.delta.summary);
    for (const m of out) assert.ok(records(m) <= PART_RECORDS);
  });
});

describe('view stream: pace and slow windows', () => {
  it('waits for the transport between messages, deltas after the snapshot, in order', async () => {
    const core = new FakeCore(bigSnapshot(20_000));
    let open: (() => void) | undefined;
    let blocked = true;
    const flow: Flow = {
      drained: () =>
        blocked
          ? new Promise<void>((resolve) => {
              open = resolve;
            })
          : undefined,
    };
    const got: ViewStreamMessage[] = [];
    // The first message goes at once only when the transport is drained.
    blocked = false;
    const off = streamView(
      core,
      (m) => {
        got.push(m);
        blocked = true; // each message fills the transport
      },
      flow,
    );
    assert.equal(got.length, 1);
    core.change(0, 5, 'critical');
    for (let i = 0; i < 1000 && open; i++) {
      const o = open;
      open = undefined;
      blocked = false;
      o();
      await new Promise((r) => setImmediate(r));
    }
    off();
    const types = got.map((m) => m.type);
    assert.equal(types[0], 'snapshot');
    assert.equal(types.at(-1), 'delta', 'the delta waited for the whole snapshot');
    assert.ok(types.slice(1, -1).every((t) => t === 'snapshot-part'));
    const r = new ViewStreamReader();
    let final: ViewSnapshot | undefined;
    for (const m of got) {
      const res = r.read(m);
      if (res.kind === 'view') final = res.snapshot;
    }
    assert.deepEqual(plain(final), plain(core.view));
  });

  it('replaces what a window that cannot keep up would queue with a fresh snapshot', async () => {
    const core = new FakeCore(bigSnapshot(10_000));
    let release: (() => void) | undefined;
    const flow: Flow = {
      drained: () =>
        release === undefined
          ? new Promise<void>((resolve) => {
              release = resolve;
            })
          : undefined,
    };
    const got: ViewStreamMessage[] = [];
    const off = streamView(core, (m) => got.push(m), flow);
    assert.equal(got.length, 0, 'the window has not taken anything yet');
    // Far more changes than the bound while the window is stuck.
    const rounds = Math.ceil(MAX_QUEUED_RECORDS / 10_000) + 2;
    for (let k = 0; k < rounds; k++) core.change(0, 10_000, k % 2 ? 'critical' : 'info');
    release!();
    for (let i = 0; i < 200; i++) await new Promise((r) => setImmediate(r));
    off();
    const head = got[0]!;
    assert.ok(head.type === 'snapshot' && head.snapshot.seq > 1, 'a fresh snapshot, not the first');
    const seqs = new Set(got.flatMap((m) => (m.type === 'delta' ? [m.delta.seq] : [])));
    assert.ok(seqs.size < rounds, `only changes after the fresh snapshot (${seqs.size})`);
    const r = new ViewStreamReader();
    let final: ViewSnapshot | undefined;
    for (const m of got) {
      const res = r.read(m);
      assert.notEqual(res.kind, 'resync');
      if (res.kind === 'view') final = res.snapshot;
    }
    assert.deepEqual(plain(final), plain(core.view), 'the window ends exactly where the core is');
  });
});
