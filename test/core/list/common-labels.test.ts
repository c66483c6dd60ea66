// The list's common labels (said once above the list) and a group's (said on its header): what
// every alert shares, alertname aside, never for a single alert; kept per row object, so they
// must still be right when rows are combined differently from one build to the next.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listCommonLabels } from '../../../main/core/list/row-labels.ts';

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
});
