// The matching budget against real Alertmanagers: a silence anyone can create with a 16 KB
// `(a?)`×4000 regex, and 200 alerts with 4,000-character values. The silence is on a second
// server: on the alerts' own server, that server spends ~110 s matching it in Go's RE2 (same
// cost, measured; even for a pending silence) before it answers GET /alerts — its problem,
// not the core's, and too slow for a test. The core's preview is the same computation. Without the budget one preview
// of it costs minutes of core CPU (≈0.6 s per alert) and nothing else runs meanwhile. With it:
// the preview says it could not evaluate them (the server decides), the core keeps answering
// bridge calls within 100 ms, and polls stay on schedule, also while a preview that is within
// the per-test bound but costly in total (200 tests of ~120,000 units) runs in chunks.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Matcher } from '../../../main/core/api/types.ts';
import type { Handlers } from '../../../main/core/bridge/contract.ts';
import { createHandlers } from '../../../main/core/bridge/handlers.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { Core, PreviewResult } from '../../../main/core/service.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
} from '../../support/alertmanager.ts';
import type { AmProcess } from '../../support/alertmanager.ts';
import { waitFor } from '../../support/wait.ts';
import { MemorySecrets, settingsFor } from '../engine/helpers.ts';
import { startProxy, type SwitchProxy } from '../engine/proxy.ts';
import { postSilence } from '../../support/post-silence.ts';
import { hostname } from 'node:os';
import { ackComment, ownerTag } from '../../../main/core/silences/ack.ts';

const ALERTS = 200;
const HUGE = '(a?)'.repeat(4000); // 16,000 characters
const MID = '(a?)'.repeat(30); // 120 characters: within the per-test bound on 1,000 characters

/**
 * The 100 ms promise, held against what this machine shows with the same core, the same polls
 * and no preview (measured just before): on a shared 2-core box another process can hold this
 * one off the CPU for longer than that, which no budget in the app can prevent. Then the
 * preview may add at most 100 ms to that idle worst; 99% of timer delays stay under 100 ms.
 */
function assertResponsive(m: Measured, idle: Measured): void {
  const allowance = (idleMs: number) => (idleMs < 50 ? 100 : idleMs + 100);
  const text = (x: Measured) =>
    `max ${x.maxDelayMs.toFixed(0)} ms, p99 ${x.p99DelayMs.toFixed(0)} ms, call ${x.maxCallMs.toFixed(0)} ms`;
  const why = `busy ${text(m)}; idle ${text(idle)}`;
  assert.ok(m.p99DelayMs < 100, `event loop delay p99: ${why}`);
  assert.ok(m.maxDelayMs < allowance(idle.maxDelayMs), `event loop blocked: ${why}`);
  assert.ok(m.maxCallMs < allowance(idle.maxCallMs), `a bridge call waited: ${why}`);
}

interface Measured {
  maxDelayMs: number;
  p99DelayMs: number;
  maxCallMs: number;
  polls: number;
}

/** GET /alerts requests the proxy in front of the alerts' server has seen: the polls. */
function alertPolls(proxy: SwitchProxy): number {
  return proxy.stats.paths.filter((p) => p.includes('/api/v2/alerts')).length;
}

