// What the filter input offers at the caret (filter-suggestions.ts), and what "silence" on a
// row of the alert list opens (silence-request.ts): pure, so checked in plain Node.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView, GroupView } from '../../main/core/model/view.ts';
import { completionContext } from '../../main/core/list/filter-text.ts';
import { suggestionsFor } from '../../renderer/src/lib/alerts/filter-suggestions.ts';
import { silenceRequestFor } from '../../renderer/src/lib/alerts/silence-request.ts';
import type { ListRow as Row } from '../../main/core/list/list-query.ts';

const labels = new Map([
  [
    'severity',
    new Map([
      ['critical', 3],
      ['warning', 9],
      ['info', 1],
    ]),
  ],
  ['service', new Map([['api', 2]])],
  ['alertname', new Map([['Disk "full"', 1]])],
]);

describe('filter suggestions', () => {
  it('offers label names, most varied first, with what to insert', () => {
    const got = suggestionsFor(completionContext('se', 2)!, labels);
    assert.deepEqual(got, [
      { label: 'severity', detail: '3 values', insert: 'severity=' },
      { label: 'service', detail: '1 values', insert: 'service=' },
    ]);
  });

  it('offers values of the label, most frequent first, quoted', () => {
    const got = suggestionsFor(completionContext('severity=', 9)!, labels);
    assert.deepEqual(
      got.map((s) => s.label),
      ['warning', 'critical', 'info'],
    );
    assert.equal(got[0]!.insert, '"warning"');
    const quoted = suggestionsFor(completionContext('alertname=D', 11)!, labels);
    assert.equal(quoted[0]!.insert, '"Disk \\"full\\""');
  });

  it('keeps the best twelve of many, in order, as a full sort would', () => {
    const many = new Map([
      ['many', new Map(Array.from({ length: 5_000 }, (_, i) => [`v${i}`, (i * 7919) % 97]))],
    ]);
    const got = suggestionsFor(completionContext('many=', 5)!, many).map((s) => s.label);
    const sorted = [...many.get('many')!.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 12)
      .map(([v]) => v);
    assert.deepEqual(got, sorted);
  });

  it('offers nothing for an unknown label or a name typed in full', () => {
    assert.deepEqual(suggestionsFor(completionContext('team=', 5)!, labels), []);
    assert.deepEqual(suggestionsFor(completionContext('service', 7)!, labels), []);
  });
});

describe('silence request for a row', () => {
  const group = { key: 'g1', clusterId: 'c1' } as unknown as GroupView;
  const alert = { fingerprint: 'f1', clusters: ['c2'] } as unknown as AlertView;

  it("silences a group in its cluster, an alert in its group's cluster", () => {
    assert.deepEqual(silenceRequestFor(null), { mode: 'create' });
    const groupRow = { kind: 'group', key: 'g1', group } as unknown as Row;
    assert.deepEqual(silenceRequestFor(groupRow), {
      mode: 'create',
      from: { groupKey: 'g1' },
      clusterId: 'c1',
    });
    const alertRow = {
      kind: 'alert',
      groupKey: 'g1',
      viewGroupKey: 'g1',
      clusterId: 'c1',
      alert,
    } as unknown as Row;
    assert.deepEqual(silenceRequestFor(alertRow), {
      mode: 'create',
      from: { fingerprint: 'f1', clusterId: 'c1' },
      clusterId: 'c1',
    });
  });

  it("falls back to the alert's first cluster when its group names none", () => {
    const alertRow = {
      kind: 'alert',
      clusterId: '',
      groupKey: 'constructor',
      viewGroupKey: 'constructor',
      alert,
    } as unknown as Row;
    assert.deepEqual(silenceRequestFor(alertRow), {
      mode: 'create',
      from: { fingerprint: 'f1', clusterId: 'c2' },
      clusterId: 'c2',
    });
  });
});
