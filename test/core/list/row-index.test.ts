// A grouped list's rows kept as group rows and where each starts (row-index.ts) must be the flat
// list exactly: every row by index, every top, the row at every pixel, each alert row's group,
// and every way a row is asked by name, with groups collapsed, big and small.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drain, NEVER } from '../../../main/core/list/pace.ts';
import { flatRowsSteps, groupedRowsSteps } from '../../../main/core/list/row-index.ts';
import { GroupFilter } from '../../../main/core/list/group-filter.ts';
import type { GroupView } from '../../../main/core/model/view.ts';
import type { ListFind } from '../../../main/core/list/list-query.ts';
import { defaultUiSettings } from '../../../main/core/settings/defaults.ts';
import { alertView } from '../../support/views.ts';
import { flattenRows, prepareGroups } from '../../support/list-steps.ts';
import { prng } from '../../bench/lib/fixtures.ts';

describe('RowIndex of group rows', () => {
  it('is the flat list: rows, tops, pixels, groups and finds (random lists)', () => {
    const r = prng(2929);
    for (let round = 0; round < 40; round++) {
      const alerts: Record<string, ReturnType<typeof alertView>> = {};
      const groups: Record<string, GroupView> = {};
      const nGroups = Math.floor(r() * 30);
      const fps: string[] = [];
      for (let g = 0; g < nGroups; g++) {
        const members: string[] = [];
        const size = r() < 0.1 ? 200 : 1 + Math.floor(r() * 6);
        for (let i = 0; i < size; i++) {
          // Some alerts in two groups (two receivers' routes).
          const fp =
            r() < 0.05 && fps.length > 0 ? fps[Math.floor(r() * fps.length)]! : `f${g}x${i}`;
          alerts[fp] ??= alertView(fp, { alertname: `A${g % 4}`, i: String(i) });
          if (!members.includes(fp)) members.push(fp);
          fps.push(fp);
        }
        const key = `{}:{alertname="A${g}"}\u0000${g}`;
        groups[key] = {
          key,
          clusterId: 'c1',
          receivers: ['r'],
          labels: { alertname: `A${g % 4}` },
          alerts: members,
          counts: { active: 0, suppressed: 0, unprocessed: 0 },
          severity: '',
          stale: false,
        };
      }
      const prepared = prepareGroups(null, groups, alerts, ['critical', 'warning']);
      const f = defaultUiSettings().filter;
      const built = new GroupFilter().build(prepared, { ...f, matchers: [], words: [] });
      const collapsed = new Set(built.groups.filter(() => r() < 0.3).map((g) => g.key));
      const flat = drain(flatRowsSteps(flattenRows(built.groups, collapsed), NEVER));
      const grouped = drain(groupedRowsSteps(built.groups, collapsed, NEVER));
      assert.equal(grouped.length, flat.length);
      assert.equal(grouped.height, flat.height);
      for (let i = 0; i <= flat.length; i++) assert.equal(grouped.top(i), flat.top(i), `top ${i}`);
      for (let i = 0; i < flat.length; i++) {
        assert.equal(grouped.at(i), flat.at(i), `row ${i}`);
        if (flat.at(i).kind === 'alert') assert.equal(grouped.groupOf(i), flat.groupOf(i));
      }
      for (let k = 0; k < 200; k++) {
        const y = Math.floor(r() * (flat.height + 100));
        assert.equal(grouped.indexAt(y), flat.indexAt(y), `y ${y}`);
      }
      for (const y of [0, 31, 32, 33, flat.height - 1, flat.height])
        assert.equal(grouped.indexAt(y), flat.indexAt(y), `y ${y}`);
      const finds: ListFind[] = [
        { index: -3 },
        { index: 1e9 },
        { index: 2.7 },
        { key: 'nothing' },
        { key: 'nothing\u0000f1x1' },
        { fingerprint: 'gone' },
        { groupKey: 'gone' },
      ];
      for (let k = 0; k < 30 && flat.length > 0; k++) {
        const row = flat.at(Math.floor(r() * flat.length));
        finds.push({ key: row.key });
        const fp = fps[Math.floor(r() * fps.length)]!;
        const gk = Object.keys(groups)[Math.floor(r() * nGroups)]!;
        finds.push({ fingerprint: fp }, { fingerprint: fp, groupKey: gk }, { groupKey: gk });
      }
      // `n`/`p`: the next or previous header from any row, the first and last included.
      for (const i of [0, flat.length - 1, ...Array.from({ length: 20 }, () => r() * flat.length)])
        if (i >= 0)
          for (const step of [1, -1] as const) finds.push({ header: Math.floor(i), step });
      for (const find of finds)
        assert.deepEqual(grouped.find(find), flat.find(find), JSON.stringify(find));
    }
  });
});

describe('the next and previous header (n, p)', () => {
  it('goes group to group from a header or an alert row, and not past the ends', () => {
    const alerts: Record<string, ReturnType<typeof alertView>> = {};
    const groups: Record<string, GroupView> = {};
    for (let g = 0; g < 3; g++) {
      const members = [0, 1].map((i) => `g${g}a${i}`);
      for (const fp of members) alerts[fp] = alertView(fp, { alertname: `N${g}`, fp });
      const key = `{}:{alertname="N${g}"}`;
      groups[key] = {
        key,
        clusterId: 'c1',
        receivers: ['r'],
        labels: { alertname: `N${g}` },
        alerts: members,
        counts: { active: 0, suppressed: 0, unprocessed: 0 },
        severity: '',
        stale: false,
      };
    }
    const prepared = prepareGroups(null, groups, alerts, ['critical', 'warning']);
    const f = defaultUiSettings().filter;
    const built = new GroupFilter().build(prepared, { ...f, matchers: [], words: [] });
    // Rows: 0 header, 1-2 alerts, 3 header, 4-5, 6 header, 7-8.
    const rows = drain(groupedRowsSteps(built.groups, new Set(), NEVER));
    const at = (header: number, step: 1 | -1) => rows.find({ header, step }).index;
    assert.equal(at(0, 1), 3);
    assert.equal(at(1, 1), 3);
    assert.equal(at(5, 1), 6);
    assert.equal(at(7, 1), -1, 'none after the last group');
    assert.equal(at(4, -1), 3, "an alert row's own header first");
    assert.equal(at(3, -1), 0);
    assert.equal(at(0, -1), -1, 'none before the first');
  });
});
