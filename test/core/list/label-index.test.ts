// The core's label facets (autocompletion, list:facets) keep their index up to date delta by
// delta; what they answer must always equal an index built from scratch over the same alerts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView, ViewDelta, ViewSnapshot } from '../../../main/core/model/view.ts';
import { LabelIndex, type LabelCounts } from '../../../main/core/list/label-index.ts';
import { LabelFacets, MAX_FACET_VALUES } from '../../../main/core/list/label-facets.ts';
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

    // A core: its snapshot, replaced per message, and the facets following its messages.
    let current = snapshot(1, fps.slice(0, 4).map(randomAlert));
    const facets = new LabelFacets(() => current);
    let seq = 1;
    for (let step = 0; step < 600; step++) {
      // Built on the first ask, then followed delta by delta.
      const got = facets.answer({});
      const want = LabelIndex.of(Object.values(current.alerts)).counts;
      assert.deepEqual(
        got.names.map(([n, k]) => [n, k]).sort(),
        [...want].map(([n, v]) => [n, v.size]).sort(),
        `step ${step}`,
      );
      for (const name of names) {
        const values = facets.answer({ name }).values ?? [];
        assert.deepEqual(
          [...values].sort(),
          [...(want.get(name) ?? new Map<string, number>())].sort(),
          `step ${step} ${name}`,
        );
      }
      if (rnd() < 0.03) {
        current = snapshot(++seq, fps.filter(() => rnd() < 0.5).map(randomAlert));
        facets.follow({ type: 'snapshot', snapshot: current });
        continue;
      }
      const delta: ViewDelta = { seq: ++seq, upsert: {}, remove: {} };
      const upsert = fps.filter(() => rnd() < 0.3);
      const remove = fps.filter((fp) => !upsert.includes(fp) && rnd() < 0.2);
      if (upsert.length) delta.upsert.alerts = upsert.map(randomAlert);
      // Removing an alert that is not there (a repeated removal) must change nothing.
      if (remove.length) delta.remove.alerts = remove;
      const alerts = { ...current.alerts };
      for (const a of delta.upsert.alerts ?? []) alerts[a.fingerprint] = a;
      for (const fp of remove) delete alerts[fp];
      current = { ...current, seq, alerts };
      facets.follow({ type: 'delta', delta });
    }
  });

  it('answers a name’s values by prefix, the most frequent first, bounded', () => {
    const alerts = Array.from({ length: 500 }, (_, i) =>
      alert(`f${i}`, { instance: `node-${i % 300}`, team: i % 2 ? 'Payments' : 'payroll' }),
    );
    const facets = new LabelFacets(() => snapshot(1, alerts));
    const a = facets.answer({ name: 'team', prefix: 'PAY' });
    assert.deepEqual(a.values, [
      ['Payments', 250],
      ['payroll', 250],
    ]);
    assert.deepEqual(a.names[0], ['instance', 300]);
    assert.equal(facets.answer({ name: 'instance' }).values?.length, MAX_FACET_VALUES);
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
