// When the app is not watching: the recorder's heartbeat tells it (the core reports a cycle
// only when something changed). A quiet hour is no gap; a heartbeat that comes minutes late
// (the system slept: timers do not run) is one, from the last beat to the late one; a start
// finds the gap from the moment the app closed (not its last beat) to its first poll.
// The clock here is driven by hand so a timer can come late, as after a sleep.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Gap } from '../../../main/core/history/backfill/gap-filler.ts';
import { HistoryRecorder } from '../../../main/core/history/recorder.ts';
import type { InstanceView } from '../../../main/core/model/view.ts';
import type { Clock } from '../../../main/core/service.ts';
import { snapshotOf } from '../../support/views.ts';

const MIN = 60_000;

class HandClock implements Clock {
  at = Date.parse('2026-11-20T08:00:00Z');
  #timers = new Map<number, { fn: () => void; due: number }>();
  #next = 1;
  now(): number {
    return this.at;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.#next++;
    this.#timers.set(id, { fn, due: this.at + ms });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.#timers.delete(handle as number);
  }
  /** Time passes awake: timers run when due. */
  async pass(ms: number): Promise<void> {
    const end = this.at + ms;
    for (;;) {
      const due = [...this.#timers]
        .filter(([, t]) => t.due <= end)
        .sort((a, b) => a[1].due - b[1].due)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.at = Math.max(this.at, due[1].due);
      due[1].fn();
      await new Promise((r) => setImmediate(r));
    }
    this.at = end;
  }
  /** Asleep: time passes, no timer runs until after. */
  async sleep(ms: number): Promise<void> {
    this.at += ms;
    await this.pass(0);
  }
}

describe('gaps told by the heartbeat', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'amtray-gapwatch-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('finds a sleep and a stop, not a quiet hour', async () => {
    const clock = new HandClock();
    const gaps: Gap[] = [];
    const instance = {
      id: 'am1',
      enabled: true,
      clusterId: 'instance:am1',
      lastPollAt: new Date(clock.at).toISOString(),
    } as InstanceView;
    const view = { ...snapshotOf(1), instances: { am1: instance } };
    const core = { snapshot: () => view, onCycle: () => () => {} };
    const open = () =>
      new HistoryRecorder({
        path: join(dir, 'h.sqlite'),
        clock,
        limits: () => ({ retentionDays: 30, maxBytes: 1e9 }),
        minGapMs: () => MIN,
        fillGap: async (gap) => {
          gaps.push(gap);
          return [];
        },
      });
    let recorder = open();
    recorder.attach(core);
    // A quiet hour: no cycle at all, the heartbeat goes on.
    await clock.pass(60 * MIN);
    assert.equal(gaps.length, 0);

    const asleep = clock.at;
    await clock.sleep(10 * MIN);
    assert.equal(gaps.length, 1, 'the late beat is a gap');
    assert.ok(asleep - gaps[0]!.fromMs <= 15_000, 'from the last beat before the sleep');
    assert.equal(gaps[0]!.toMs, clock.at);

    await clock.pass(2 * MIN);
    const closedAt = clock.at;
    recorder.close();
    await clock.sleep(5 * MIN);
    recorder = open();
    recorder.attach(core);
    await clock.pass(1_000);
    assert.equal(gaps.length, 2, 'the start finds the time it was stopped');
    assert.deepEqual(gaps[1], { fromMs: closedAt, toMs: closedAt + 5 * MIN + 1_000 });
    await clock.pass(10 * MIN);
    assert.equal(gaps.length, 2);
    recorder.close();
  });
});
