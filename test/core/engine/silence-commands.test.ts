// The silence commands' own decisions against a real Alertmanager, with the core on a fake
// clock: extendBy extends from the later of the silence's end and now (an expired silence
// runs the duration from now), and undo expires every silence of a quick silence.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Core, SilenceDraft } from '../../../main/core/service.ts';
import { amSkipReason, startAlertmanager, type AmProcess } from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { fakeClockCore } from './helpers.ts';

const MIN = 60_000;

describe('silence commands on a real server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  // Never behind the server's clock: silences the core writes must end in the server's future.
  const clock = new FakeClock(Date.now() + 1000);
  let core: Core;

  before(async () => {
    am = await startAlertmanager();
    core = fakeClockCore(am.url, clock);
    await core.refresh();
  });
  after(async () => {
    await core?.stop();
    await am?.stop();
  });

  const cid = () => core.snapshot().instances.am1!.clusterId;
  const draft = (name: string, ms: number): SilenceDraft => ({
    matchers: [{ name: 'alertname', value: name, isRegex: false, isEqual: true }],
    startsAt: new Date(clock.now() - 5000).toISOString(),
    endsAt: new Date(clock.now() + ms).toISOString(),
    createdBy: 'commands-test',
    comment: `silence for ${name}`,
  });

  it('extendBy adds to the current end of an active silence', async () => {
    const s = await core.silences.create(cid(), draft('ExtendActive', 60 * MIN));
    const before = Date.parse(core.snapshot().silences[s.silenceKey]!.endsAt);
    const r = await core.silences.extendBy(s.silenceKey, 30 * MIN);
    assert.equal(Date.parse(r.endsAt), before + 30 * MIN);
    const after = core.snapshot().silences[r.silenceKey]!;
    assert.equal(after.state, 'active');
    assert.equal(Date.parse(after.endsAt), before + 30 * MIN, 'the server has the new end');
  });

  it('extendBy of an expired silence runs the duration from now', async () => {
    const s = await core.silences.create(cid(), draft('ExtendExpired', 60 * MIN));
    await core.silences.expire(s.silenceKey);
    const expired = core.snapshot().silences[s.silenceKey];
    assert.equal(expired?.state, 'expired');
    // The server ended it at its own (real) now; on a loaded machine that can be past the
    // fake clock's, which started 1 s ahead: "from now" is then the later of the two.
    const ended = Date.parse(expired!.endsAt);
    if (ended >= clock.now()) await clock.advance(ended - clock.now() + 1000);
    const r = await core.silences.extendBy(s.silenceKey, 20 * MIN);
    assert.equal(Date.parse(r.endsAt), clock.now() + 20 * MIN);
    const after = core.snapshot().silences[r.silenceKey]!;
    assert.equal(after.state, 'active');
    assert.equal(Date.parse(after.endsAt), clock.now() + 20 * MIN);
  });

  it('undo expires every silence it is given, and refuses nothing already expired', async () => {
    const a = await core.silences.create(cid(), draft('UndoA', 60 * MIN));
    const b = await core.silences.create(cid(), draft('UndoB', 60 * MIN));
    await core.silences.undo([a.silenceKey, b.silenceKey]);
    const view = core.snapshot().silences;
    assert.equal(view[a.silenceKey]?.state, 'expired');
    assert.equal(view[b.silenceKey]?.state, 'expired');
    // Twice is harmless: the view already says they are expired.
    await core.silences.undo([a.silenceKey, b.silenceKey]);
  });
});

describe('a write no member takes', { skip: amSkipReason() }, () => {
  it('names the cluster and each member with what went wrong, in words', async () => {
    const am = await startAlertmanager();
    const clock = new FakeClock(Date.now() + 1000);
    const core = fakeClockCore(am.url, clock);
    try {
      await core.refresh();
      const cid = core.snapshot().instances.am1!.clusterId;
      const name = core.snapshot().clusters[cid]!.name;
      await am.stop();
      await assert.rejects(
        core.silences.create(cid, {
          matchers: [{ name: 'alertname', value: 'Down', isRegex: false, isEqual: true }],
          startsAt: new Date(clock.now()).toISOString(),
          endsAt: new Date(clock.now() + 60 * MIN).toISOString(),
          createdBy: 'commands-test',
          comment: 'while down',
        }),
        new RegExp(
          `^SilenceWriteError: no Alertmanager of ${name} took the request \\(am1: connection refused: nothing listens at that address \\(127\\.0\\.0\\.1:\\d+\\)\\)$`,
        ),
      );
    } finally {
      await core.stop();
      await am.stop();
    }
  });
});
