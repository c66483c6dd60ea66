// The history against a real Alertmanager: a sequence of firings, a silence, a resolution, an
// outage (through a proxy answering garbage) and an expiry produces exactly those records,
// notifications and withheld ones with their reason; the records survive a restart, an alert
// still open after the restart is not recorded as firing again, and one that resolved while
// the app was not running is recorded as resolved.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { HistoryRecorder } from '../../../main/core/history/recorder.ts';
import type { HistoryRecord } from '../../../main/core/history/record.ts';
import type { Core } from '../../../main/core/service.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { waitFor } from '../../support/wait.ts';
import { MemorySecrets, settingsFor } from '../engine/helpers.ts';
import { startProxy, type SwitchProxy } from '../engine/proxy.ts';

const LIMITS = { retentionDays: 30, maxBytes: 200 * 1024 * 1024 };

/**
 * `kind alertname` (or `kind instance` / `kind silence`) per record, oldest first; records of
 * one cycle (same time) sorted, since their order within a cycle carries no meaning.
 */
function lines(records: HistoryRecord[]): string[] {
  return [...records]
    .filter((r) => r.kind !== 'notified' && r.kind !== 'withheld')
    .map((r) => ({
      at: r.at,
      line: `${r.kind} ${r.alertname ?? r.instanceId ?? (r.silenceKey ? 'silence' : '')}`,
    }))
    .sort((a, b) => a.at - b.at || a.line.localeCompare(b.line))
    .map((x) => x.line);
}

