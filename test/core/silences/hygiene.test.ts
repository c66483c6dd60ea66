// Stale-silence hygiene against a real Alertmanager with the core on a fake clock: a silence
// that silences nothing is flagged once it has matched no alert for the threshold and is
// announced once; a silence set to run for weeks is flagged and announced once; a silence
// doing its job is never flagged, nor is an ack. And the test alert: posted to the real
// server, reported visible with its group and receiver, and whether the rules would notify.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AppNotification } from '../../../main/core/model/events.ts';
import type { Core, SilenceDraft } from '../../../main/core/service.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeClockCore } from '../engine/helpers.ts';
import { waitFor } from '../../support/wait.ts';

const MIN = 60_000;
const DAY = 86_400_000;

function draft(name: string, ms: number): SilenceDraft {
  return {
    matchers: [{ name: 'alertname', value: name, isRegex: false, isEqual: true }],
    startsAt: new Date(Date.now() - 1000).toISOString(),
    endsAt: new Date(Date.now() + ms).toISOString(),
    createdBy: 'hygiene-test',
    comment: `silence for ${name}`,
  };
}

describe('stale-silence hygiene on a real server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let core: Core;
  const clock = new FakeClock(Date.now() + 1000);
  const notes: AppNotification[] = [];

  before(async () => {
    am = await startAlertmanager();
    core = fakeClockCore(am.url, clock);
    core.onNotification((n) => notes.push(n));
    await postAlerts(am.url, [makeAlert({ alertname: 'HygBusy', severity: 'warning' })]);
    await waitFor(
      async () => {
        await core.refresh();
        return Object.values(core.snapshot().alerts).length === 1;
      },
      { message: 'alert seen' },
    );
  });
  after(async () => {
    await core?.stop();
    await am?.stop();
  });

  const attentionNotes = () => notes.filter((n) => n.title === 'Silence needs attention');

  it('flags the unused and the long-running silence, each announced once; never the busy one', async () => {
    const cid = core.snapshot().instances.am1!.clusterId;
    const unused = await core.silences.create(cid, draft('HygNothing', 6 * 3_600_000));
    const busy = await core.silences.create(cid, draft('HygBusy', 6 * 3_600_000));
    const long = await core.silences.create(cid, draft('HygBusy', 10 * DAY));
    const view = () => core.snapshot().silences;

    await core.refresh();
    await core.refresh();
    assert.equal(view()[unused.silenceKey]?.attention, undefined, 'not yet: just created');
    assert.deepEqual(view()[long.silenceKey]?.attention, { longRunning: true });
    assert.equal(view()[busy.silenceKey]?.attention, undefined);

    // 30 minutes: the unused one is not flagged yet.
    await clock.advance(30 * MIN);
    await core.refresh();
    await core.refresh();
    assert.equal(view()[unused.silenceKey]?.attention, undefined);

    // Past 60 minutes without silencing anything: flagged, since when, and announced.
    await clock.advance(31 * MIN);
    await core.refresh();
    await core.refresh();
    const flagged = view()[unused.silenceKey]?.attention;
    assert.ok(flagged?.unusedSince, JSON.stringify(flagged));
    assert.ok(Date.parse(flagged.unusedSince) <= clock.now() - 60 * MIN);
    assert.equal(view()[busy.silenceKey]?.attention, undefined, 'the busy one silences HygBusy');

    // More cycles: nothing announced twice.
    await clock.advance(30 * MIN);
    await core.refresh();
    await core.refresh();
    const once = attentionNotes();
    assert.deepEqual(
      once.map((n) => n.target?.silenceKey).sort(),
      [unused.silenceKey, long.silenceKey].sort(),
    );
    for (const n of once) assert.equal(n.silenceActions, true, 'offers Expire and Extend');
    assert.match(
      once.find((n) => n.target?.silenceKey === unused.silenceKey)!.body,
      /silenced no alert for/,
    );
    assert.match(
      once.find((n) => n.target?.silenceKey === long.silenceKey)!.body,
      /set to run 10 days/,
    );

    // Expired: no longer flagged.
    await core.silences.expire(unused.silenceKey);
    assert.equal(view()[unused.silenceKey]?.attention, undefined);
  });

  it('a test alert is reported visible, with its group and receiver, and whether it would notify', async () => {
    const report = await core.testAlert('am1', {
      labels: { alertname: 'TrayTestAlert', severity: 'critical', team: 'b' },
      durationMs: 120_000,
    });
    assert.ok(report.visibleAt, JSON.stringify(report));
    assert.ok(report.fingerprint);
    // DEFAULT_CONFIG: critical goes to pager and continues to team-b (team=b): two groups.
    assert.deepEqual(report.groups.map((g) => g.receiver).sort(), ['pager', 'team-b']);
    assert.deepEqual(report.groups[0]?.labels, { alertname: 'TrayTestAlert' });
    assert.equal(report.wouldNotify, true, report.reason);
    assert.ok(Date.parse(report.endsAt) - Date.parse(report.sentAt) === 120_000);
    // The window sees it too, in those groups.
    const a = core.snapshot().alerts[report.fingerprint];
    assert.ok(a, 'in the view');
    for (const g of report.groups) assert.ok(core.snapshot().groups[g.groupKey]);

    const s = core.getSettings();
    s.notifications.minSeverity = 'critical';
    core.updateSettings(s);
    const quiet = await core.testAlert('am1', {
      labels: { alertname: 'TrayTestAlert2', severity: 'info' },
    });
    assert.deepEqual(
      quiet.groups.map((g) => g.receiver),
      ['team-a'],
    );
    assert.equal(quiet.wouldNotify, false);
    assert.match(quiet.reason ?? '', /below minimum severity critical/);
  });
});
