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

    // 1 % and 100 %: that many alerts resolve and as many new ones fire on the server; the
    // bytes are those of every message until the core shows the change.
    const alive: number[] = Array.from({ length: server.fleet.alerts }, (_, i) => i);
    let next = server.fleet.alerts * 10; // fresh indices, far from the fleet's own
    for (const churn of [0.01, 1]) {
      const n = Math.round(ALERTS * churn);
      const bytes: number[] = [];
      let what = '';
      let polls = 0;
      for (let r = 0; r < ctx.runs; r++) {
        const gone = alive.splice(0, n);
        const fresh = Array.from({ length: n }, (_, k) => next + k);
        next += n;
        alive.push(...fresh);
        const endsAt = new Date(Date.now() - 1000).toISOString();
        const posts = [
          ...gone
            .flatMap((i) => fleetPostable(server.fleet, i, i + 1))
            .map((a) => ({ ...a, endsAt })),
          ...fleetPostable(server.fleet, fresh[0]!, fresh[0]! + n),
        ];
        const expectGone = [gone[0]!, gone[gone.length - 1]!].map((i) =>
          fleetLabels(i, server.fleet),
        );
        const expectNew = [fresh[0]!, fresh[n - 1]!].map((i) => fleetLabels(i, server.fleet));
        const mark = cut.messages.length;
        for (let i = 0; i < posts.length; i += 1000)
          await postAlerts(server.am.url, posts.slice(i, i + 1000));
        for (let attempt = 0; ; attempt++) {
          await cut.core.refresh();
          polls++;
          const alerts = Object.values(cut.core.snapshot().alerts);
          const keys = new Set(alerts.map((a) => `${a.labels.alertname}|${a.labels.instance}`));
          const seen = (l: Record<string, string>): boolean =>
            keys.has(`${l.alertname}|${l.instance}`);
          if (
            !expectGone.some(seen) &&
            expectNew.every(seen) &&
            alerts.length === server.fleet.alerts
          )
            break;
          if (attempt > 10)
            throw new Error(`the ${churn * 100}% churn did not show up in the core`);
        }
        bytes.push(messageBytes(cut.messages, mark));
        what = describeDelta(cut.messages, mark);
      }
      results.push({
        name: `3 delta bytes 10k, ${churn * 100}% churn (core + real server)`,
        median: median(bytes),
        unit: 'bytes',
        target: '',
        pass: null,
        runs: bytes.length,
        notes:
          `${what} (every message until the change was visible; ${round(polls / bytes.length, 1)} polls ` +
          `per change on average); ${round(median(bytes) / 1024, 1)} KiB`,
      });
    }
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