/** Runs `work` while sampling how late timers fire and how long a bridge call takes. */
async function whileMeasuring<T>(
  core: Core,
  handlers: Handlers,
  proxy: SwitchProxy,
  work: () => Promise<T>,
): Promise<Measured & { result: T }> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  let maxCallMs = 0;
  const pollsBefore = alertPolls(proxy);
  let running = true;
  const sampler = (async () => {
    while (running) {
      const t0 = performance.now();
      await handlers['settings:get']();
      core.snapshot();
      await new Promise((r) => setTimeout(r, 0));
      maxCallMs = Math.max(maxCallMs, performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    const result = await work();
    return {
      result,
      maxDelayMs: h.max / 1e6,
      p99DelayMs: h.percentile(99) / 1e6,
      maxCallMs,
      polls: alertPolls(proxy) - pollsBefore,
    };
  } finally {
    running = false;
    await sampler;
    h.disable();
  }
}

describe('matching budget (real server)', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let forger: AmProcess;
  let proxy: SwitchProxy;
  let core: Core;
  let handlers: Handlers;
  let clusterId: string;
  let idle: Measured;

  before(async () => {
    [am, forger] = await Promise.all([startAlertmanager(), startAlertmanager()]);
    await postAlerts(
      am.url,
      Array.from({ length: ALERTS }, (_, i) =>
        makeAlert({
          alertname: 'Costly',
          idx: String(i),
          long: 'a'.repeat(4000),
          // Ten alerts the MID pattern matches; the rest it tests and rejects.
          mid: 'a'.repeat(i < 10 ? 20 : 1000),
        }),
      ),
    );
    proxy = await startProxy(am.url);
    core = createCore({
      settings: settingsFor([proxy.url, forger.url], { pollIntervalSec: 2 }),
      secrets: new MemorySecrets(),
      osUser: 'tester',
    });
    handlers = createHandlers(core, {
      appInfo: () => {
        throw new Error('unused');
      },
      openExternal: async () => {},
      setLaunchAtLogin: async (e) => e,
      secrets: new MemorySecrets(),
      persistSettings: async () => {},
    });
    core.start();
    await postSilence(
      forger.url,
      [
        { name: 'alertname', value: 'Costly', isRegex: false, isEqual: true },
        { name: 'long', value: HUGE, isRegex: true, isEqual: true },
      ],
      // A forged ack: this install's very tag (readable by anyone who lists silences). It is
      // never tended (not in the ledger), so its regex is never evaluated against the alerts
      // in the cycle; it sits on a second server because Alertmanager itself spends ~110 s
      // matching it against 200 such alerts before answering a poll.
      ackComment('', ownerTag(hostname(), 'tester')),
    );
    await waitFor(async () => {
      await core.refresh();
      const v = core.snapshot();
      return Object.keys(v.alerts).length === ALERTS && Object.keys(v.silences).length === 1;
    });
    const alert = Object.values(core.snapshot().alerts)[0]!;
    clusterId = alert.clusters[0]!;
    const quiet = await whileMeasuring(core, handlers, proxy, async () => {
      await new Promise((r) => setTimeout(r, 3_000));
    });
    idle = quiet;
  });

  after(async () => {
    await core?.stop();
    await proxy?.close();
    await am?.stop();
    await forger?.stop();
  });

  it('previews the 16 KB server silence as unknown without blocking the core', async () => {
    const silence = Object.values(core.snapshot().silences)[0]!;
    assert.equal(silence.matchers.find((x) => x.isRegex)?.value, HUGE);
    assert.equal(silence.ack?.mine, false, "the forged ack is someone else's");
    const m = await whileMeasuring(core, handlers, proxy, () =>
      handlers['silences:preview'](clusterId, silence.matchers),
    );
    assert.equal(m.result.total, 0);
    assert.equal(m.result.unknown, ALERTS, 'every alert is reported as not evaluated');
    assertResponsive(m, idle);
    const after = core.snapshot().silences[silence.key];
    assert.equal(after?.endsAt, silence.endsAt, 'never extended by this install');
    assert.equal(after?.state, 'active', 'never expired by this install');
  });

  it('chunks a preview that is within the per-test bound but costly in total', async () => {
    const matchers: Matcher[] = [{ name: 'mid', value: MID, isRegex: true, isEqual: true }];
    const m = await whileMeasuring(core, handlers, proxy, async () => {
      // Previews back to back for at least three poll intervals.
      const t0 = Date.now();
      let last: PreviewResult;
      do last = await handlers['silences:preview'](clusterId, matchers);
      while (Date.now() - t0 < 6_500);
      return last;
    });
    assert.equal(m.result.total, 10, 'evaluated exactly as the server would');
    assert.equal(m.result.unknown, 0);
    assertResponsive(m, idle);
    assert.ok(m.polls >= 3, `polls meanwhile: ${m.polls}`);
  });
});
