// The incremental Merger (main/core/engine/merge.ts) against its executable specification
// (spec/spec-merge.ts, a from-scratch merge of all current polls) over random poll sequences
// (spec/random-polls.ts: HA peers agreeing and not, flaps, resolves, silences coming and
// going, instances failing with their stale data kept, groups moving, ...). After every merge:
// the view equals the spec's; the silence use it keeps equals a count over the view; the diff
// from its change list equals the diff visiting every record, and every record the list leaves
// out is the previous view's object; that delta applied to the previous snapshot gives the
// view. Poll data is frozen, so a write into it throws. Polls are sometimes taken in ahead of
// the merge (Merger.takeIn), including polls replaced before any merge.
//
// Deterministic: sequence i uses seed BASE + i. A failure names its seed; run that one alone
// with MERGE_SEED=<seed> (and MERGE_STEPS=<n> for a longer sequence).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isDeepStrictEqual } from 'node:util';
import { diffViews } from '../../../main/core/engine/delta.ts';
import { Merger, type MergedView } from '../../../main/core/engine/merge.ts';
import { valuesOf } from '../../../main/core/model/record-values.ts';
import type { ViewDelta, ViewSnapshot } from '../../../main/core/model/view.ts';
import { applyDelta } from './spec/apply-delta.ts';
import { PollWorld } from './spec/random-polls.ts';
import { rng } from './spec/rng.ts';
import { specMerge } from './spec/spec-merge.ts';

const BASE = 20261124;
const SEQUENCES = 200;
const STEPS = Number(process.env['MERGE_STEPS'] ?? 40);
const ONLY = process.env['MERGE_SEED'];

/** Where two views first differ: the collection and key, with both records. */
function firstDifference(got: MergedView, want: MergedView): string {
  for (const c of ['instances', 'clusters', 'alerts', 'groups', 'silences'] as const) {
    const g = got[c] as Record<string, unknown>;
    const w = want[c] as Record<string, unknown>;
    for (const k of new Set([...Object.keys(g), ...Object.keys(w)])) {
      if (isDeepStrictEqual(g[k], w[k])) continue;
      const show = (x: unknown): string => JSON.stringify(x) ?? 'absent';
      return `${c}[${k}]\n  merger: ${show(g[k])}\n  spec:   ${show(w[k])}`;
    }
  }
  return `summary\n  merger: ${JSON.stringify(got.summary)}\n  spec:   ${JSON.stringify(want.summary)}`;
}

/** A delta with its lists sorted by key (the change list is in rebuild order). */
function canonical(d: ViewDelta | undefined): ViewDelta | undefined {
  if (!d) return d;
  const keyOf = (r: unknown): string => {
    const o = r as { key?: string; fingerprint?: string; id?: string };
    return o.key ?? o.fingerprint ?? o.id ?? '';
  };
  const upsert: Record<string, unknown[]> = {};
  for (const [c, list] of Object.entries(d.upsert))
    upsert[c] = [...(list as unknown[])].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  const remove: Record<string, string[]> = {};
  for (const [c, list] of Object.entries(d.remove)) remove[c] = [...(list as string[])].sort();
  return { ...d, upsert, remove } as ViewDelta;
}

function runSequence(seed: number, steps: number): void {
  const r = rng(seed);
  const world = new PollWorld(r);
  const m = new Merger();
  // Its own numbers: whether the alerts record is copied ahead before a merge (as the core
  // does in idle turns at scale) leaves every sequence of polls as it was.
  const ahead = rng(seed ^ 0x5eed);
  // And whether polls are taken in ahead of the merge (as the core does at scale while a
  // merge waits for the other instances' polls): the polls about to be merged, or polls that
  // a later poll replaces before any merge (taken in, never merged themselves).
  const takeIn = rng(seed ^ 0x1a7e);
  let prev: MergedView | undefined;
  let snapshot: ViewSnapshot | undefined;
  for (let step = 0; step < steps; step++) {
    const early = takeIn();
    if (early < 0.2) m.takeIn(world.next(), prev);
    const input = world.next();
    if (early >= 0.2 && early < 0.45) m.takeIn(input, prev);
    const where = `seed ${seed} step ${step} (rerun: MERGE_SEED=${seed})`;
    if (ahead() < 0.5) m.prepareNext(0);
    const { view, changes } = m.merge(input, prev);
    const want = specMerge(input);
    // The values list every reader uses is the record's own, in its order.
    assert.deepEqual(valuesOf(view.alerts), Object.values(view.alerts), `alerts list at ${where}`);
    if (!isDeepStrictEqual(view, want))
      assert.fail(`merger != spec at ${where}: ${firstDifference(view, want)}`);

    const use = new Map<string, number>();
    for (const a of Object.values(view.alerts))
      for (const k of a.silencedBy) use.set(k, (use.get(k) ?? 0) + 1);
    assert.deepEqual(
      new Map([...m.silenceUse].sort()),
      new Map([...use].sort()),
      `silence use at ${where}`,
    );

    if (prev && snapshot) {
      const d = diffViews(prev, view, snapshot.seq + 1, changes);
      assert.deepEqual(
        canonical(d),
        canonical(diffViews(prev, view, snapshot.seq + 1)),
        `change list at ${where}`,
      );
      // What the list leaves out is the previous object itself (unchanged records are reused).
      // No list after a severity label or order change: every record is rebuilt.
      const listed = new Set<unknown>([...(changes?.alerts ?? []), ...(changes?.groups ?? [])]);
      for (const c of ['alerts', 'groups'] as const)
        for (const [k, rec] of Object.entries(view[c]))
          if (changes && !listed.has(rec) && prev[c][k] !== rec)
            assert.fail(`${c}[${k}] not reused at ${where}`);
      // Every group the list must look at again is named: its record changed or went, or one
      // of its alerts' records changed (its record may stay the same object then).
      if (changes) {
        const touched = new Set(changes.touchedGroups);
        const before = prev;
        for (const k of new Set([...Object.keys(prev.groups), ...Object.keys(view.groups)])) {
          const g = view.groups[k];
          const moved =
            prev.groups[k] !== g || g!.alerts.some((fp) => before.alerts[fp] !== view.alerts[fp]);
          if (moved && !touched.has(k)) assert.fail(`group ${k} touched but not named at ${where}`);
        }
      }
      if (d) snapshot = applyDelta(snapshot, d);
      assert.deepEqual(snapshot, { seq: snapshot.seq, ...view }, `delta applied at ${where}`);
    } else {
      snapshot = { seq: 0, ...view };
    }
    // Sometimes merged without the previous view (as on start): no change list then.
    prev = r() < 0.05 ? undefined : view;
    if (!prev) snapshot = undefined;
  }
}

describe('Merger equals the from-scratch spec over random poll sequences', () => {
  if (ONLY !== undefined) {
    it(`seed ${ONLY}`, () => runSequence(Number(ONLY), STEPS));
    return;
  }
  it(`${SEQUENCES} sequences of ${STEPS} polls`, () => {
    for (let i = 0; i < SEQUENCES; i++) runSequence(BASE + i, STEPS);
  });
});
