// The next alerts record copied ahead in idle turns (engine/alert-records.ts): copied in
// slices, finished by the merge when it is not done, changed by the merge's changes alone, and
// never a copy of another record than the one the merge starts from.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { AlertRecordCopy } from '../../../main/core/engine/alert-records.ts';
import { keyedRecord } from '../../../main/core/model/own-keys.ts';
import type { AlertView } from '../../../main/core/model/view.ts';

const record = (fp: string, n = 0) => ({ fingerprint: fp, n }) as unknown as AlertView;

function published(count: number): { rec: Record<string, AlertView>; values: AlertView[] } {
  const rec = keyedRecord<AlertView>();
  const values: AlertView[] = [];
  for (let i = 0; i < count; i++) values.push((rec[`f${i}`] = record(`f${i}`)));
  // A fingerprint that is a key of Object.prototype is a key like any other.
  values.push((rec['__proto__'] = record('__proto__')));
  return { rec, values };
}

describe('alerts record copied ahead', () => {
  it('copies in slices, and the merge changes only what it changed', () => {
    const { rec, values } = published(2_500);
    const copy = new AlertRecordCopy();
    copy.follow(rec, values);
    assert.equal(copy.work(0), true, 'one stride of 1,000 leaves more');
    while (copy.work(0));
    assert.equal(copy.pending, false);
    // Done ahead: the merge reads none of the values again.
    let reads = 0;
    const watched = new Proxy(values, {
      get: (t, k) => {
        if (typeof k === 'string' && /^\d+$/.test(k)) reads++;
        return Reflect.get(t, k) as unknown;
      },
    });
    copy.follow(rec, watched);
    while (copy.work(0));
    reads = 0;
    const changed = [record('f7', 1), record('new', 1)];
    const out = copy.take(rec, changed, ['f3', '__proto__'])!;
    assert.equal(reads, 0);
    assert.notEqual(out, rec, 'a new record: the published one is never written');
    assert.equal(Object.getPrototypeOf(out), null);
    assert.equal(Object.keys(rec).length, 2_501);
    assert.equal(rec['f3'], values[3]);
    assert.equal(Object.keys(out).length, 2_500);
    assert.equal(out['f7'], changed[0]);
    assert.equal(out['new'], changed[1]);
    assert.equal(Object.hasOwn(out, 'f3'), false);
    assert.equal(Object.hasOwn(out, '__proto__'), false);
    assert.equal(out['f8'], values[8]);
    // Handed over: a second take starts nothing from it.
    assert.equal(copy.take(rec, [], []), undefined);
  });

  it('a merge before the copy is done finishes it; another record is never used', () => {
    const { rec, values } = published(2_500);
    const copy = new AlertRecordCopy();
    copy.follow(rec, values);
    copy.work(0);
    const out = copy.take(rec, [record('f1', 2)], [])!;
    assert.equal(Object.keys(out).length, 2_501);
    assert.equal(out['f2499'], values[2499]);
    assert.equal(out['f1']!.fingerprint, 'f1');
    assert.notEqual(out['f1'], values[1]);

    copy.follow(rec, values);
    assert.equal(copy.take(rec, [], []), undefined, 'not begun: built from scratch in one pass');
    copy.follow(rec, values);
    copy.work(0);
    const other = published(10).rec;
    assert.equal(copy.take(other, [], []), undefined, 'a copy of another record');
    assert.equal(copy.take(undefined, [], []), undefined);
    copy.clear();
    assert.equal(copy.work(5), false, 'nothing to copy after clear');
    assert.equal(copy.take(rec, [], []), undefined);
  });
});
