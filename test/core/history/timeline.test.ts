// Timeline queries over a history file: matcher filters (the alert list's syntax), pages,
// per-alert and per-group counts over 24 h and 7 d, flapping, the 24-hour heatmap, and
// exports (CSV with formulas from server labels escaped, JSON, in pages).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { HistoryDb } from '../../../main/core/history/history-db.ts';
import type { HistoryRecord } from '../../../main/core/history/record.ts';
import {
  CSV_COLUMNS,
  exportPage,
  timelinePage,
  timelineSummary,
} from '../../../main/core/history/timeline.ts';

const HOUR = 3_600_000;
const NOW = Date.parse('2026-11-20T12:00:00Z');
const EVIL = '=HYPERLINK("http://x","y")';

function alert(
  kind: HistoryRecord['kind'],
  at: number,
  name: string,
  extra: Record<string, string> = {},
): HistoryRecord {
  return {
    at,
    kind,
    clusterId: 'c1',
    fingerprint: `fp-${name}`,
    groupKey: `c1|team|{alertname="${name}"}`,
    alertname: name,
    severity: extra.severity ?? 'warning',
    labels: { alertname: name, severity: 'warning', ...extra },
  };
}

describe('timeline queries', () => {
  let dir: string;
  let db: HistoryDb;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-timeline-'));
    db = new HistoryDb(join(dir, 'h.sqlite'));
    const records: HistoryRecord[] = [];
    // Flappy fired 5 times in the last 24 h (at -1 h, -2 h, ... -5 h), resolved in between.
    for (let h = 5; h >= 1; h--) {
      records.push(alert('fired', NOW - h * HOUR, 'Flappy'));
      records.push(alert('resolved', NOW - h * HOUR + 600_000, 'Flappy'));
    }
    // Steady fired once 3 days ago and once 10 days ago (outside 7 d).
    records.push(alert('fired', NOW - 10 * 24 * HOUR, 'Steady', { severity: 'critical' }));
    records.push(alert('fired', NOW - 3 * 24 * HOUR, 'Steady', { severity: 'critical' }));
    // A hostile alert name: a spreadsheet formula.
    records.push(alert('fired', NOW - 30 * 60_000, EVIL));
    records.push({ at: NOW - 20 * 60_000, kind: 'instance-down', instanceId: 'am1' });
    db.append(records);
  });
  after(async () => {
    db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('filters with matchers; records without labels only show unfiltered', () => {
    const all = timelinePage(db, { limit: 100 }).records;
    assert.equal(all.length, 14);
    assert.equal(all[0]?.kind, 'instance-down', 'newest first');
    const flappy = timelinePage(db, { filter: 'alertname="Flappy"', limit: 100 }).records;
    assert.equal(flappy.length, 10);
    assert.ok(flappy.every((r) => r.alertname === 'Flappy'));
    const re = timelinePage(db, { filter: 'alertname=~"St.*|=HYP.*"', limit: 100 }).records;
    assert.deepEqual(re.map((r) => r.alertname).sort(), [EVIL, 'Steady', 'Steady']);
    assert.throws(() => timelinePage(db, { filter: 'alertname=~"("' }), /missing closing/);
  });

  it('pages newest first without gaps or repeats', () => {
    const seen: number[] = [];
    let beforeId: number | undefined;
    for (;;) {
      const page = timelinePage(db, {
        filter: 'alertname="Flappy"',
        limit: 3,
        ...(beforeId !== undefined ? { beforeId } : {}),
      });
      seen.push(...page.records.map((r) => r.id!));
      if (page.nextBeforeId === undefined) break;
      beforeId = page.nextBeforeId;
    }
    assert.equal(seen.length, 10);
    assert.equal(new Set(seen).size, 10);
    assert.deepEqual(
      seen,
      [...seen].sort((a, b) => b - a),
    );
  });

  it('counts firings per alert and group over 24 h and 7 d, marks flapping, fills the heatmap', () => {
    const s = timelineSummary(db, { fromMs: NOW - 30 * 24 * HOUR }, NOW);
    const flappy = s.alerts.find((a) => a.alertname === 'Flappy')!;
    assert.equal(flappy.fired24h, 5);
    assert.equal(flappy.fired7d, 5);
    assert.equal(flappy.flapping, true);
    assert.equal(flappy.firstSeen, NOW - 5 * HOUR);
    assert.equal(flappy.lastSeen, NOW - HOUR + 600_000);
    assert.equal(flappy.lastKind, 'resolved');
    const steady = s.alerts.find((a) => a.alertname === 'Steady')!;
    assert.deepEqual([steady.fired24h, steady.fired7d, steady.flapping], [0, 1, false]);
    assert.equal(steady.firstSeen, NOW - 10 * 24 * HOUR);
    const group = s.groups.find((g) => g.groupKey.includes('Flappy'))!;
    assert.equal(group.heatmap.length, 24);
    assert.equal(
      group.heatmap.reduce((a, b) => a + b, 0),
      5,
    );
    // Hours -5 .. -1 before now are cells 19 .. 23.
    assert.deepEqual(group.heatmap.slice(19), [1, 1, 1, 1, 1]);
    // A range and a filter narrow the summary.
    const narrow = timelineSummary(
      db,
      { fromMs: NOW - 24 * HOUR, filter: 'severity="critical"' },
      NOW,
    );
    assert.deepEqual(narrow.alerts, []);
  });

  it('exports CSV (formulas escaped) and JSON, in pages that join into the whole', () => {
    const csv = exportPage(db, {}, 'csv').text;
    const parsed = Papa.parse<string[]>(csv.trim(), { header: false }).data;
    assert.deepEqual(parsed[0], [...CSV_COLUMNS]);
    assert.equal(parsed.length, 15);
    const evil = parsed.find((row) => row[4]?.includes('HYPERLINK'))!;
    // papaparse prefixes a quote: the spreadsheet shows the text instead of running it.
    assert.equal(evil[4], `'${EVIL}`);
    for (const row of parsed) for (const cell of row) assert.ok(!/^[=+\-@]/.test(cell), cell);
    const json = JSON.parse(`[${exportPage(db, {}, 'json').text}]`) as HistoryRecord[];
    assert.equal(json.length, 14);
    assert.equal(json[0]?.alertname, 'Flappy', 'in recording order');
    assert.equal(json[13]?.kind, 'instance-down');
    // Pages: the next page starts where the last ended; together they are the whole.
    let afterId: number | undefined = 0;
    let total = 0;
    const ids: number[] = [];
    while (afterId !== undefined) {
      const page = exportPage(db, {}, 'json', afterId);
      const part = JSON.parse(`[${page.text}]`) as HistoryRecord[];
      ids.push(...part.map((r) => r.id!));
      total += page.count;
      afterId = page.nextAfterId;
    }
    assert.equal(total, 14);
    assert.equal(new Set(ids).size, 14);
  });
});
