// Editing an instance's connection (URL, TLS, auth) keeps its last-known alerts, shown stale,
// until the first poll with the new settings answers: it does not turn into "never reached".
// A success then counts as usual; a failure keeps the data (as any failure does) and says so.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCore } from '../../../main/core/engine/create-core.ts';
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
import { MemorySecrets, settingsFor } from './helpers.ts';
import { startProxy, type SwitchProxy } from './proxy.ts';

describe(
  'editing an instance keeps its data until the new settings answer',
  {
    skip: amSkipReason(),
  },
  () => {
    let am: AmProcess;
    let proxy: SwitchProxy;

    before(async () => {
      am = await startAlertmanager();
      proxy = await startProxy(am.url);
      await postAlerts(am.url, [makeAlert({ alertname: 'EditKeep', severity: 'critical' })]);
    });
    after(async () => {
      await proxy?.close();
      await am?.stop();
    });

    it('stale with the old alerts, then ok (new URL) or unreachable with them kept', async () => {
      const clock = new FakeClock(Date.now());
      const core: Core = createCore({
        settings: settingsFor([am.url]),
        secrets: new MemorySecrets(),
        clock,
        osUser: 'tester',
      });
      core.start();
      const has = () =>
        Object.values(core.snapshot().alerts).some((a) => a.labels.alertname === 'EditKeep');
      const inst = () => core.snapshot().instances.am1!;
      const settle = async (until: () => boolean, what: string) =>
        waitFor(
          async () => {
            await clock.advance(10);
            return until();
          },
          { timeoutMs: 20_000, message: what },
        );
      try {
        await core.refresh();
        await settle(() => has() && inst().health === 'ok', 'first data');
        const firstSuccess = inst().lastSuccessAt;

        // The URL now points at the proxy (same server behind it): a new connection.
        const edit = (url: string) => {
          const s = core.getSettings();
          core.updateSettings({
            ...s,
            instances: s.instances.map((i) => (i.id === 'am1' ? { ...i, url } : i)),
          });
        };
        proxy.mode = 'garbage';
        // Its answer takes a while (real time), and is garbage when it comes.
        proxy.delayMs = 3_000;
        edit(proxy.url);
        await settle(() => inst().url === proxy.url, 'the edit applied');
        assert.equal(inst().health, 'stale', 'not "never reached" while the new URL is tried');
        assert.ok(has(), 'the last alerts stay');
        assert.equal(inst().lastSuccessAt, firstSuccess);

        // The new settings fail: the data is kept (any failure keeps it) and it says so.
        await core.refresh();
        await settle(() => inst().health === 'unreachable', 'the new URL answered (badly)');
        assert.ok(has(), 'kept through the failure');

        // The server answers through the new URL: ok again, still the alert.
        proxy.mode = 'pass';
        proxy.delayMs = 0;
        await core.refresh();
        await settle(() => inst().health === 'ok', 'the new URL answered');
        assert.ok(has());
      } finally {
        await core.stop();
      }
    });
  },
);
