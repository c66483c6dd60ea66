// Case 3: bytes of JSON sent to the renderer per poll with 10,000 alerts, at 0 %, 1 % and
// 100 % churn (churn: that fraction of alerts resolves and as many new ones fire).
//
// - "core + real server": createCore polling the shared real 10k server; the bytes are the
//   JSON of every view message the subscriber received for one refresh (0 % churn), or for
//   the refreshes until a 1 % churn posted to the server showed up.
// - "engine": the engine's merge + diff on generated payloads (lib/engine-cycle.ts), with
//   instance records stamped per poll as the real core does, and with them left out
//   ("records only") to separate alert/group changes from per-poll instance metadata.
import { postAlerts } from '../../support/alertmanager.ts';
import type { BenchContext } from '../lib/context.ts';
import { messageBytes, startCore } from '../lib/core-harness.ts';
import { EngineCycle } from '../lib/engine-cycle.ts';
import { EngineFeed } from '../lib/engine-feed.ts';
import { fleetLabels, fleetPostable } from '../lib/fixtures.ts';
import type { BenchResult } from '../lib/result.ts';
import { median, round } from '../lib/stats.ts';
import type { ViewMessage } from '../../../main/core/model/view.ts';

const ALERTS = 10_000;

function describeDelta(messages: readonly ViewMessage[], from: number): string {
  const counts: Record<string, number> = {};
  for (const m of messages.slice(from)) {
    if (m.type !== 'delta') continue;
    for (const [c, l] of Object.entries(m.delta.upsert))
      counts[c] = (counts[c] ?? 0) + (l?.length ?? 0);
    if (m.delta.summary) counts.summary = (counts.summary ?? 0) + 1;
  }
  const parts = Object.entries(counts).map(([c, n]) => `${n} ${c}`);
  return parts.length ? `upserts: ${parts.join(', ')}` : 'no message';
}

async function realCore(ctx: BenchContext): Promise<BenchResult[]> {
  const server = await ctx.fleet();
  const cut = startCore({
    instances: [{ url: server.am.url, pollIntervalSec: 3600, timeoutSec: 60 }],
  });
  const results: BenchResult[] = [];
  try {
    await cut.core.refresh();
    const count = (): number => Object.keys(cut.core.snapshot().alerts).length;
    if (count() !== server.fleet.alerts)
      throw new Error(`core sees ${count()} alerts, expected ${server.fleet.alerts}`);

    // 0 %: nothing changes on the server between polls.
    const zero: number[] = [];
    let zeroWhat = '';
    for (let r = 0; r < ctx.runs; r++) {
      const mark = cut.messages.length;
      await cut.core.refresh();
      zero.push(messageBytes(cut.messages, mark));
      zeroWhat = describeDelta(cut.messages, mark);
    }
    const zeroMed = median(zero);
    results.push({
      name: '3 delta bytes 10k, 0% churn (core + real server)',
      median: zeroMed,
      unit: 'bytes',
      target: '0',
      pass: zeroMed === 0,
      runs: zero.length,
      notes:
        zeroMed === 0
          ? `no message at all when nothing changed (max over runs ${Math.max(...zero)} bytes; ` +
            'the core sends a heartbeat instance record once per 60 s, see merge.ts HEARTBEAT_MS)'
          : `TARGET MISSED: a delta is sent although no alert changed (${zeroWhat})`,
    });

    // 1 %: 100 alerts resolve and 100 new ones fire on the server; bytes until the core shows it.
    const one: number[] = [];
    let oneWhat = '';
    let next = server.fleet.alerts * 10; // fresh indices, far from the fleet's own
    let oldest = 0;
    const n = Math.round(ALERTS * 0.01);
    for (let r = 0; r < ctx.runs; r++) {
      const resolve = fleetPostable(server.fleet, oldest, oldest + n).map((a) => ({
        ...a,
        endsAt: new Date(Date.now() - 1000).toISOString(),
      }));
      const fire = fleetPostable(server.fleet, next, next + n);
      const expectGone = fleetLabels(oldest, server.fleet);
      const expectNew = fleetLabels(next + n - 1, server.fleet);
      oldest += n;
      next += n;
      const mark = cut.messages.length;
      await postAlerts(server.am.url, [...resolve, ...fire]);
      for (let attempt = 0; ; attempt++) {
        await cut.core.refresh();
        const snap = cut.core.snapshot();
        const alerts = Object.values(snap.alerts);
        const seen = (l: Record<string, string>): boolean =>
          alerts.some(
            (a) => a.labels.instance === l.instance && a.labels.alertname === l.alertname,
          );
        if (!seen(expectGone) && seen(expectNew) && alerts.length === server.fleet.alerts) break;
        if (attempt > 10) throw new Error('the 1% churn did not show up in the core');
      }
      one.push(messageBytes(cut.messages, mark));
      oneWhat = describeDelta(cut.messages, mark);
    }
    results.push({
      name: '3 delta bytes 10k, 1% churn (core + real server)',
      median: median(one),
      unit: 'bytes',
      target: '',
      pass: null,
      runs: one.length,
      notes: `${oneWhat} (all messages until the change was visible)`,
    });
  } finally {
    await cut.stop();
  }
  return results;
}

function engine(ctx: BenchContext): BenchResult[] {
  const results: BenchResult[] = [];
  for (const [meta, churns] of [
    ['per-poll', [0, 0.01, 1]],
    ['static', [0]],
  ] as const) {
    for (const churn of churns) {
      const feed = new EngineFeed('single', ALERTS);
      const cycle = new EngineCycle(feed, meta);
      cycle.run(cycle.prepare()); // first cycle: the full view exists, later cycles send deltas
      const bytes: number[] = [];
      let last = cycle.run(cycle.prepare());
      for (let r = 0; r < ctx.runs; r++) {
        feed.churn(churn);
        last = cycle.run(cycle.prepare());
        bytes.push(last.deltaBytes);
      }
      const med = median(bytes);
      const pct = `${churn * 100}%`;
      const what = Object.entries(last.upsertBy)
        .map(([c, k]) => `${k} ${c}`)
        .join(', ');
      results.push({
        name: `3 delta bytes 10k, ${pct} churn (engine${meta === 'static' ? ', records only' : ''})`,
        median: med,
        unit: 'bytes',
        target: '',
        pass: null,
        runs: bytes.length,
        notes:
          (med === 0
            ? 'no delta message'
            : `upserts: ${what}; ${last.removes} removed; ${round(med / 1024, 1)} KiB`) +
          (churn === 1
            ? `; a full snapshot message is ${round(cycle.snapshotBytes() / 1024, 1)} KiB`
            : '') +
          (meta === 'static' ? '; instance metadata left unchanged between cycles' : ''),
      });
      ctx.log(`  engine ${meta} ${pct}: ${med} bytes`);
    }
  }
  return results;
}

export async function runDeltaSize(ctx: BenchContext): Promise<BenchResult[]> {
  const real = await realCore(ctx);
  for (const r of real) ctx.log(`  ${r.name}: ${r.median} bytes`);
  return [...real, ...engine(ctx)];
}
