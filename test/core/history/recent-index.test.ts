// The Timeline's summary from memory (recent-index.ts) answers as SQL does: the same file is
// asked while memory holds it (records appended through this HistoryDb) and again just after
// a reopen (memory still being read from the file: SQL answers), and once memory is rebuilt
// from the file. Also: a range older than memory holds goes to SQL, and pruning keeps both
// in step.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HistoryDb } from '../../../main/core/history/history-db.ts';
import type { HistoryRecord } from '../../../main/core/history/record.ts';
import { timelineSummary } from '../../../main/core/history/timeline.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-11-20T12:00:00Z');

/** 12 days of 60 alerts in 9 groups firing, resolving, notifying; a few filled late. */
function records(): HistoryRecord[] {
  let seed = 7;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const out: HistoryRecord[] = [];
  const kinds: HistoryRecord['kind'][] = [
    'fired',
    'resolved',
    'notified',
    'silenced',
    'first-seen',
  ];
  for (let i = 0; i < 3_000; i++) {
    const alert = Math.floor(rand() * 60);
    const name = `A${alert % 9}`;
    const at = NOW - 12 * DAY + Math.floor((i / 3_000) * 12 * DAY);
    out.push({
      at,
      kind: kinds[Math.floor(rand() * kinds.length)]!,
      clusterId: `c${alert % 2}`,
      fingerprint: `fp${alert}`,
      groupKey: `g${alert % 9}`,
      alertname: name,
      labels: { alertname: name, n: String(alert) },
    });
  }
  // Filled afterwards: older times, higher ids.
  for (let k = 0; k < 20; k++) {
    out.push({
      at: NOW - 3 * HOUR - k * 60_000,
      kind: k % 2 ? 'resolved' : 'fired',
      clusterId: 'c0',
      fingerprint: `fp${2 * k}`,
      groupKey: `g${(2 * k) % 9}`,
      alertname: `A${(2 * k) % 9}`,
      labels: { alertname: `A${(2 * k) % 9}`, n: String(2 * k) },
      filled: { from: 'prometheus', stepMs: 15_000 },
    });
  }
  return out;
}

describe('timeline summary from memory', () => {
  let dir: string;
  let path: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-recent-'));
    path = join(dir, 'h.sqlite');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const ranges = [NOW - 8 * HOUR, NOW - DAY, NOW - 3 * DAY, NOW - 6 * DAY];
  const summaries = (db: HistoryDb) => ranges.map((fromMs) => timelineSummary(db, { fromMs }, NOW));

  it('gives the same summaries as SQL, before and after a reopen', async () => {
    let db = new HistoryDb(path);
    const all = records();
    for (let i = 0; i < all.length; i += 500) db.append(all.slice(i, i + 500));
    const fromMemory = summaries(db);
    assert.ok(fromMemory[0]!.alerts.length > 5 && fromMemory[3]!.alerts.length === 60);
    assert.ok(fromMemory[1]!.groups.some((g) => g.heatmap.some((n) => n > 0)));
    db.close();

    // Just opened: memory is still being read (between turns), SQL answers.
    db = new HistoryDb(path);
    try {
      const fromSql = summaries(db);
      assert.deepEqual(fromMemory, fromSql);
      await sleep(200);
      // Built from the file: the same again (the newest records read by id on first use).
      assert.deepEqual(summaries(db), fromSql);
      assert.deepEqual(summaries(db), fromSql);
      // Older than memory holds (8 days behind the newest record): SQL.
      const old = timelineSummary(db, { fromMs: NOW - 11 * DAY }, NOW);
      assert.equal(old.alerts.length, 60);
      assert.ok(old.alerts.some((a) => a.firstSeen < NOW - 9 * DAY));
    } finally {
      db.close();
    }
  });

  it('stays in step with pruning', async () => {
    const db = new HistoryDb(path);
    try {
      await sleep(200);
      timelineSummary(db, { fromMs: NOW - DAY }, NOW);
      // Retention of 2 days (as if now were NOW): older records go, in memory too.
      db.prune(NOW, { retentionDays: 2, maxBytes: 1e9 });
      const pruned = summaries(db);
      db.close();
      const again = new HistoryDb(path);
      try {
        assert.deepEqual(summaries(again), pruned);
        assert.ok(pruned[3]!.alerts.every((a) => a.firstSeen >= NOW - 2 * DAY));
      } finally {
        again.close();
      }
    } finally {
      db.close();
    }
  });
});

describe('recent index records', () => {
  it('keeps the appended record itself, unchanged, and shows it with its id', async () => {
    const { RecentIndex } = await import('../../../main/core/history/recent-index.ts');
    const index = new RecentIndex();
    index.open(() => null, 0, null);
    const fired: HistoryRecord = { at: NOW, kind: 'fired', clusterId: 'c', fingerprint: 'f' };
    const resolved: HistoryRecord = { ...fired, at: NOW + 1000, kind: 'resolved' };
    index.add(fired, 7);
    index.add(resolved, 9);
    const [span] = index.spans(NOW - HOUR, 10);
    assert.equal(span?.id, 9);
    assert.deepEqual(span?.latest, { ...resolved, id: 9 });
    // The recorder's objects are not written to (no id added, no change of shape).
    assert.equal('id' in resolved, false);
    assert.equal('id' in fired, false);
  });
});
