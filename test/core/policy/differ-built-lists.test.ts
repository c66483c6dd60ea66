// The event differ takes a merged view's alerts as the list the merger built them from
// (record-facts.ts `listOf`, record-values.ts `builtFrom`) instead of enumerating 50,000
// dictionary keys every cycle. It must decide exactly what it decides from the map's own keys:
// the same views diffed as merged and as plain copies (no built list) give the same events,
// over firing, resolving, silencing and disappearing alerts, fingerprints that look like array
// indices and "__proto__" included.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { GettableAlert } from '../../../main/core/api/types.ts';
import { Merger, type MergedView } from '../../../main/core/engine/merge.ts';
import type { CoreEvent } from '../../../main/core/model/events.ts';
import { keyedCopy } from '../../../main/core/model/own-keys.ts';
import { builtListOf } from '../../../main/core/model/record-values.ts';
import type { ViewSnapshot } from '../../../main/core/model/view.ts';
import { EventDiffer } from '../../../main/core/policy/differ.ts';
import { group, inst, input, rawAlert } from '../engine/merge-fixtures.ts';

const FPS = ['b7', '12', '__proto__', 'a1', '3', 'ff'];
const T0 = Date.parse('2026-11-21T02:00:00.000Z');

/** Poll n: which alerts are listed and how (a scripted history of one instance). */
function poll(n: number): GettableAlert[] {
  return FPS.flatMap((fp, i) => {
    if ((n + i) % 5 === 4) return []; // gone for a poll
    const extra: Partial<GettableAlert> = {};
    if ((n + i) % 4 === 1)
      extra.status = { state: 'suppressed', silencedBy: ['s1'], inhibitedBy: [] };
    // Ends in the past from poll 3 on for some: resolved while still listed.
    if (n >= 3 && i % 3 === 0) extra.endsAt = '2026-11-21T01:30:00.000Z';
    return [rawAlert(fp, { alertname: `A${i % 2}`, severity: 'critical', fp }, extra)];
  });
}

const sorted = (events: CoreEvent[]): string[] => events.map((e) => JSON.stringify(e)).sort();

describe('EventDiffer over the lists the merger built', () => {
  it('gives the events it gives for the same views without them', () => {
    const merger = new Merger();
    const built = new EventDiffer();
    const plain = new EventDiffer();
    let prev: MergedView | undefined;
    let prevBuilt: ViewSnapshot | undefined;
    let prevPlain: ViewSnapshot | undefined;
    let seen = 0;
    for (let n = 0; n < 12; n++) {
      const alerts = poll(n);
      const groups = [0, 1].map((k) =>
        group(
          `A${k}`,
          alerts.filter((a) => a.labels.alertname === `A${k}`),
        ),
      );
      const { view } = merger.merge(
        input([
          inst(
            'am',
            groups.filter((g) => g.alerts.length > 0),
          ),
        ]),
        prev,
      );
      prev = view;
      const asBuilt: ViewSnapshot = { seq: n + 1, ...view };
      const asPlain: ViewSnapshot = { ...asBuilt, alerts: keyedCopy(view.alerts) };
      assert.ok(builtListOf(asBuilt.alerts), 'the merger records the list it built from');
      assert.equal(builtListOf(asPlain.alerts), undefined);
      const now = T0 + n * 15_000;
      const a = built.diff(prevBuilt, asBuilt, now, { expiringWithinMin: 10 });
      const b = plain.diff(prevPlain, asPlain, now, { expiringWithinMin: 10 });
      assert.deepEqual(sorted(a), sorted(b), `poll ${n}`);
      seen += a.length;
      prevBuilt = asBuilt;
      prevPlain = asPlain;
    }
    assert.ok(seen > 10, `${seen} events: the script exercises the differ`);
  });
});