describe('history recorder with a real server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let proxy: SwitchProxy;
  let dir: string;
  let path: string;
  const clock = new FakeClock(Date.parse('2026-11-20T10:00:00Z'));
  let settings: Settings;

  function open(): { core: Core; history: HistoryRecorder; detach: () => void } {
    const core = createCore({ settings, secrets: new MemorySecrets(), clock, osUser: 'tester' });
    const history = new HistoryRecorder({ path, clock, limits: () => LIMITS });
    const detach = history.attach(core);
    core.start();
    return { core, history, detach };
  }

  async function poll(core: Core, until: () => boolean, what: string): Promise<void> {
    await waitFor(
      async () => {
        await clock.advance(1_000);
        await core.refresh();
        return until();
      },
      { timeoutMs: 20_000, message: what },
    );
  }

  before(async () => {
    am = await startAlertmanager();
    proxy = await startProxy(am.url);
    dir = await mkdtemp(join(tmpdir(), 'amtray-history-'));
    path = join(dir, 'history.sqlite');
    settings = settingsFor([proxy.url]);
    // Warnings are below the minimum: their notifications are withheld, with that reason.
    settings.notifications.minSeverity = 'critical';
  });

  after(async () => {
    await proxy?.close();
    await am?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('records exactly what happened, and it survives a restart', async () => {
    let { core, history, detach } = open();
    await poll(core, () => core.snapshot().instances.am1?.health === 'ok', 'first poll');

    await postAlerts(am.url, [
      makeAlert({ alertname: 'HistDisk', severity: 'critical', instance: 'db-1' }),
      makeAlert({ alertname: 'HistCpu', severity: 'warning', instance: 'db-2' }),
    ]);
    const count = (name: string) =>
      Object.values(core.snapshot().alerts).filter((a) => a.labels.alertname === name).length;
    await poll(core, () => count('HistDisk') === 1 && count('HistCpu') === 1, 'alerts seen');

    const clusterId = core.snapshot().instances.am1!.clusterId;
    const created = await core.silences.create(clusterId, {
      matchers: [{ name: 'alertname', value: 'HistCpu', isRegex: false, isEqual: true }],
      startsAt: new Date(Date.now() - 1000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      createdBy: 'tester',
      comment: 'history test',
    });
    const cpuState = () =>
      Object.values(core.snapshot().alerts).find((a) => a.labels.alertname === 'HistCpu')?.state;
    await poll(core, () => cpuState() === 'suppressed', 'HistCpu silenced');

    await postAlerts(am.url, [
      makeAlert(
        { alertname: 'HistDisk', severity: 'critical', instance: 'db-1' },
        { endsAt: new Date(Date.now() - 1000).toISOString() },
      ),
    ]);
    await poll(core, () => count('HistDisk') === 0, 'HistDisk resolved');

    proxy.mode = 'garbage';
    await poll(core, () => core.snapshot().instances.am1?.health === 'unreachable', 'outage');
    proxy.mode = 'pass';
    await poll(core, () => core.snapshot().instances.am1?.health === 'ok', 'recovered');

    await core.silences.expire(created.silenceKey);
    await poll(core, () => cpuState() === 'active', 'HistCpu unsilenced');

    const all = history.page({ limit: 1000 }).records;
    assert.deepEqual(lines(all), [
      'fired HistCpu',
      'fired HistDisk',
      'silence-created silence',
      'silenced HistCpu',
      'resolved HistDisk',
      'instance-down am1',
      'instance-up am1',
      'silence-expired silence',
      'unsuppressed HistCpu',
    ]);
    const silenced = all.find((r) => r.kind === 'silenced')!;
    assert.equal(silenced.silenceKey, created.silenceKey);
    assert.match(silenced.detail ?? '', /^{alertname="HistCpu"} by tester: history test$/);
    assert.deepEqual(silenced.labels, {
      alertname: 'HistCpu',
      severity: 'warning',
      instance: 'db-2',
    });
    assert.ok(silenced.groupKey?.includes('HistCpu'), 'the alert has its group');
    const resolved = all.find((r) => r.kind === 'resolved')!;
    assert.equal(resolved.labels?.instance, 'db-1', 'resolved keeps the labels it had');
    // The critical one notified; the warning was withheld by the minimum severity.
    const notified = all.filter((r) => r.kind === 'notified');
    assert.ok(
      notified.some((r) => /HistDisk/.test(r.detail ?? '')),
      JSON.stringify(notified),
    );
    const withheld = all.filter((r) => r.kind === 'withheld');
    assert.ok(
      withheld.some(
        (r) => r.alertname === 'HistCpu' && /below minimum severity critical/.test(r.detail ?? ''),
      ),
      JSON.stringify(withheld),
    );

    // A third alert fires, then the app stops; it resolves while nobody watches.
    await postAlerts(am.url, [makeAlert({ alertname: 'HistMem', severity: 'critical' })]);
    await poll(core, () => count('HistMem') === 1, 'HistMem seen');
    const before = lines(history.page({ limit: 1000 }).records);
    detach();
    history.close();
    await core.stop();
    await postAlerts(am.url, [
      makeAlert(
        { alertname: 'HistMem', severity: 'critical' },
        { endsAt: new Date(Date.now() - 1000).toISOString() },
      ),
    ]);

    ({ core, history, detach } = open());
    await poll(core, () => core.snapshot().instances.am1?.health === 'ok', 'first poll again');
    await poll(core, () => count('HistCpu') === 1, 'HistCpu still there');
    const again = history.page({ limit: 1000 }).records;
    // Everything from before is still there; HistCpu, still firing, is not "fired" again;
    // HistMem, resolved while the app was stopped, is recorded as resolved.
    assert.deepEqual(lines(again), [...before, 'resolved HistMem']);
    const last = again.find((r) => r.kind === 'resolved' && r.alertname === 'HistMem');
    assert.equal(last?.detail, 'resolved while not watched');
    detach();
    history.close();
    await core.stop();
  });

  it('records an acknowledgement as "acknowledged", not as a silence', async () => {
    // An ack lasts minutes from the core's now: that must be the server's now here.
    await clock.advance(Math.max(0, Date.now() + 1000 - clock.now()));
    const { core, history, detach } = open();
    try {
      await postAlerts(am.url, [makeAlert({ alertname: 'HistAck', severity: 'critical' })]);
      const ackAlert = () =>
        Object.values(core.snapshot().alerts).find((a) => a.labels.alertname === 'HistAck');
      await poll(core, () => ackAlert() !== undefined, 'HistAck seen');
      await core.silences.acknowledge({ fingerprint: ackAlert()!.fingerprint }, 'on it');
      await poll(core, () => ackAlert()?.state === 'suppressed', 'HistAck acknowledged');
      await waitFor(
        () =>
          history
            .page({ limit: 1000 })
            .records.find((r) => r.kind === 'acknowledged' && r.alertname === 'HistAck'),
        { message: 'acknowledged record' },
      );
      const rec = history
        .page({ limit: 1000 })
        .records.find((r) => r.alertname === 'HistAck' && r.kind === 'acknowledged')!;
      assert.match(rec.detail ?? '', /by tester: ACK! on it/);
      assert.equal(
        history
          .page({ limit: 1000 })
          .records.some((r) => r.alertname === 'HistAck' && r.kind === 'silenced'),
        false,
      );
    } finally {
      detach();
      history.close();
      await core.stop();
    }
  });
});
