// Case 7: the history at 1,000,000 recorded events (30 days of a busy fleet: 10,000 alerts in
// 1,000 groups firing and resolving): the rate records are written at (in the recorder's
// 5,000-row transactions), the file size, the p95 of "one group, last 7 days" and of
// "everything since last looked" (the Timeline's first screen: the summary and the newest
// records since 8 hours ago), and the core cycle at 10k alerts x 3 peers with recording on
// vs off (the recorder's part of a cycle; its once-a-second write runs outside the cycle and
// is reported per cycle in the notes).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HistoryDb } from '../../../main/core/history/history-db.ts';
import { HistoryRecorder } from '../../../main/core/history/recorder.ts';
import type { HistoryRecord } from '../../../main/core/history/record.ts';
import { timelinePage, timelineSummary } from '../../../main/core/history/timeline.ts';
import { systemClock } from '../../../main/core/service.ts';
import type { BenchContext } from '../lib/context.ts';
import { EngineCycle } from '../lib/engine-cycle.ts';
import { EngineFeed } from '../lib/engine-feed.ts';
import { prng } from '../lib/fixtures.ts';
import type { BenchResult } from '../lib/result.ts';
import { median, msSince, percentile, round } from '../lib/stats.ts';

const EVENTS = Number(process.env.BENCH_HISTORY_EVENTS ?? 1_000_000);
const DAY = 86_400_000;
const SPAN = 30 * DAY;
const BATCH = 5_000;

function record(i: number, now: number, rand: () => number): HistoryRecord {
  const alert = Math.floor(rand() * 10_000);
  const group = alert % 1_000;
  const kinds: HistoryRecord['kind'][] = ['fired', 'resolved', 'fired', 'resolved', 'notified'];
  const kind = kinds[i % kinds.length]!;
  const name = `Alert${group}`;
  return {
    at: now - SPAN + Math.floor((i / EVENTS) * SPAN),
    kind,
    clusterId: `cluster-${group % 3}`,
    fingerprint: `fp${alert.toString(16).padStart(8, '0')}`,
    groupKey: `cluster-${group % 3}|team-${group % 7}|{alertname="${name}"}`,
    alertname: name,
    severity: alert % 5 === 0 ? 'critical' : 'warning',
    labels: {
      alertname: name,
      severity: alert % 5 === 0 ? 'critical' : 'warning',
      instance: `host-${alert}.example.net:9100`,
      job: `job-${group % 20}`,
      team: `team-${group % 7}`,
    },
    ...(kind === 'notified' ? { detail: `${name} firing: host-${alert} is on fire` } : {}),
  };
}

