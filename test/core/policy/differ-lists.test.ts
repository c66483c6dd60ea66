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

/** A small deterministic generator (the same script on every run). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("EventDiffer with the merger's change list", () => {
  it('visits only changed records and those whose endsAt passed, and decides the same', () => {
    // 40 alerts over 3 instances of one cluster and one standalone, 120 polls 15 s apart:
    // alerts come and go, change state, and some keep an endsAt a few polls ahead without
    // changing at all (Prometheus stopped sending them), so it passes while the record stays.
    const r = prng(11);
    const fps = Array.from({ length: 40 }, (_, i) => (i % 7 === 0 ? String(i) : `fp${i}`));
    const state = new Map<string, GettableAlert>();
    const merger = new Merger();
    const withList = new EventDiffer();
    const without = new EventDiffer();
    let prev: MergedView | undefined;
    let prevWith: ViewSnapshot | undefined;
    let prevWithout: ViewSnapshot | undefined;
    let events = 0;
    let resolvedByTime = 0;
    for (let n = 0; n < 120; n++) {
      const now = T0 + n * 15_000;
      for (const fp of fps) {
        const x = r();
        const had = state.get(fp);
        if (!had && x < 0.2) {
          const endsIn = r() < 0.3 ? 20_000 + Math.floor(r() * 90_000) : 3_600_000;
          state.set(
            fp,
            rawAlert(
              fp,
              {
                alertname: `A${fps.indexOf(fp) % 3}`,
                severity: r() < 0.5 ? 'critical' : 'warning',
                fp,
              },
              { endsAt: new Date(now + endsIn).toISOString() },
            ),
          );
        } else if (had && x < 0.05) state.delete(fp);
        else if (had && x < 0.1)
          state.set(fp, {
            ...had,
            status:
              had.status.state === 'active'
                ? { state: 'suppressed', silencedBy: ['s1'], inhibitedBy: [] }
                : { state: 'active', silencedBy: [], inhibitedBy: [] },
          });
      }
      const alerts = [...state.values()];
      const groups = [0, 1, 2]
        .map((k) =>
          group(
            `A${k}`,
            alerts.filter((a) => a.labels.alertname === `A${k}`),
          ),
        )
        .filter((g) => g.alerts.length > 0);
      const { view, changes } = merger.merge(
        input([inst('p1', groups), inst('p2', groups), inst('solo', groups.slice(1), 'ok', 'c2')]),
        prev,
      );
      prev = view;
      const next: ViewSnapshot = { seq: n + 1, ...view };
      // Every 17th view is not diffed (the core publishes no delta for a merge that changed
      // nothing; here it did change, which is harder): the next diff's prev is this view, and
      // its change list is relative to it, but the differ has not seen it: it must visit
      // every record.
      if (n % 17 === 16) {
        prevWith = next;
        prevWithout = next;
        continue;
      }
      const a = withList.diff(prevWith, next, now, { expiringWithinMin: 10 }, changes);
      const b = without.diff(prevWithout, next, now, { expiringWithinMin: 10 });
      assert.deepEqual(sorted(a), sorted(b), `poll ${n}`);
      events += a.length;
      resolvedByTime += a.filter(
        (e) => e.type === 'alert-resolved' && next.alerts[e.fingerprint] !== undefined,
      ).length;
      prevWith = next;
      prevWithout = next;
    }
    assert.ok(events > 100, `${events} events`);
    assert.ok(resolvedByTime > 5, `${resolvedByTime} resolved by endsAt while still listed`);
    // The first diff, and the one after each view that was not diffed, visit every record.
    assert.equal(withList.fullScans, 1 + Math.floor(120 / 17));
    assert.equal(without.fullScans, 120 - Math.floor(120 / 17));
  });
});
