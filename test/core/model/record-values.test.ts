// valuesOf: the values of an immutable view collection, listed once and shared by readers.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keyedRecord } from '../../../main/core/model/own-keys.ts';
import { builtFrom, valuesOf } from '../../../main/core/model/record-values.ts';

describe('valuesOf', () => {
  it('lists a record once, in its own order, "__proto__" included', () => {
    const r = keyedRecord<number>();
    r['b'] = 2;
    r['__proto__'] = 3;
    r['a'] = 1;
    const first = valuesOf(r);
    assert.deepEqual(first, Object.values(r));
    assert.deepEqual(first, [2, 3, 1]);
    assert.equal(valuesOf(r), first, 'the second reader gets the same list');
  });

  it('takes the list a record was built from, without listing it', () => {
    const list = [{ k: 'x' }, { k: 'y' }];
    const r = keyedRecord<{ k: string }>();
    for (const v of list) r[v.k] = v;
    builtFrom(r, list);
    assert.equal(valuesOf(r), list);
  });

  it('costs one listing for many readers of a 100,000-key record', () => {
    const r = keyedRecord<number>();
    for (let i = 0; i < 100_000; i++) r[`fp${i.toString(16)}`] = i;
    const first = valuesOf(r);
    let same = 0;
    for (let i = 0; i < 50; i++) if (valuesOf(r) === first) same++;
    assert.equal(same, 50);
    assert.equal(first.length, 100_000);
  });
});
