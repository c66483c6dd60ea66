// The poll scheduler on a fake clock, with cycle functions written by the test (this tests
// scheduling, not Alertmanager: the real-server behaviour is in single/cluster tests).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AlertmanagerError } from '../../../main/core/api/errors.ts';
import { backoffDelay, MIN_RETRY_MS } from '../../../main/core/engine/backoff.ts';
import { Poller, type CycleContext } from '../../../main/core/engine/poller.ts';
import { pollPhase } from '../../../main/core/engine/instance.ts';
import { FakeClock, flush } from '../../support/fake-clock.ts';

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } {
  let resolve!: () => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<void>((a, b) => {
    resolve = a;
    reject = b;
  });
  return { promise, resolve, reject };
}

const down = (): AlertmanagerError =>
  new AlertmanagerError({ kind: 'network', endpoint: 'GET /alerts/groups', message: 'refused' });

/** Polls every 2 s (longest jitter) a server that fails while `fail`; records cycle starts. */
function flakyPoller(clock: FakeClock, server: { fail: boolean; starts: number[] }): Poller {
  return new Poller({
    clock,
    intervalMs: 2_000,
    timeoutMs: 10_000,
    random: () => 1,
    cycle: async () => {
      server.starts.push(clock.now());
      if (server.fail) throw down();
    },
  });
}

describe('backoffDelay', () => {
  it('grows exponentially with full jitter and is capped', () => {
    const base = 15_000;
    assert.equal(backoffDelay({ baseMs: base, failures: 1, random: () => 0 }), MIN_RETRY_MS);
    assert.equal(backoffDelay({ baseMs: base, failures: 1, random: () => 1 }), 30_000);
    assert.equal(backoffDelay({ baseMs: base, failures: 3, random: () => 1 }), 120_000);
    assert.equal(backoffDelay({ baseMs: base, failures: 10, random: () => 1 }), 300_000);
    assert.equal(backoffDelay({ baseMs: base, failures: 1000, random: () => 1 }), 300_000);
    const mid = backoffDelay({ baseMs: base, failures: 2, random: () => 0.5 });
    assert.equal(mid, Math.round(MIN_RETRY_MS + 0.5 * (60_000 - MIN_RETRY_MS)));
    assert.equal(
      backoffDelay({ baseMs: base, failures: 2, random: () => 1, maxMs: 20_000 }),
      20_000,
    );
  });
});

