// A manual refresh against a real Alertmanager that goes down and comes back, on a fake clock:
// refreshes while it is down reset its backoff and never add to it, so once it answers again
// the next scheduled poll, one interval on, shows it recovered (it used to stay "unreachable"
// for minutes: every failed refresh had pushed its retry further away).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { Core } from '../../../main/core/service.ts';
import {
  amSkipReason,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { MemorySecrets, settingsFor } from './helpers.ts';

describe('manual refresh and backoff on a real server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let core: Core;
  const clock = new FakeClock();

  before(async () => {
    am = await startAlertmanager();
  });
  after(async () => {
    await core?.stop();
    await am?.stop();
  });

  it('a peer that answers again is shown recovered within one interval of the last refresh', async () => {
    const settings = settingsFor([am.url]); // polls every 2 s
    // The longest jitter: any backoff left over would be far beyond one interval.
    core = createCore({ settings, secrets: new MemorySecrets(), clock, random: () => 0.999 });
    core.start();
    const health = () => core.snapshot().instances.am1?.health;
    await waitFor(async () => {
      await core.refresh();
      return health() === 'ok';
    });

    await am.kill();
    // Down: the scheduled polls back off, and the user clicks Refresh again and again.
    for (let i = 0; i < 4; i++) await clock.advance(60_000);
    for (let i = 0; i < 8; i++) await core.refresh('am1');
    assert.notEqual(health(), 'ok');

    await am.start();
    await clock.advance(settings.instances[0]!.pollIntervalSec * 1000);
    await waitFor(() => health() === 'ok', {
      timeoutMs: 10_000,
      message: `recovered within one interval (health ${health()})`,
    });
  });
});
