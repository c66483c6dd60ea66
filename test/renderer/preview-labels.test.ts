// The silence preview's label order (renderer/src/lib/silences/preview-labels.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { previewLabels, varyingNames } from '../../renderer/src/lib/silences/preview-labels.ts';

describe('preview labels', () => {
  const alerts: { labels: Record<string, string> }[] = [
    { labels: { alertname: 'A', cluster: 'prod', instance: 'n1', pod: 'p-1' } },
    { labels: { alertname: 'A', cluster: 'prod', instance: 'n1', pod: 'p-2' } },
    { labels: { alertname: 'A', cluster: 'prod', instance: 'n1', pod: 'p-3', zone: 'b' } },
  ];

  it('finds the labels whose values differ, or that some alerts lack', () => {
    assert.deepEqual([...varyingNames(alerts)].sort(), ['pod', 'zone']);
    assert.deepEqual([...varyingNames([alerts[0]!])], []);
    assert.deepEqual([...varyingNames([])], []);
  });

  it('puts those first, then the shared ones, alertname left out', () => {
    const v = varyingNames(alerts);
    assert.deepEqual(previewLabels(alerts[2]!.labels, v), [
      ['pod', 'p-3'],
      ['zone', 'b'],
      ['cluster', 'prod'],
      ['instance', 'n1'],
    ]);
  });
});