describe('Poller', () => {
  it('runs at once, then every interval (start to start)', async () => {
    const clock = new FakeClock(0);
    const starts: number[] = [];
    const p = new Poller({
      clock,
      intervalMs: 2_000,
      timeoutMs: 10_000,
      cycle: async () => {
        starts.push(clock.now());
      },
    });
    p.start();
    await clock.advance(6_500);
    assert.deepEqual(starts, [0, 2_000, 4_000, 6_000]);
    await p.stop();
    await clock.advance(10_000);
    assert.equal(starts.length, 4, 'stopped');
    assert.equal(clock.pending, 0);
  });

  // Instances started together kept polling in the same instant every round: at 20 instances
  // of 5,000 alerts their bodies' reading held the core 200–400 ms at once.
  it('takes its phase after a cycle run at once: early once, then every interval', async () => {
    const clock = new FakeClock(0);
    const starts: number[] = [];
    const p = new Poller({
      clock,
      intervalMs: 2_000,
      timeoutMs: 10_000,
      phase: 0.25,
      cycle: async () => {
        starts.push(clock.now());
      },
    });
    p.start();
    await clock.advance(5_600);
    assert.deepEqual(starts, [0, 1_500, 3_500, 5_500], 'never later than the interval');
    // A refresh runs at once; the cycle after it takes the phase again.
    await p.refresh();
    await clock.advance(3_600);
    assert.deepEqual(starts.slice(4), [5_600, 7_100, 9_100]);
    await p.stop();
  });

  it('spreads instances over their interval by id, at most 3/4 of it early', () => {
    const phases = Array.from({ length: 20 }, (_, k) => pollPhase(`am${k}`));
    assert.ok(phases.every((x) => x >= 0 && x <= 0.75));
    assert.equal(pollPhase('am3'), pollPhase('am3'), 'the same for the same id');
    assert.ok(new Set(phases.map((x) => Math.floor(x * 8))).size >= 5, `spread: ${phases}`);
  });

  it('never overlaps: a cycle longer than the interval delays the next one', async () => {
    const clock = new FakeClock(0);
    let running = 0;
    let max = 0;
    const gates: ReturnType<typeof deferred>[] = [];
    const p = new Poller({
      clock,
      intervalMs: 1_000,
      timeoutMs: 60_000,
      cycle: async () => {
        running++;
        max = Math.max(max, running);
        const g = deferred();
        gates.push(g);
        await g.promise;
        running--;
      },
    });
    p.start();
    await clock.advance(5_000);
    assert.equal(gates.length, 1, 'no second cycle while the first runs');
    const r1 = p.refresh();
    const r2 = p.refresh();
    await clock.advance(5_000);
    assert.equal(gates.length, 1);
    gates[0]!.resolve();
    await flush();
    // The two refreshes share the one cycle that follows the running one.
    assert.equal(gates.length, 2);
    gates[1]!.resolve();
    await Promise.all([r1, r2]);
    assert.equal(max, 1);
    await p.stop();
  });

  it('backs off with jitter on failures and resets after a success', async () => {
    const clock = new FakeClock(0);
    const server = { fail: true, starts: [] as number[] };
    const p = flakyPoller(clock, server);
    p.start();
    await flush();
    assert.equal(clock.nextDelay(), 4_000); // 2 s * 2^1
    await clock.advance(4_000);
    assert.equal(clock.nextDelay(), 8_000); // 2 s * 2^2
    await clock.advance(8_000);
    // A server that does not answer: never more than 4 intervals between tries.
    assert.equal(clock.nextDelay(), 8_000);
    assert.equal(p.consecutiveFailures, 3);
    server.fail = false;
    await p.refresh();
    assert.equal(p.consecutiveFailures, 0);
    assert.equal(clock.nextDelay(), 2_000);
    assert.deepEqual(server.starts, [0, 4_000, 12_000, 12_000]);
    await p.stop();
  });

  it('backs off further from a busy server (503) than from one that does not answer', async () => {
    const clock = new FakeClock(0);
    const p = new Poller({
      clock,
      intervalMs: 2_000,
      timeoutMs: 10_000,
      random: () => 1,
      cycle: async () => {
        throw new AlertmanagerError({
          kind: 'http',
          status: 503,
          endpoint: 'GET /alerts/groups',
          message: 'too many requests',
        });
      },
    });
    p.start();
    await flush();
    await clock.advance(4_000);
    await clock.advance(8_000);
    // It asked for relief: past the 4 intervals a dead server gets.
    assert.equal(clock.nextDelay(), 16_000);
    await p.stop();
  });

  it('a refresh resets the backoff and a failed one never adds to it', async () => {
    const clock = new FakeClock(0);
    const server = { fail: true, starts: [] as number[] };
    const p = flakyPoller(clock, server);
    p.start();
    await flush();
    await clock.advance(4_000);
    await clock.advance(8_000);
    assert.equal(p.consecutiveFailures, 3);
    assert.equal(clock.nextDelay(), 8_000);
    // The user clicks Refresh, again and again, while the server is still down.
    for (let i = 0; i < 6; i++) await p.refresh();
    assert.equal(p.consecutiveFailures, 0, 'reset, and the failed refreshes did not count');
    assert.equal(clock.nextDelay(), 2_000, 'the next try is one interval on');
    // The server answers again: the next scheduled poll, one interval on, sees it.
    server.fail = false;
    await clock.advance(2_000);
    assert.equal(p.consecutiveFailures, 0);
    assert.equal(clock.nextDelay(), 2_000);
    // Failing on its own again, it backs off from the start.
    server.fail = true;
    await clock.advance(2_000);
    assert.equal(p.consecutiveFailures, 1);
    assert.equal(clock.nextDelay(), 4_000);
    await p.stop();
  });

  it('times out a request on the clock with an AlertmanagerError of kind timeout', async () => {
    const clock = new FakeClock(0);
    let seen: unknown;
    let aborted = false;
    const p = new Poller({
      clock,
      intervalMs: 2_000,
      timeoutMs: 3_000,
      cycle: async (ctx: CycleContext) => {
        try {
          await ctx.request(
            'GET /status',
            (o) =>
              new Promise((_, reject) => {
                o.signal?.addEventListener('abort', () => {
                  aborted = true;
                  reject(new Error('aborted'));
                });
              }),
          );
        } catch (e) {
          seen = e;
          throw e;
        }
      },
    });
    p.start();
    await clock.advance(2_999);
    assert.equal(seen, undefined);
    await clock.advance(1);
    const err = seen as unknown; // (assert.equal above narrowed `seen` to undefined)
    assert.ok(err instanceof AlertmanagerError);
    assert.equal(err.kind, 'timeout');
    assert.ok(aborted, 'the request was aborted');
    await p.stop();
  });

  it('pauses (aborting the cycle in flight) and resumes with an immediate cycle', async () => {
    const clock = new FakeClock(0);
    const starts: number[] = [];
    let abortedCycles = 0;
    const p = new Poller({
      clock,
      intervalMs: 2_000,
      timeoutMs: 60_000,
      cycle: async (ctx) => {
        starts.push(clock.now());
        if (starts.length === 1) {
          await ctx
            .request(
              'GET /alerts/groups',
              (o) =>
                new Promise((_, reject) =>
                  o.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
                ),
            )
            .catch((e: unknown) => {
              abortedCycles++;
              throw e;
            });
        }
      },
    });
    p.start();
    await flush();
    p.pause();
    await flush();
    assert.equal(abortedCycles, 1);
    await clock.advance(60_000);
    assert.equal(starts.length, 1, 'nothing while paused');
    assert.equal(p.consecutiveFailures, 0, 'an aborted cycle is not a failure');
    await p.refresh(); // resolves at once while paused
    clock.setTimeout(() => {}, 0);
    await clock.advance(1_000);
    p.resume();
    await flush();
    assert.equal(starts.length, 2);
    assert.equal(starts[1], 61_000);
    await p.stop();
  });
});
