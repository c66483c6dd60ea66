// The core's own notices (a silence needing attention, a duplicate silence expired) go
// through the notification policy like every other: against a real Alertmanager with the core
// on a fake clock, each is withheld while snoozed and during quiet hours, shown otherwise, and
// either way reported to the history (the Timeline's rows: withheld with the reason, notified).
// Once they bypassed quiet hours and snooze and were never recorded.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { AlertmanagerError } from '../../../main/core/api/errors.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { recordsOfCycle } from '../../../main/core/history/from-cycle.ts';
import type { AppNotification, CoreEvent } from '../../../main/core/model/events.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import type { Core, CycleReport, SilenceDraft } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import { amSkipReason, startAlertmanager, type AmProcess } from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { waitFor } from '../../support/wait.ts';

const DAY = 86_400_000;
type Quiet = 'snoozed' | 'quiet hours' | 'none';

/** Notifications quiet for the rest of the test, as the user sets them. */
function setQuiet(core: Core, clock: FakeClock, how: Quiet): void {
  const s = core.getSettings();
  s.notifications.quietHours = {
    enabled: how === 'quiet hours',
    start: '00:00',
    end: '00:00',
    days: [],
  };
  delete s.notifications.snoozeUntil;
  core.updateSettings(s);
  if (how === 'snoozed') core.snoozeNotifications(new Date(clock.now() + DAY).toISOString());
}

class Heard {
  notes: AppNotification[] = [];
  cycles: CycleReport[] = [];
  constructor(core: Core) {
    core.onNotification((n) => this.notes.push(n));
    core.onCycle((c) => this.cycles.push(c));
  }
  withheld(type: CoreEvent['type']) {
    return this.cycles.flatMap((c) => c.withheld.filter((w) => w.event.type === type));
  }
  rows(kind: 'withheld' | 'notified') {
    return this.cycles.flatMap((c) => recordsOfCycle(c)).filter((r) => r.kind === kind);
  }
}

function draft(clock: FakeClock, name: string, ms: number): SilenceDraft {
  return {
    matchers: [{ name: 'alertname', value: name, isRegex: false, isEqual: true }],
    // Started on the server's clock (ours runs a second ahead): active at once.
    startsAt: new Date(clock.now() - 5000).toISOString(),
    endsAt: new Date(clock.now() + ms).toISOString(),
    createdBy: 'quiet-test',
    comment: `silence for ${name}`,
  };
}

