// History without gaps, against a real Prometheus feeding a real Alertmanager: Blink fires for
// 3 s every 10 s (rule evaluated every second). The app (the core and its history, as the
// shells make them) watches, stops for ~20 s ("several minutes" scaled down), starts again: the episodes that fired and
// resolved meanwhile are in the Timeline, marked as filled from Prometheus with the query's
// step, at the times Prometheus saw them (within the step), with Alertmanager's fingerprint
// (external labels included). A second restart adds no duplicates, nor does a start that
// finds the same gap again (a crash before the fill was confirmed). Prometheus unreachable:
// the gap is recorded as a gap, with the reason.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { HistoryDb } from '../../../main/core/history/history-db.ts';
import { HistoryService } from '../../../main/core/history/history-service.ts';
import type { HistoryRecord } from '../../../main/core/history/record.ts';
import { systemClock, type Core } from '../../../main/core/service.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import { amSkipReason, startAlertmanager, type AmProcess } from '../../support/alertmanager.ts';
import { promSkipReason, startPrometheus, type PromProcess } from '../../support/prometheus.ts';
import { waitFor } from '../../support/wait.ts';
import { MemorySecrets, settingsFor } from '../engine/helpers.ts';

const PERIOD = 10_000;
const RULES = `groups:
  - name: backfill
    interval: 1s
    rules:
      - alert: Anchor
        expr: vector(1)
        labels:
          severity: info
      - alert: Blink
        expr: (vector(time()) % 10) < 3
        labels:
          severity: warning
`;

/** Position of a time within Blink's 10 s period. */
const phase = (ms: number) => ((ms % PERIOD) + PERIOD) % PERIOD;

