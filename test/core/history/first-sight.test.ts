// First sight is not a firing: an alert already firing when the app first sees its cluster is
// recorded as "first-seen" (it fired before anyone here looked), not counted in the Timeline's
// "fired in 24 h"; when it resolves and fires again while watched, that is one firing.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { HistoryRecorder } from '../../../main/core/history/recorder.ts';
import type { Core } from '../../../main/core/service.ts';
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

const LIMITS = { retentionDays: 30, maxBytes: 200 * 1024 * 1024 };

describe('history: first sight', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let dir: string;

  before(async () => {
    am = await startAlertmanager();
    dir = await mkdtemp(join(tmpdir(), 'amtray-first-sight-'));
  });
  after(async () => {
    await am?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('records an alert firing before the app looked as first seen, not as a firing', async () => {
    await postAlerts(am.url, [makeAlert({ alertname: 'FsOld', severity: 'critical', node: 'n1' })]);
    // The core's clock is the server's: records and the 24 h window line up with real time.
    const clock = new FakeClock(Date.now());
    const core: Core = createCore({
      settings: settingsFor([am.url]),
      secrets: new MemorySecrets(),
      clock,
      osUser: 'tester',
    });
    const history = new HistoryRecorder({
      path: join(dir, 'h.sqlite'),
      clock,
      limits: () => LIMITS,
    });
    const detach = history.attach(core);
    core.start();
    const poll = (until: () => boolean, what: string) =>
      waitFor(
        async () => {
          await clock.advance(1_000);
          await core.refresh();
          return until();
        },
        { timeoutMs: 20_000, message: what },
      );
    const has = (name: string) =>
      Object.values(core.snapshot().alerts).some((a) => a.labels.alertname === name);
    try {
      await poll(() => has('FsOld'), 'first sight');
      await clock.advance(2_000); // the recorder's flush
      const kinds = () =>
        history
          .page({ limit: 100 })
          .records.filter((r) => r.alertname === 'FsOld')
          .map((r) => r.kind)
          .reverse();
      assert.deepEqual(kinds(), ['first-seen']);
      const fired = () =>
        history.summary({ fromMs: 0 }).alerts.find((a) => a.alertname === 'FsOld')?.fired24h;
      assert.equal(fired(), 0, 'first sight is not counted as a firing');

      // Resolves and fires again while watched: one firing.
      await postAlerts(am.url, [
        makeAlert(
          { alertname: 'FsOld', severity: 'critical', node: 'n1' },
          { endsAt: new Date(Date.now() - 1000).toISOString() },
        ),
      ]);
      await poll(() => !has('FsOld'), 'resolved');
      await postAlerts(am.url, [
        makeAlert({ alertname: 'FsOld', severity: 'critical', node: 'n1' }),
      ]);
      await poll(() => has('FsOld'), 'fires again');
      await clock.advance(2_000);
      assert.deepEqual(kinds(), ['first-seen', 'resolved', 'fired']);
      assert.equal(fired(), 1);
    } finally {
      detach();
      history.close();
      await core.stop();
    }
  });
});
