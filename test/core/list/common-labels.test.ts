// The list's common labels (said once above the list) and a group's (said on its header): what
// every alert shares, alertname aside, never for a single alert; kept per row object, so they
// must still be right when rows are combined differently from one build to the next.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listCommonLabels } from '../../../main/core/list/row-labels.ts';
import { prng } from '../../bench/lib/fixtures.ts';

const row = (...labels: Record<string, string>[]) => ({
  alerts: labels.map((l) => ({ labels: l })),
});

describe('listCommonLabels', () => {
  it('is what every alert of every row has with the same value', () => {
    const a = row(
      { alertname: 'A', cluster: 'eu1', job: 'node', instance: 'n1' },
      { alertname: 'A', cluster: 'eu1', job: 'node', instance: 'n2' },
    );
    const b = row({ alertname: 'B', cluster: 'eu1', job: 'api', instance: 'n1' });
    const c = row({ alertname: 'C', cluster: 'eu1', job: 'node' });
    assert.deepEqual(listCommonLabels([a]), { cluster: 'eu1', job: 'node' });
    assert.deepEqual(listCommonLabels([a, b]), { cluster: 'eu1' });
    assert.deepEqual(listCommonLabels([b, a]), { cluster: 'eu1' });
    assert.deepEqual(listCommonLabels([a, c]), { cluster: 'eu1', job: 'node' });
    // Cached per row: the same rows in another list give that list's answer.
    assert.deepEqual(listCommonLabels([a]), { cluster: 'eu1', job: 'node' });
    assert.deepEqual(listCommonLabels([c, b, a]), { cluster: 'eu1' });
  });

  it('says nothing for one alert, or none', () => {
    const one = row({ alertname: 'A', cluster: 'eu1' });
    assert.deepEqual(listCommonLabels([one]), {});
    assert.deepEqual(listCommonLabels([one, row()]), {});
    assert.deepEqual(listCommonLabels([]), {});
    assert.deepEqual(listCommonLabels([one, row({ alertname: 'B', cluster: 'eu1' })]), {
      cluster: 'eu1',
    });
  });

  it('stops at nothing shared and keeps to a bounded number of labels', () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 10_000; i++) many[`l${i}`] = 'v';
    const common = listCommonLabels([row(many, many)]);
    assert.equal(Object.keys(common).length, 100);
    assert.deepEqual(listCommonLabels([row({ a: '1' }, { a: '2' }), row(many, many)]), {});
  });

  it('a row seen for the first time is tested as one seen before (random rows)', () => {
    // New rows (a poll touched their group) are tested on the labels still common only; the
    // same rows seen before use their shared sets. Both must give the definition's answer.
    const r = prng(29);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const wide: Record<string, string> = {};
    for (let i = 0; i < 150; i++) wide[`w${String(i).padStart(3, '0')}`] = 'x';
    const labelsOf = (): Record<string, string> => {
      const l: Record<string, string> = { alertname: pick(['A', 'B']) };
      for (const k of ['cluster', 'job', 'team', 'zone'])
        if (r() < 0.9) l[k] = pick(k === 'cluster' ? ['eu1'] : ['a', 'b']);
      // Over sharedOf's cap of 100 labels now and then: the first 100 only are looked at.
      return r() < 0.1 ? { ...wide, ...l } : l;
    };
    const definition = (rows: { alerts: { labels: Record<string, string> }[] }[]) => {
      const alerts = rows.flatMap((x) => x.alerts);
      if (alerts.length < 2) return {};
      const out: Record<string, string> = {};
      for (const row of rows) {
        if (row.alerts.length === 0) continue;
        const first = row.alerts[0]!.labels;
        const keys = Object.keys(first)
          .filter((k) => k !== 'alertname')
          .slice(0, 100);
        for (const k of keys) if (row.alerts.every((a) => a.labels[k] === first[k])) out[k] ??= '';
      }
      // Names every row shares with one value across all alerts (each row within its cap).
      const shared: Record<string, string> = {};
      const v0 = alerts[0]!.labels;
      for (const k of Object.keys(out))
        if (
          rows.every((row) => {
            if (row.alerts.length === 0) return true;
            const keys = Object.keys(row.alerts[0]!.labels)
              .filter((x) => x !== 'alertname')
              .slice(0, 100);
            return keys.includes(k) && row.alerts.every((a) => a.labels[k] === v0[k]);
          })
        )
          shared[k] = v0[k]!;
      return shared;
    };
    const pool = Array.from({ length: 40 }, () =>
      row(...Array.from({ length: 1 + Math.floor(r() * 4) }, labelsOf)),
    );
    for (let round = 0; round < 300; round++) {
      const rows = Array.from({ length: 1 + Math.floor(r() * 6) }, () =>
        r() < 0.5 ? pick(pool) : row(...Array.from({ length: Math.floor(r() * 4) }, labelsOf)),
      );
      assert.deepEqual(listCommonLabels(rows), definition(rows), `round ${round}`);
    }
  });
});
