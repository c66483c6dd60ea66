// Escalation until acknowledged, against a real Alertmanager with the core on a fake clock: a
// critical alert nobody acknowledged is notified again every 5 minutes (a warning is not, by
// default), marked as a reminder; quiet hours withhold the reminder once (recorded with the
// reason) unless critical alerts break through, a snooze holds even then; an ack made by
// another install stops the reminders at the next poll, and the summary's attention count
// follows. The ack itself (renewed by its owner) never raises an expiry notice.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { recordsOfCycle } from '../../../main/core/history/from-cycle.ts';
import type { AppNotification } from '../../../main/core/model/events.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import type { Core, CycleReport } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { waitFor } from '../../support/wait.ts';

const MIN = 60_000;
const DAY = 86_400_000;

describe('reminders until acknowledged', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  // Never behind the server's clock: silences the core writes must end in the server's future.
  const clock = new FakeClock(Date.now() + 1000);
  const cores: Core[] = [];
  let a: Core;
  const notes: AppNotification[] = [];
  const cycles: CycleReport[] = [];

  function open(owner: string): Core {
    const settings = defaultSettings();
    settings.instances = [
      defaultInstance({ id: 'am1', name: 'am1', url: am.url, pollIntervalSec: 300 }),
    ];
    const core = createCore({
      settings,
      secrets: new MemorySecretStore(),
      clock,
      osUser: owner,
    });
    core.start();
    cores.push(core);
    return core;
  }

  const reminders = () =>
    notes.filter((n) => n.title.includes(': still firing, unacknowledged for'));
  const withheldReminders = () =>
    cycles.flatMap((c) => c.withheld.filter((w) => w.event.type === 'alert-reminder'));
  const alertOf = (core: Core, name: string) =>
    Object.values(core.snapshot().alerts).find((x) => x.labels.alertname === name);

  async function step(ms: number, ...list: Core[]): Promise<void> {
    await clock.advance(ms);
    for (const c of list.length > 0 ? list : [a]) await c.refresh();
  }

  function setNotifications(
    change: (n: ReturnType<typeof defaultSettings>['notifications']) => void,
  ) {
    const s = a.getSettings();
    change(s.notifications);
    a.updateSettings(s);
  }

  before(async () => {
    am = await startAlertmanager();
    a = open('ownera');
    a.onNotification((n) => notes.push(n));
    a.onCycle((c) => cycles.push(c));
    // Far ends: the fake clock runs ahead by many minutes; the server must not resolve them.
    const endsAt = new Date(Date.now() + DAY).toISOString();
    await postAlerts(am.url, [
      makeAlert({ alertname: 'RemDisk', severity: 'critical' }, { endsAt }),
      makeAlert({ alertname: 'RemCpu', severity: 'warning' }, { endsAt }),
    ]);
    await waitFor(
      async () => {
        await a.refresh();
        return !!alertOf(a, 'RemDisk') && !!alertOf(a, 'RemCpu');
      },
      { message: 'alerts seen' },
    );
  });
  after(async () => {
    for (const c of cores) await c.stop();
    await am?.stop();
  });

  it('reminds of an unacknowledged critical every 5 minutes, never of a warning', async () => {
    assert.equal(a.snapshot().summary.unacknowledged, 1, 'one critical unacknowledged');
    await step(4 * MIN);
    assert.equal(reminders().length, 0, 'not before 5 minutes');
    await step(1 * MIN + 1000);
    assert.equal(reminders().length, 1);
    const r = reminders()[0]!;
    assert.equal(r.title, 'RemDisk (critical): still firing, unacknowledged for 5 min');
    assert.equal(r.urgency, 'critical');
    assert.equal(r.silenceable, true, 'offers Silence and Acknowledge');
    assert.equal(r.events[0]?.type, 'alert-reminder');
    await step(5 * MIN);
    assert.equal(reminders().length, 2);
    assert.match(
      reminders()[1]!.title,
      /^RemDisk \(critical\): still firing, unacknowledged for 10 min/,
    );
    assert.ok(!notes.some((n) => /RemCpu.*still firing/.test(n.title)), 'no warning reminders');
    const rows = cycles.flatMap((c) => recordsOfCycle(c)).filter((x) => x.kind === 'notified');
    assert.ok(
      rows.some((x) =>
        /^RemDisk \(critical\): still firing, unacknowledged for 10 min/.test(x.detail ?? ''),
      ),
      'the Timeline records the reminder',
    );
  });

  it('quiet hours withhold it once with the reason; critical alerts may break through', async () => {
    setNotifications((n) => {
      n.quietHours = { enabled: true, start: '00:00', end: '00:00', days: [] };
    });
    const shown = reminders().length;
    await step(5 * MIN);
    await step(5 * MIN);
    assert.equal(reminders().length, shown, 'nothing shown in quiet hours');
    assert.deepEqual(
      withheldReminders().map((w) => w.reason),
      ['quiet hours'],
      'withheld once, not every 5 minutes',
    );
    const row = cycles
      .flatMap((c) => recordsOfCycle(c))
      .find((x) => x.kind === 'withheld' && x.alertname === 'RemDisk');
    assert.equal(row?.detail, 'quiet hours (alert-reminder)');
    // Critical alerts break through: the reminder held since quiet hours began comes at once.
    setNotifications((n) => (n.criticalBreaksQuiet = true));
    await step(1000);
    assert.equal(reminders().length, shown + 1, 'broke through quiet hours');
    assert.match(
      reminders().at(-1)!.title,
      /^RemDisk \(critical\): still firing, unacknowledged for 2\d min/,
    );
    // A snooze holds even for critical alerts.
    a.snoozeNotifications(new Date(clock.now() + DAY).toISOString());
    await step(5 * MIN);
    assert.equal(reminders().length, shown + 1, 'a snooze holds');
    assert.deepEqual(
      withheldReminders().map((w) => w.reason),
      ['quiet hours', 'snoozed'],
    );
    a.snoozeNotifications(null);
    setNotifications((n) => {
      n.quietHours.enabled = false;
      n.criticalBreaksQuiet = false;
    });
    await step(5 * MIN);
    assert.equal(reminders().length, shown + 2, 'reminded again once the snooze ended');
  });

  it('stops after an ack made by another install; the ack never warns that it ends', async () => {
    const b = open('ownerb');
    const bNotes: AppNotification[] = [];
    b.onNotification((n) => bNotes.push(n));
    await waitFor(
      async () => {
        await b.refresh();
        return !!alertOf(b, 'RemDisk');
      },
      { message: 'b sees the alert' },
    );
    await b.silences.acknowledge({ fingerprint: alertOf(b, 'RemDisk')!.fingerprint });
    await waitFor(
      async () => {
        await a.refresh();
        return alertOf(a, 'RemDisk')?.state === 'suppressed';
      },
      { message: 'a sees the ack at its next poll' },
    );
    assert.equal(a.snapshot().summary.unacknowledged, 0, 'nothing left to acknowledge');
    const shown = reminders().length;
    // 40 minutes: the 15-minute ack is renewed by b (once less than half is left) and crosses
    // the 10-minute warning line each time; nobody is reminded and nobody warned.
    for (let t = 0; t < 40; t += 2) await step(2 * MIN, a, b);
    await new Promise((r) => setTimeout(r, 300));
    await step(1000, a, b);
    assert.equal(alertOf(a, 'RemDisk')?.state, 'suppressed', 'the ack was renewed by b');
    assert.equal(reminders().length, shown, 'no reminders after the ack');
    const expiry = [...notes, ...bNotes].filter((n) => /^Silence ends/.test(n.title));
    assert.deepEqual(expiry, [], 'the ack raised no expiry notice');
  });
});
