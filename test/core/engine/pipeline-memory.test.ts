// The dead-man's switch remembers where a Watchdog was seen across restarts (watchdog.json):
// a Watchdog that stopped while the app was closed is still missed. A real Prometheus sends
// the Watchdog to a real Alertmanager while a first core runs; then the app is "closed", the
// pipeline dies (Prometheus stopped, Alertmanager restarted empty: a fresh server under the
// same instance), and a second core started on the same memory file says "pipeline silent"
// within the threshold and notifies. The control, a core without the memory, says nothing.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { WatchdogSeenFile } from '../../../main/core/files/watchdog-seen-file.ts';
import type { AppNotification } from '../../../main/core/model/events.ts';
import { iconState } from '../../../main/core/model/icon-state.ts';
import type { Core } from '../../../main/core/service.ts';
import { amSkipReason, startAlertmanager, type AmProcess } from '../../support/alertmanager.ts';
import { promSkipReason, startPrometheus, WATCHDOG_RULES } from '../../support/prometheus.ts';
import { MemorySecrets, settingsFor, waitForCore } from './helpers.ts';

const SILENT_MIN = 0.1; // 6 s

describe(
  'pipeline silent: remembered across a restart',
  { skip: amSkipReason() || promSkipReason() },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'amtray-watchdog-'));
    const file = join(dir, 'watchdog.json');
    const cores: Core[] = [];
    const servers: AmProcess[] = [];
    after(async () => {
      await Promise.all(cores.map((c) => c.stop()));
      await Promise.all(servers.map((s) => s.stop()));
      rmSync(dir, { recursive: true, force: true });
    });

    const start = (url: string, memory: boolean): Core => {
      const settings = settingsFor([url]);
      settings.notifications.watchdogSilentMin = SILENT_MIN;
      const core = createCore({
        settings,
        secrets: new MemorySecrets(),
        ...(memory ? { watchdogMemory: new WatchdogSeenFile(file) } : {}),
      });
      cores.push(core);
      core.start();
      return core;
    };

    it('a Watchdog gone while the app was closed is missed after the start', async () => {
      const am = await startAlertmanager();
      servers.push(am);
      const prom = await startPrometheus({ rules: WATCHDOG_RULES, alertmanagerUrls: [am.url] });
      try {
        const first = start(am.url, true);
        await waitForCore(
          first,
          async () =>
            Object.values(first.snapshot().alerts).some((a) => a.labels.alertname === 'Watchdog'),
          { timeoutMs: 30_000, message: 'the Watchdog listed' },
        );
        const cluster = first.snapshot().instances['am1']!.clusterId;
        await waitForCore(
          first,
          async () => {
            try {
              return cluster in JSON.parse(readFileSync(file, 'utf8')).seen;
            } catch {
              return false;
            }
          },
          { message: 'watchdog.json names the cluster' },
        );
        await first.stop();
      } finally {
        await prom.stop();
      }

      // The pipeline died while the app was closed: Alertmanager came back empty.
      const fresh = await startAlertmanager();
      servers.push(fresh);
      const withMemory = start(fresh.url, true);
      const withoutMemory = start(fresh.url, false);
      const notes: AppNotification[] = [];
      withMemory.onNotification((n) => notes.push(n));
      const cluster = 'instance:am1';
      await waitForCore(
        withMemory,
        async () => (withMemory.snapshot().summary.pipelineSilent ?? []).includes(cluster),
        { timeoutMs: SILENT_MIN * 60_000 + 20_000, message: 'pipeline silent after the restart' },
      );
      await waitForCore(
        withMemory,
        async () => notes.some((n) => n.title.startsWith('Alerting pipeline silent on')),
        { message: 'notified' },
      );
      assert.deepEqual(
        withoutMemory.snapshot().summary.pipelineSilent ?? [],
        [],
        'the control: without the memory the cluster was never watched',
      );
      assert.equal(
        iconState(withMemory.snapshot().summary, false),
        'pipeline-silent',
        'the tray shows it, not "all clear"',
      );
    });
  },
);
