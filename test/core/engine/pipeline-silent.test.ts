// Dead-man's switch (issue 32) against a real Prometheus sending an always-firing Watchdog to a
// real Alertmanager. The cases:
// - the Watchdog is listed: not pipeline silent, and it counts as no firing alert (the tray
//   stays ok, no notification for it);
// - the rule is removed (reload) while Alertmanager answers: "pipeline silent" within the
//   threshold, notified once; the rule back: recovered, notified once;
// - Prometheus stopped while Alertmanager answers: the same state (nothing sends any more);
// - Alertmanager stopped: missing data, NOT pipeline silent (and no "recovered" either).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { AppNotification } from '../../../main/core/model/events.ts';
import type { Core } from '../../../main/core/service.ts';
import { amSkipReason, startAlertmanager, type AmProcess } from '../../support/alertmanager.ts';
import {
  NO_RULES,
  promSkipReason,
  startPrometheus,
  WATCHDOG_RULES,
  type PromProcess,
} from '../../support/prometheus.ts';
import { MemorySecrets, settingsFor, waitForCore } from './helpers.ts';

/** 0.1 min = 6 s: small enough for a test, several polls (every 2 s) long. */
const SILENT_MIN = 0.1;

function pipelineNotes(notes: AppNotification[], kind: 'silent' | 'back'): AppNotification[] {
  const prefix = kind === 'silent' ? 'Alerting pipeline silent on' : 'Alerting pipeline back on';
  return notes.filter((n) => n.title.startsWith(prefix));
}

describe(
  'pipeline silent: Watchdog from a real Prometheus',
  {
    skip: amSkipReason() || promSkipReason(),
  },
  () => {
    let am: AmProcess;
    let prom: PromProcess;
    let core: Core;
    const notes: AppNotification[] = [];
    const silentNow = () => core.snapshot().summary.pipelineSilent ?? [];
    const watchdogListed = () =>
      Object.values(core.snapshot().alerts).some((a) => a.labels.alertname === 'Watchdog');

    before(async () => {
      am = await startAlertmanager();
      prom = await startPrometheus({ rules: WATCHDOG_RULES, alertmanagerUrls: [am.url] });
      const settings = settingsFor([am.url]);
      settings.notifications.watchdogSilentMin = SILENT_MIN;
      core = createCore({ settings, secrets: new MemorySecrets() });
      core.onNotification((n) => notes.push(n));
      core.start();
    });
    after(async () => {
      await core?.stop();
      await prom?.stop();
      await am?.stop();
    });

    it('a listed Watchdog is not silent, not firing, and notifies nothing', async () => {
      await waitForCore(core, async () => watchdogListed(), { timeoutMs: 30_000 });
      // Several thresholds' worth of polls with the Watchdog present: never silent.
      const until = Date.now() + SILENT_MIN * 60_000 * 1.5;
      while (Date.now() < until) {
        assert.deepEqual(silentNow(), []);
        await new Promise((r) => setTimeout(r, 500));
      }
      const s = core.snapshot().summary;
      assert.equal(s.firing, 0, 'the Watchdog is not counted as a firing alert');
      assert.equal(s.worst, 'ok');
      assert.deepEqual(
        notes.filter((n) => /Watchdog/.test(n.title)),
        [],
        'no notification for the Watchdog itself',
      );
    });

    it('rule removed while Alertmanager answers: silent within the threshold, once', async () => {
      const cluster = core.snapshot().instances['am1']!.clusterId;
      await prom.setRules(NO_RULES);
      const removedAt = Date.now();
      await waitForCore(core, async () => !watchdogListed(), { timeoutMs: 30_000 });
      await waitForCore(core, async () => silentNow().includes(cluster), { timeoutMs: 30_000 });
      // Gone from Alertmanager within ~4 s (4 × resend delay), then the threshold, plus polls.
      assert.ok(Date.now() - removedAt < 30_000);
      assert.equal(core.snapshot().instances['am1']!.health, 'ok', 'the cluster answers');
      // More polls: still silent, still one notification.
      await new Promise((r) => setTimeout(r, 5000));
      assert.deepEqual(silentNow(), [cluster]);
      const silent = pipelineNotes(notes, 'silent');
      assert.equal(silent.length, 1, JSON.stringify(notes.map((n) => n.title)));
      assert.equal(silent[0]!.target?.clusterId, cluster);
      assert.match(silent[0]!.body, /alertname="Watchdog"/);
      assert.equal(silent[0]!.urgency, 'critical');
    });

    it('rule back: recovered, notified once', async () => {
      await prom.setRules(WATCHDOG_RULES);
      await waitForCore(core, async () => silentNow().length === 0, { timeoutMs: 30_000 });
      await new Promise((r) => setTimeout(r, 5000));
      assert.equal(pipelineNotes(notes, 'back').length, 1);
      assert.equal(pipelineNotes(notes, 'silent').length, 1);
    });

    it('Prometheus stopped while Alertmanager answers: silent again', async () => {
      await prom.stop();
      await waitForCore(core, async () => silentNow().length === 1, { timeoutMs: 40_000 });
      assert.equal(pipelineNotes(notes, 'silent').length, 2);
    });

    it('Alertmanager stopped: missing data, not pipeline silent, no "back"', async () => {
      await am.stop({ keepData: true });
      await waitForCore(core, async () => core.snapshot().summary.missingData.length === 1, {
        timeoutMs: 30_000,
      });
      assert.deepEqual(silentNow(), []);
      assert.equal(pipelineNotes(notes, 'back').length, 1, 'an outage is not a recovery');
    });
  },
);

describe('pipeline watch without a Watchdog rule', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let core: Core;
  before(async () => {
    am = await startAlertmanager();
    const settings = settingsFor([am.url]);
    settings.notifications.watchdogSilentMin = 0.05;
    core = createCore({ settings, secrets: new MemorySecrets() });
    core.start();
  });
  after(async () => {
    await core?.stop();
    await am?.stop();
  });

  it("'seen' (default): never flagged where no Watchdog was ever seen; 'always': flagged", async () => {
    await waitForCore(core, async () => core.snapshot().instances['am1']!.health === 'ok');
    await new Promise((r) => setTimeout(r, 6000)); // twice the 3 s threshold
    assert.equal(core.snapshot().summary.pipelineSilent, undefined);
    const s = core.getSettings();
    s.notifications.watchdogExpect = 'always';
    core.updateSettings(s);
    await waitForCore(core, async () => core.snapshot().summary.pipelineSilent?.length === 1, {
      timeoutMs: 20_000,
    });
    s.notifications.watchdog = '';
    core.updateSettings(s);
    assert.equal(core.snapshot().summary.pipelineSilent, undefined, "'' switches it off");
  });
});
