// The window's label index (autocompletion) is kept up to date record by record as the view
// stream is applied; it must always equal an index built from scratch over the same alerts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView, ViewDelta, ViewSnapshot } from '../../../main/core/model/view.ts';
import { LabelIndex, type LabelCounts } from '../../../main/core/list/label-index.ts';
import { ViewStreamReader } from '../../../renderer/src/lib/view/apply.ts';
import { alertView, snapshotOf } from '../../support/views.ts';
import { prng as random } from '../../bench/lib/fixtures.ts';

const alert = (fp: string, labels: Record<string, string>): AlertView =>
  alertView(fp, labels, { severity: '' });

const snapshot = (seq: number, alerts: AlertView[]): ViewSnapshot =>
  snapshotOf(seq, { alerts, summary: { firing: alerts.length } });

/** Sorted plain form, to compare two indexes. */
function plain(c: LabelCounts): [string, [string, number][]][] {
  return [...c.entries()]
    .map(([k, v]): [string, [string, number][]] => [k, [...v.entries()].sort()])
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

describe('label index', () => {
  it('equals a rebuild after every delta, through replacements, removals and resets', () => {
    const rnd = random(11);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
    // Hostile keys too: a fingerprint named like an Object.prototype member.
    const fps = ['a', 'b', 'c', 'd', 'e', 'f', 'constructor', 'toString', 'hasOwnProperty'];
    const names = ['alertname', 'severity', 'instance', 'team'];
    const values = ['x', 'y', 'z', 'critical', ''];
    const randomAlert = (fp: string) => {
      const labels: Record<string, string> = {};
      for (const n of names) if (rnd() < 0.7) labels[n] = pick(values);
      return alert(fp, labels);
    };

    let index: LabelIndex | null = null;
    const reader = new ViewStreamReader();
    reader.watch({
      alert: (prev, next) => index?.change(prev, next),
      reset: () => (index = null),
    });
    let seq = 1;
    reader.read({ type: 'snapshot', snapshot: snapshot(seq, fps.slice(0, 4).map(randomAlert)) });
    for (let step = 0; step < 600; step++) {
      // Built lazily, as the window does (on the first read after a snapshot).
      index ??= LabelIndex.of(reader.current!.alerts);
      if (rnd() < 0.03) {
        reader.read({
          type: 'snapshot',
          snapshot: snapshot(++seq, fps.filter(() => rnd() < 0.5).map(randomAlert)),
        });
        continue;
      }
      const delta: ViewDelta = { seq: ++seq, upsert: {}, remove: {} };
      const upsert = fps.filter(() => rnd() < 0.3);
      const remove = fps.filter((fp) => !upsert.includes(fp) && rnd() < 0.2);
      if (upsert.length) delta.upsert.alerts = upsert.map(randomAlert);
      // Removing an alert that is not there (a repeated removal) must change nothing.
      if (remove.length) delta.remove.alerts = remove;
      const r = reader.read({ type: 'delta', delta });
      assert.equal(r.kind, 'view');
      assert.deepEqual(
        plain(index.counts),
        plain(LabelIndex.of(reader.current!.alerts).counts),
        `step ${step}`,
      );
    }
  });

  it('follows a streamed snapshot part by part', () => {
    let index: LabelIndex | null = null;
    const reader = new ViewStreamReader();
    reader.watch({
      alert: (prev, next) => index?.change(prev, next),
      reset: () => (index = null),
    });
    const head = snapshot(5, []);
    reader.read({ type: 'snapshot', snapshot: head, loading: { alerts: 3, groups: 0 } });
    const first = reader.read({
      type: 'snapshot-part',
      part: { seq: 5, groups: [], alerts: [alert('a', { team: 'x' })], last: false },
    });
    assert.equal(first.kind, 'loading');
    if (first.kind !== 'loading') return;
    index = LabelIndex.of(first.partial.alerts);
    reader.read({
      type: 'snapshot-part',
      part: {
        seq: 5,
        groups: [],
        alerts: [alert('b', { team: 'x' }), alert('c', { team: 'y' })],
        last: true,
      },
    });
    assert.deepEqual(plain(index.counts), [
      [
        'team',
        [
          ['x', 2],
          ['y', 1],
        ],
      ],
    ]);
    // A new snapshot drops it (the window rebuilds on its next read).
    reader.read({ type: 'snapshot', snapshot: snapshot(6, []) });
    assert.equal(index, null);
  });

  it('drops names and values no alert carries any more', () => {
    const index = new LabelIndex();
    const a = alert('a', { team: 'x', env: 'prod' });
    index.change(undefined, a);
    index.change(a, alert('a', { team: 'y' }));
    assert.deepEqual(plain(index.counts), [['team', [['y', 1]]]]);
    index.change(alert('a', { team: 'y' }), undefined);
    assert.equal(index.counts.size, 0);
  });
});
