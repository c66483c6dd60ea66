// An ack that ends while its alert still fires interrupts again, against a real Alertmanager:
// expired by someone else (here over the API, as amtool or karma would), the critical comes
// back with "acknowledgement ended, still firing" at the next poll instead of waiting for its
// reminder; expired by the user in this app, it comes back without a notification (they did it).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { AppNotification } from '../../../main/core/model/events.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import type { Core } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { waitFor } from '../../support/wait.ts';

const DAY = 86_400_000;

describe('an acknowledgement that ends while the alert fires', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let core: Core;
  const notes: AppNotification[] = [];
  const alertOf = () =>
    Object.values(core.snapshot().alerts).find((x) => x.labels.alertname === 'LapseDisk');
  const state = () => alertOf()?.state;

  async function pollUntil(ok: () => boolean, message: string): Promise<void> {
    await waitFor(
      async () => {
        await core.refresh();
        return ok();
      },
      { message },
    );
  }

  async function acknowledge(): Promise<string> {
    const [r] = await core.silences.acknowledge({ fingerprint: alertOf()!.fingerprint });
    await pollUntil(() => state() === 'suppressed', 'acknowledged');
    return r!.silenceKey;
  }

  before(async () => {
    am = await startAlertmanager();
    const settings = defaultSettings();
    settings.instances = [
      defaultInstance({ id: 'am1', name: 'am1', url: am.url, pollIntervalSec: 300 }),
    ];
    core = createCore({ settings, secrets: new MemorySecretStore(), osUser: 'oncall' });
    core.onNotification((n) => notes.push(n));
    core.start();
    await pollUntil(() => core.snapshot().summary.unreachableInstances.length === 0, 'first poll');
    const endsAt = new Date(Date.now() + DAY).toISOString();
    await postAlerts(am.url, [
      makeAlert({ alertname: 'LapseDisk', severity: 'critical' }, { endsAt }),
    ]);
    await pollUntil(() => state() === 'active', 'the alert seen');
    await pollUntil(() => notes.some((n) => n.title === 'LapseDisk (critical)'), 'notified');
  });
  after(async () => {
    await core?.stop();
    await am?.stop();
  });

  it('expired by someone else: notified again at once, saying the ack ended', async () => {
    const key = await acknowledge();
    const before = notes.length;
    const id = key.slice(key.lastIndexOf('/') + 1);
    const res = await fetch(`${am.url}/api/v2/silence/${id}`, { method: 'DELETE' });
    assert.equal(res.status, 200);
    await pollUntil(() => state() === 'active', 'firing again');
    const fresh = notes.slice(before);
    assert.deepEqual(
      fresh.map((n) => n.title),
      ['LapseDisk (critical): acknowledgement ended, still firing'],
    );
    assert.equal(fresh[0]!.urgency, 'critical');
    assert.equal(fresh[0]!.silenceable, true);
  });

  it('expired by the user here: firing again without a notification', async () => {
    const key = await acknowledge();
    const before = notes.length;
    await core.silences.expire(key);
    await pollUntil(() => state() === 'active', 'firing again');
    await core.refresh();
    assert.deepEqual(
      notes.slice(before).map((n) => n.title),
      [],
      'the user ended it: nothing to tell them',
    );
  });
});
