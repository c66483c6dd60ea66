// A standalone Alertmanager that restarts loses its alerts (they live in memory only) until
// Prometheus sends them again: the list must not read that as "all clear". A real server is
// killed and started again with the same storage; the core keeps what it listed before, stale,
// never logged resolved, until it is sent again or the grace and its end have passed
// (restart-hold.ts). Polls are driven by core.refresh() and a fake clock.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { RESEND_GRACE_MS } from '../../../main/core/engine/restart-hold.ts';
import type { Core } from '../../../main/core/service.ts';
import type { ViewSnapshot } from '../../../main/core/model/view.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { MemorySecrets, Recorder, settingsFor, waitForCore } from './helpers.ts';

describe('a standalone Alertmanager that restarts', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let core: Core;
  let rec: Recorder;
  const clock = new FakeClock();
  const critical = makeAlert({ alertname: 'RestartCritical', severity: 'critical', host: 'a' });
  // Ends within a minute: kept for the grace after the restart, not only until its end.
  const soon = new Date(Date.now() + 60_000).toISOString();
  const warning = makeAlert(
    { alertname: 'RestartWarning', severity: 'warning', host: 'b' },
    { endsAt: soon },
  );
  const byName = (s: ViewSnapshot, name: string) =>
    Object.values(s.alerts).find((a) => a.labels['alertname'] === name);

  before(async () => {
    am = await startAlertmanager();
    core = createCore({
      settings: settingsFor([am.url]),
      secrets: new MemorySecrets(),
      clock,
      osUser: 'tester',
      random: () => 0.5,
    });
    rec = new Recorder(core);
    core.start();
    await postAlerts(am.url, [critical, warning]);
    await waitForCore(
      core,
      async () => {
        await core.refresh();
        return Object.keys(core.snapshot().alerts).length === 2;
      },
      { timeoutMs: 20_000, message: 'both alerts listed' },
    );
  });

  after(async () => {
    rec?.close();
    await core?.stop();
    await am?.stop();
  });

  it('keeps what it listed, stale, after a restart with no alerts: never "all clear"', async () => {
    rec.clear();
    await am.kill();
    await am.start();
    const snap = await waitForCore(
      core,
      async () => {
        await core.refresh();
        const s = core.snapshot();
        return s.instances.am1?.health === 'ok' && s.instances.am1.restartedAt ? s : undefined;
      },
      { timeoutMs: 20_000, message: 'the restarted server answers' },
    );
    // Its list is empty now (checked: the server lost them).
    const listed = (await (await fetch(`${am.url}/api/v2/alerts`)).json()) as unknown[];
    assert.equal(listed.length, 0, 'the restarted server lists nothing');
    assert.equal(Object.keys(snap.alerts).length, 2, 'both kept');
    for (const a of Object.values(snap.alerts)) {
      assert.equal(a.stale, true, `${a.labels['alertname']} is last known`);
      assert.deepEqual(a.instances, ['am1']);
    }
    assert.equal(snap.summary.worst, 'critical', 'the critical still counts');
    assert.equal(Object.values(snap.groups).filter((g) => g.alerts.length > 0).length, 2);
    assert.deepEqual(rec.eventsOf('alert-resolved'), [], 'nothing logged resolved');
  });

  it('an alert sent again is current, with no new firing event', async () => {
    await postAlerts(am.url, [critical]);
    const snap = await waitForCore(
      core,
      async () => {
        await core.refresh();
        const s = core.snapshot();
        return byName(s, 'RestartCritical')?.stale === false ? s : undefined;
      },
      { timeoutMs: 20_000, message: 'the critical is current again' },
    );
    assert.equal(byName(snap, 'RestartWarning')?.stale, true, 'the other still kept, stale');
    assert.deepEqual(rec.eventsOf('alert-firing'), [], 'the same episode: no new page');
    assert.deepEqual(rec.eventsOf('alert-resolved'), []);
  });

  it('one not sent again is kept for the grace, then leaves', async () => {
    // Its end passed already; the grace still keeps it (Prometheus may not have resent yet).
    await clock.advance(RESEND_GRACE_MS - 20_000);
    await core.refresh();
    assert.equal(byName(core.snapshot(), 'RestartWarning')?.stale, true, 'kept within the grace');
    await clock.advance(21_000);
    const snap = await waitForCore(
      core,
      async () => {
        await core.refresh();
        const s = core.snapshot();
        return byName(s, 'RestartWarning') === undefined ? s : undefined;
      },
      { timeoutMs: 20_000, message: 'the warning leaves after the grace' },
    );
    assert.equal(byName(snap, 'RestartCritical')?.stale, false);
    assert.equal(snap.instances.am1?.restartedAt, undefined, 'the hold is over');
    assert.deepEqual(rec.eventsOf('alert-firing'), []);
  });
});
