// The history is written in turns the core can answer a window between (recorder.ts `#turn`):
// rows are written until the turn's share of time has passed, whatever a row costs. A row
// count learned from the turn before let a turn of new alerts (new names and label sets,
// ~0.1–0.4 ms a row) after one of known ones hold the core 100–180 ms at 10,000 alerts. The
// recorder's work clock is the test's: every reading moves it 4 ms, so a turn's share (10 ms)
// passes after a few steps of rows.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { Clock } from '../../../main/core/service.ts';
import { HistoryRecorder } from '../../../main/core/history/recorder.ts';
import type { HistoryRecord } from '../../../main/core/history/record.ts';

/** A clock whose timers the test runs one at a time (one turn each). */
class TurnClock implements Clock {
  #timers: (() => void)[] = [];
  now = (): number => Date.parse('2026-11-29T06:00:00Z');
  setTimeout(fn: () => void): unknown {
    this.#timers.push(fn);
    return fn;
  }
  clearTimeout(handle: unknown): void {
    this.#timers = this.#timers.filter((f) => f !== handle);
  }
  /** Runs the oldest timer; false when none is waiting. */
  runOne(): boolean {
    const fn = this.#timers.shift();
    fn?.();
    return fn !== undefined;
  }
}

const dirs: string[] = [];
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

function fired(i: number, at: number): HistoryRecord {
  return {
    at,
    kind: 'fired',
    clusterId: 'am1',
    fingerprint: `fp${i}`,
    alertname: `Alert${i % 7}`,
    severity: 'critical',
    labels: { alertname: `Alert${i % 7}`, instance: `host-${i}:9100`, job: 'node' },
  };
}

describe('history write turns', () => {
  it('writes rows for a turn’s share of time, then the rest in later turns, all of them', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'amtray-turns-'));
    dirs.push(dir);
    const clock = new TurnClock();
    let work = 0;
    const history = new HistoryRecorder({
      path: join(dir, 'history.sqlite'),
      clock,
      limits: () => ({ retentionDays: 30, maxBytes: 200 * 1024 * 1024 }),
      workClock: () => (work += 4),
    });
    const total = 2_000;
    history.append(Array.from({ length: total }, (_, i) => fired(i, clock.now())));
    assert.equal(history.status().pending, total);

    const written: number[] = [];
    for (let turns = 0; clock.runOne(); turns++) {
      assert.ok(turns < 1_000, 'the writing ends');
      written.push(total - history.status().pending);
    }
    const perTurn = written.map((w, i) => w - (written[i - 1] ?? 0));
    // 4 ms a reading, 10 ms a turn: a few steps of 25 rows, never the 500 of a whole chunk.
    assert.ok(Math.max(...perTurn) <= 100, `rows per turn ${perTurn.join(' ')}`);
    assert.ok(perTurn[0]! >= 25, 'the first turn writes');
    assert.equal(history.status().records, total, 'every row is in the file');
    assert.equal(history.status().pending, 0);
    history.close();
  });
});