describe('the core’s own notices follow quiet hours and snooze', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  // Never behind the server's clock: silences the core writes must end in the server's future.
  const clock = new FakeClock(Date.now() + 1000);
  let core: Core;
  let heard: Heard;
  /** The next create through `slow` times out on it, and is applied when `late` runs. */
  let armed = false;
  let late: (() => Promise<string>) | undefined;

  before(async () => {
    am = await startAlertmanager();
    const port = new URL(am.url).port;
    const settings: Settings = defaultSettings();
    // Two instances (two URLs of one server) in one explicit cluster: a write that times out
    // on the first goes to the second, and the first applies it late (a twin).
    settings.instances = [
      defaultInstance({ id: 'slow', name: 'slow', url: `http://127.0.0.1:${port}`, cluster: 'q' }),
      defaultInstance({ id: 'fast', name: 'fast', url: `http://localhost:${port}`, cluster: 'q' }),
    ].map((i) => ({ ...i, pollIntervalSec: 300 }));
    core = createCore({
      settings,
      secrets: new MemorySecretStore(),
      clock,
      osUser: 'tester',
      createClient: (c) => {
        const client = new AlertmanagerClient(c);
        if (!c.baseUrl.includes('127.0.0.1')) return client;
        const post = client.postSilence.bind(client);
        client.postSilence = async (body, o) => {
          if (!armed) return post(body, o);
          armed = false;
          late = () => post(body);
          throw new AlertmanagerError({
            kind: 'timeout',
            endpoint: 'POST /silences',
            message: 'timed out (test)',
          });
        };
        return client;
      },
    });
    heard = new Heard(core);
    core.start();
    await waitFor(
      async () => {
        await core.refresh();
        return Object.values(core.snapshot().instances).every((i) => i.health === 'ok');
      },
      { message: 'both instances answer' },
    );
  });
  after(async () => {
    await core?.stop();
    await am?.stop();
  });

  const cid = () => core.snapshot().instances.slow!.clusterId;

  for (const how of ['snoozed', 'quiet hours', 'none'] as const) {
    it(`a long-running silence's attention notice, ${how}`, async () => {
      setQuiet(core, clock, how);
      const name = `Long${how.replace(' ', '')}`;
      const s = await core.silences.create(cid(), draft(clock, name, 10 * DAY));
      await core.refresh();
      await core.refresh();
      assert.deepEqual(core.snapshot().silences[s.silenceKey]?.attention, { longRunning: true });
      const shown = heard.notes.filter((n) => n.target?.silenceKey === s.silenceKey);
      const withheld = heard
        .withheld('silence-attention')
        .filter((w) => 'silenceKey' in w.event && w.event.silenceKey === s.silenceKey);
      const rows = heard.rows(how === 'none' ? 'notified' : 'withheld');
      const row = rows.find((r) => r.silenceKey === s.silenceKey);
      if (how === 'none') {
        assert.equal(shown.length, 1, 'shown once');
        assert.equal(shown[0]!.title, 'Silence needs attention');
        assert.equal(shown[0]!.silenceActions, true);
        assert.match(shown[0]!.body, /set to run 10 days/);
        assert.equal(withheld.length, 0);
        assert.match(row?.detail ?? '', /^Silence needs attention: /, 'recorded as notified');
      } else {
        assert.equal(shown.length, 0, `nothing shown while ${how}`);
        assert.deepEqual(
          withheld.map((w) => w.reason),
          [how],
        );
        assert.equal(row?.detail, `${how} (silence-attention)`, 'recorded as withheld');
      }
    });

    it(`a duplicate silence expired, ${how}`, async () => {
      setQuiet(core, clock, how);
      armed = true;
      late = undefined;
      const result = await core.silences.create(cid(), draft(clock, `Twin${how}`, 3_600_000));
      assert.equal(result.instanceId, 'fast', 'the write went to the other member');
      assert.ok(late, 'the slow member got the request');
      const twinId = await (late as () => Promise<string>)();
      assert.notEqual(twinId, result.id);
      // The core sees the copy on its next poll and expires it.
      await waitFor(
        async () => {
          await core.refresh();
          return core.snapshot().silences[`${cid()}/${twinId}`]?.state === 'expired';
        },
        { message: 'the twin was not expired' },
      );
      await waitFor(
        async () =>
          heard.notes.some((n) => n.target?.silenceKey === result.silenceKey) ||
          heard
            .withheld('silence-duplicate-expired')
            .some((w) => 'silenceKey' in w.event && w.event.silenceKey === result.silenceKey),
        { message: 'the notice was neither shown nor withheld' },
      );
      const shown = heard.notes.filter((n) => n.target?.silenceKey === result.silenceKey);
      const withheld = heard
        .withheld('silence-duplicate-expired')
        .filter((w) => 'silenceKey' in w.event && w.event.silenceKey === result.silenceKey);
      const rows = heard.rows(how === 'none' ? 'notified' : 'withheld');
      const row = rows.find((r) => r.silenceKey === result.silenceKey);
      if (how === 'none') {
        assert.equal(shown.length, 1, 'said once');
        assert.equal(shown[0]!.title, 'Duplicate silence expired');
        assert.match(shown[0]!.body, /A delayed request to slow created a second copy/);
        assert.equal(withheld.length, 0);
        assert.match(row?.detail ?? '', /^Duplicate silence expired: /, 'recorded as notified');
      } else {
        assert.equal(shown.length, 0, `nothing shown while ${how}`);
        assert.deepEqual(
          withheld.map((w) => w.reason),
          [how],
        );
        assert.equal(row?.detail, `${how} (silence-duplicate-expired)`, 'recorded as withheld');
      }
    });
  }
});