describe('history filled from Prometheus', { skip: amSkipReason() || promSkipReason() }, () => {
  let am: AmProcess;
  let prom: PromProcess;
  let dir: string;
  let path: string;
  let settings: Settings;
  let app: { core: Core; history: HistoryService } | undefined;
  let blinkFp = '';
  let firstStop = 0;
  let firstFilled: HistoryRecord[] = [];
  /** The history's log lines since the last start. */
  let logged: string[] = [];

  function start(): { core: Core; history: HistoryService } {
    const secrets = new MemorySecrets();
    const core = createCore({ settings, secrets, clock: systemClock, osUser: 'tester' });
    logged = [];
    const history = new HistoryService({
      path,
      core,
      clock: systemClock,
      secrets,
      minGapMs: 5_000,
      log: (m) => logged.push(m),
    });
    core.start();
    app = { core, history };
    return app;
  }

  /** Waits for the start's gap to be filled (or recorded as a gap); returns the log line. */
  const gapDone = () =>
    waitFor(() => logged.find((m) => m.includes(' not watched ')) ?? false, {
      timeoutMs: 30_000,
      intervalMs: 200,
      message: `the gap handled; log: ${JSON.stringify(logged)}`,
    });

  async function stop(): Promise<number> {
    app?.history.close();
    await app?.core.stop();
    app = undefined;
    return Date.now();
  }

  const blink = (h: HistoryService) =>
    h
      .page({ limit: 5_000, kinds: ['fired', 'resolved'] })
      .records.filter((r) => r.alertname === 'Blink')
      .sort((a, b) => a.at - b.at);

  /** No two records of one kind for one episode (episodes are 10 s apart). */
  function assertNoDuplicates(records: HistoryRecord[]): void {
    for (const kind of ['fired', 'resolved'] as const) {
      const times = records.filter((r) => r.kind === kind).map((r) => r.at);
      for (let i = 1; i < times.length; i++) {
        assert.ok(
          times[i]! - times[i - 1]! > 4_000,
          `two ${kind} records ${times[i]! - times[i - 1]!} ms apart: ${JSON.stringify(records.map((r) => [r.kind, r.at, r.filled?.stepMs ?? 'seen']))}`,
        );
      }
    }
  }

  before(async () => {
    am = await startAlertmanager();
    prom = await startPrometheus({
      rules: RULES,
      alertmanagerUrls: [am.url],
      externalLabels: { source: 'backfill-test' },
    });
    dir = await mkdtemp(join(tmpdir(), 'amtray-backfill-'));
    path = join(dir, 'history.sqlite');
    settings = settingsFor([am.url]);
  });

  after(async () => {
    await stop();
    await prom?.stop();
    await am?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('fills the episodes that fired and resolved while the app was stopped', async () => {
    const { history } = start();
    // The app sees Blink fire and resolve itself (and learns its Prometheus from the
    // generatorURL of what fires).
    await waitFor(
      () => {
        const seen = blink(history);
        const fired = seen.find((r) => r.kind === 'fired');
        return fired && seen.some((r) => r.kind === 'resolved' && r.at > fired.at) ? fired : false;
      },
      { timeoutMs: 60_000, intervalMs: 500, message: 'Blink seen firing and resolving' },
    ).then((fired) => (blinkFp = fired.fingerprint!));
    assert.equal(
      blink(history).some((r) => r.filled),
      false,
      'nothing filled while watching',
    );

    firstStop = await stop();
    await sleep(21_000);
    const restart = Date.now();
    const { history: h2 } = start();
    assert.match(
      await gapDone(),
      /: [1-9]\d* records filled from Prometheus \(\d+ already recorded\), 0 gaps left$/,
    );
    const filled = blink(h2).filter((r) => r.filled);
    const step = filled[0]!.filled!.stepMs;
    assert.equal(step, 1_000, 'a 30 s gap is queried at 1 s');
    for (const r of filled) {
      assert.deepEqual(r.filled, { from: 'prometheus', stepMs: step });
      assert.equal(r.fingerprint, blinkFp, "Alertmanager's fingerprint, external labels included");
      assert.equal(r.labels?.source, 'backfill-test');
      assert.match(
        r.detail ?? '',
        new RegExp(`filled from Prometheus http://[^ ]+:${prom.port} \\(step 1 s\\)`),
      );
      // The query starts a poll and 5 s before the stop: an episode that began too late for
      // the app to see is filled too (one it saw is not).
      assert.ok(r.at > firstStop - 8_000 && r.at < restart + 3_000, 'inside the gap');
      // Blink starts at phase 0 (first evaluation, within 1 s) and stops at phase 3 (within
      // 1 s); the filled time is within one step after that.
      if (r.kind === 'fired')
        assert.ok(phase(r.at) <= 1_000 + step + 100, `fired at ${phase(r.at)}`);
      else
        assert.ok(
          phase(r.at) >= 2_900 && phase(r.at) <= 4_000 + step + 100,
          `resolved at ${phase(r.at)}`,
        );
    }
    // Every episode wholly inside the time the app was stopped is there.
    const fired = filled.filter((r) => r.kind === 'fired');
    for (let k = Math.ceil((firstStop + 1_000) / PERIOD); k * PERIOD + 5_000 <= restart; k++) {
      assert.ok(
        fired.some((r) => Math.abs(r.at - k * PERIOD) <= 2_100),
        `episode at ${new Date(k * PERIOD).toISOString()} filled`,
      );
    }
    // An episode the app saw begin before it stopped gets only its end filled.
    const resolved = filled.filter((r) => r.kind === 'resolved').length;
    assert.ok(resolved === fired.length || resolved === fired.length + 1, `${resolved} ends`);
    // ...which closes it: no "resolved while not watched" at the start as well.
    await sleep(2_500);
    assert.deepEqual(
      blink(h2).filter((r) => r.detail === 'resolved while not watched'),
      [],
    );
    assertNoDuplicates(blink(h2));
    firstFilled = filled;
  });

  it('a second restart, and a start that finds the same gap again, add no duplicates', async () => {
    await stop();
    await sleep(6_000);
    let { history } = start();
    assert.match(
      await gapDone(),
      / records filled from Prometheus \(\d+ already recorded\), 0 gaps left$/,
    );
    await sleep(1_500);
    const again = blink(history);
    const againAt = Date.now();
    for (const r of firstFilled) {
      assert.equal(again.filter((x) => x.id === r.id).length, 1, 'first fill kept as it was');
    }
    assertNoDuplicates(again);

    // As if the app had crashed before the first fill was confirmed: the file says it last
    // watched before the first gap, so the next start asks Prometheus for all of it again.
    await stop();
    const db = new HistoryDb(path);
    db.setMeta('watchedAt', String(firstStop - 3_000));
    db.close();
    ({ history } = start());
    // Prometheus has the first gap's episodes again: all of them are found in the file.
    const line = await gapDone();
    const m =
      /: (\d+) records? filled from Prometheus \((\d+) already recorded\), 0 gaps left$/.exec(line);
    assert.ok(m, line);
    const known = Number(m[2]);
    assert.ok(known >= firstFilled.length, `${known} found in the file`);
    await sleep(1_500);
    const third = blink(history);
    assertNoDuplicates(third);
    for (const r of firstFilled) assert.ok(third.some((x) => x.id === r.id));
    // Filled now only what began while the app really was stopped just before this start (on
    // a loaded machine an episode, 10 s apart, can begin in that second): nothing watched.
    const seen = new Set(again.map((r) => r.id));
    const refilled = third.filter(
      (r) => r.filled && !seen.has(r.id) && r.at < againAt - 2_000 - r.filled.stepMs,
    );
    const brief = (rs: HistoryRecord[]) =>
      JSON.stringify(rs.map((r) => [r.id, r.kind, r.at, r.filled?.stepMs ?? 'seen']));
    assert.deepEqual(
      refilled,
      [],
      `nothing the app had recorded was filled again; againAt ${againAt}, first stop ${firstStop}; ${line}; again ${brief(again)}; third ${brief(third)}`,
    );
  });

  it('Prometheus unreachable: the gap is recorded with the reason', async () => {
    const stoppedAt = await stop();
    const port = prom.port;
    await prom.stop();
    await sleep(6_000);
    const { history } = start();
    await gapDone();
    const gap = history.page({ kinds: ['gap'], limit: 10 }).records[0];
    assert.ok(gap, 'a gap record');
    assert.equal(gap.filled, undefined);
    // From when the app stopped (not its last heartbeat) to when it had data again.
    assert.ok(
      Math.abs(gap.at - stoppedAt) < 1_000,
      `gap from ${gap.at - stoppedAt} ms of the stop`,
    );
    assert.ok(gap.clusterId);
    assert.match(gap.detail ?? '', /^not watched from \S+ to \S+: /);
    assert.match(gap.detail ?? '', new RegExp(`Prometheus http://[^ ]+:${port}: `));
    assert.match(gap.detail ?? '', /refused|unreachable|ECONNREFUSED/i);
  });
});