export async function runHistory(ctx: BenchContext): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'amtray-bench-history-'));
  const results: BenchResult[] = [];
  try {
    const path = join(dir, 'history.sqlite');
    const db = new HistoryDb(path);
    const now = Date.now();
    const rand = prng(7);
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < EVENTS; i += BATCH) {
      const rows: HistoryRecord[] = [];
      for (let k = i; k < Math.min(EVENTS, i + BATCH); k++) rows.push(record(k, now, rand));
      db.append(rows);
    }
    const writeMs = msSince(t0);
    const rate = EVENTS / (writeMs / 1000);
    const bytes = statSync(path).size;
    ctx.log(`  wrote ${EVENTS} records in ${round(writeMs)} ms; file ${round(bytes / 1e6)} MB`);
    results.push({
      name: `7 history record rate (${EVENTS / 1000}k events)`,
      median: Math.round(rate),
      unit: 'records/s',
      target: '',
      pass: null,
      runs: 1,
      notes: `${EVENTS} records in ${BATCH}-row transactions (the recorder's chunk), ${round(writeMs)} ms including generating them; synchronous=FULL, rollback journal`,
    });
    results.push({
      name: `7 history file size (${EVENTS / 1000}k events)`,
      median: round(bytes / 1e6),
      unit: 'MB',
      target: '',
      pass: null,
      runs: 1,
      notes: `${round(bytes / EVENTS)} bytes per record with its labels and 3 indexes; the default cap is 200 MB (the oldest go first past it), so at this rate 30 days hold about ${Math.round((200e6 / bytes) * EVENTS).toLocaleString('en')} records`,
    });

    const groupTimes: number[] = [];
    let groupRows = 0;
    for (let q = 0; q < 40; q++) {
      const g = Math.floor(rand() * 1_000);
      const key = `cluster-${g % 3}|team-${g % 7}|{alertname="Alert${g}"}`;
      const t = process.hrtime.bigint();
      const page = timelinePage(db, { groupKey: key, fromMs: now - 7 * DAY, limit: 500 });
      groupTimes.push(msSince(t));
      groupRows += page.records.length;
    }
    results.push({
      name: '7 history query p95: one group, last 7 days',
      median: round(percentile(groupTimes, 95)),
      unit: 'ms',
      target: '',
      pass: null,
      runs: groupTimes.length,
      notes: `median ${round(median(groupTimes))} ms; ${Math.round(groupRows / groupTimes.length)} records per group on average (newest first, up to 500)`,
    });

    const sinceTimes: number[] = [];
    let sinceAlerts = 0;
    for (let q = 0; q < 12; q++) {
      const since = now - 8 * 3_600_000;
      const t = process.hrtime.bigint();
      const summary = timelineSummary(db, { fromMs: since }, now);
      timelinePage(db, { fromMs: since, limit: 50 });
      sinceTimes.push(msSince(t));
      sinceAlerts = summary.alerts.length;
    }
    results.push({
      name: '7 history query p95: everything since last looked (8 h)',
      median: round(percentile(sinceTimes, 95)),
      unit: 'ms',
      target: '',
      pass: null,
      runs: sinceTimes.length,
      notes: `median ${round(median(sinceTimes))} ms; the summary of ${sinceAlerts} alerts (capped at 2,000) with their 24 h / 7 d counts and heatmaps, plus the newest 50 records`,
    });
    db.close();

    // Core cycle with and without the recorder, on the same kind of feed.
    const cycleMs = async (recording: boolean) => {
      const feed = new EngineFeed('cluster3', 10_000);
      const recorder = recording
        ? new HistoryRecorder({
            path: join(dir, 'cycle.sqlite'),
            clock: systemClock,
            limits: () => ({ retentionDays: 30, maxBytes: 200 * 1024 * 1024 }),
          })
        : undefined;
      const cycle = new EngineCycle(
        feed,
        'per-poll',
        recorder ? (r) => recorder.recordCycle(r) : undefined,
      );
      for (let w = 0; w < 3; w++) {
        feed.churn(0.01);
        cycle.run(cycle.prepare());
        // What fired before recording started is open, as the core's start-up cycle makes it.
        if (w === 0) recorder?.seed(cycle.view());
        recorder?.flush();
      }
      const times: number[] = [];
      const flushes: number[] = [];
      for (let r = 0; r < Math.max(ctx.runs, 15); r++) {
        feed.churn(0.01);
        const input = cycle.prepare();
        const t = process.hrtime.bigint();
        cycle.run(input);
        times.push(msSince(t));
        const f = process.hrtime.bigint();
        recorder?.flush();
        flushes.push(msSince(f));
        await new Promise((res) => setImmediate(res));
      }
      recorder?.close();
      return { median: median(times), flush: median(flushes) };
    };
    // Interleaved twice so drift on a shared machine hits both sides.
    const off1 = await cycleMs(false);
    const on1 = await cycleMs(true);
    const off2 = await cycleMs(false);
    const on2 = await cycleMs(true);
    const off = (off1.median + off2.median) / 2;
    const on = (on1.median + on2.median) / 2;
    const ratio = on / off;
    results.push({
      name: '7 core cycle 10k x 3 peers, recording on / off',
      median: round(ratio),
      unit: 'ratio',
      target: '<= 1.10',
      pass: ratio <= 1.1,
      runs: 2,
      notes: `median cycle ${round(on)} ms with recording vs ${round(off)} ms without (1 % churn: about 200 records per cycle); making and writing those rows (once a second, outside the cycle) takes ${round((on1.flush + on2.flush) / 2)} ms per cycle`,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
