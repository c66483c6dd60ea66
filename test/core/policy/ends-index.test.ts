// The differ's index of when records' endsAt passes (policy/ends-index.ts): a min-heap that
// must hand out exactly the entries due, each once, whatever the order they were added in.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { EndsIndex } from '../../../main/core/policy/ends-index.ts';

describe('EndsIndex', () => {
  it('gives each entry once, when its time has come, in time order', () => {
    let s = 3;
    const r = (): number => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const index = new EndsIndex();
    const pending = new Map<string, number>();
    for (let round = 0; round < 50; round++) {
      for (let k = 0; k < 40; k++) {
        const fp = `f${round}-${k}`;
        // Ties and times already past included.
        const ms = round * 100 + Math.floor(r() * 500) - 50;
        index.add(ms, fp);
        pending.set(fp, ms);
      }
      const now = round * 100 + 50;
      const due = index.due(now);
      const expected = [...pending].filter(([, ms]) => ms <= now).map(([fp]) => fp);
      assert.deepEqual([...due].sort(), expected.sort(), `round ${round}`);
      const times = due.map((fp) => pending.get(fp)!);
      assert.deepEqual(
        times,
        [...times].sort((a, b) => a - b),
        'in time order',
      );
      for (const fp of due) pending.delete(fp);
      assert.equal(index.size, pending.size);
    }
    index.clear();
    assert.deepEqual(index.due(Infinity), []);
  });
});
