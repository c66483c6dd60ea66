// The summary's two signals with real servers: what fires (critical) is never replaced by
// missing data from a dead instance; a dead HA peer while its cluster answers is "degraded".
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { trayIconState } from '../../../main/electron/tray-menu.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { watchCore, type Watched } from '../../faults/support/core.ts';

describe(
  'worst state: critical stays visible, missing data is flagged',
  { skip: amSkipReason() },
  () => {
    let am: AmProcess;
    let dead: AmProcess;
    let w: Watched;

    before(async () => {
      am = await startAlertmanager();
      dead = await startAlertmanager();
      const deadUrl = dead.url;
      await dead.stop(); // a port where nothing answers any more
      await postAlerts(
        am.url,
        Array.from({ length: 5 }, (_, i) =>
          makeAlert({ alertname: 'DiskFull', severity: 'critical', instance: `node-${i}` }),
        ),
      );
      w = watchCore({
        instances: [
          { id: 'live', name: 'prod-eu', url: am.url },
          { id: 'dead', name: 'prod-us', url: deadUrl, timeoutSec: 2 },
        ],
        clock: new FakeClock(),
      });
      await waitFor(
        async () => {
          await w.core.refresh();
          const s = w.core.snapshot();
          return s.instances.live?.health === 'ok' && s.instances.dead?.health === 'unreachable';
        },
        { timeoutMs: 30_000 },
      );
    });

    after(async () => {
      await w?.stop();
      await am?.stop();
    });

    it('one dead standalone instance and 5 criticals on another: critical, with no data flagged', () => {
      const s = w.core.snapshot();
      assert.equal(s.summary.firing, 5);
      assert.equal(s.summary.worst, 'critical');
      assert.deepEqual(s.summary.missingData, ['dead']);
      assert.deepEqual(s.summary.degradedClusters, []);
      assert.equal(trayIconState(s, false), 'critical-nodata');
      assert.equal(trayIconState(s, true), 'critical-nodata', 'paused never hides it either');
    });
  },
);
