// Silence hygiene remembers across restarts: against a real Alertmanager, with cores on a
// fake clock one after the other on the same history file, the "unused since" clock of a
// silence continues where the last run left it (28 minutes, then flagged at 60, not at 88),
// and a flag announced once is not announced again by the next run. With the history off in
// Settings the clocks are kept in memory only: the next run starts them again, and the file
// is left as it was. Once every restart started every clock again and announced a second time.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { HistoryDb } from '../../../main/core/history/history-db.ts';
import { HistoryService } from '../../../main/core/history/history-service.ts';
import type { AppNotification } from '../../../main/core/model/events.ts';
import type { Core, SilenceDraft } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import { HygieneMemory } from '../../../main/core/silences/hygiene-memory.ts';
import { amSkipReason, startAlertmanager, type AmProcess } from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { MemorySecrets } from '../engine/helpers.ts';

const MIN = 60_000;

/** One run of the app: a core and its history on the shared file. */
interface Run {
  core: Core;
  history: HistoryService;
  notes: AppNotification[];
  stop(): Promise<void>;
}

describe('silence hygiene across restarts', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let dir: string;
  let path: string;
  const clock = new FakeClock(Date.now() + 1000);
  let silenceKey = '';

  function start(historyOn = true): Run {
    const settings = defaultSettings();
    settings.instances = [
      defaultInstance({ id: 'am1', name: 'am1', url: am.url, pollIntervalSec: 300 }),
    ];
    settings.history.enabled = historyOn;
    const hygieneMemory = new HygieneMemory();
    const core = createCore({
      settings,
      secrets: new MemorySecrets(),
      clock,
      osUser: 'tester',
      hygieneMemory,
    });
    core.start();
    const history = new HistoryService({ path, core, clock, hygiene: hygieneMemory });
    const notes: AppNotification[] = [];
    core.onNotification((n) => notes.push(n));
    return {
      core,
      history,
      notes,
      stop: async () => {
        await core.stop();
        history.close();
      },
    };
  }

  /** Two polls: hygiene looks at the view the last merge made. */
  async function polls(run: Run): Promise<void> {
    await run.core.refresh();
    await run.core.refresh();
  }
  const attention = (run: Run) => run.core.snapshot().silences[silenceKey]?.attention;
  const announced = (run: Run) =>
    run.notes.filter(
      (n) => n.title === 'Silence needs attention' && n.target?.silenceKey === silenceKey,
    );

  before(async () => {
    am = await startAlertmanager();
    dir = mkdtempSync(join(tmpdir(), 'hygiene-restart-'));
    path = join(dir, 'history.sqlite');
  });
  after(async () => {
    await am?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('continues the unused clock after a restart and announces once', async () => {
    const first = start();
    await polls(first);
    const cid = first.core.snapshot().instances.am1!.clusterId;
    const draft: SilenceDraft = {
      matchers: [{ name: 'alertname', value: 'HygRestart', isRegex: false, isEqual: true }],
      startsAt: new Date(Date.now() - 1000).toISOString(),
      endsAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
      createdBy: 'hygiene-test',
      comment: 'silences nothing',
    };
    ({ silenceKey } = await first.core.silences.create(cid, draft));
    await polls(first);
    const createdAt = clock.now();
    await clock.advance(28 * MIN);
    await polls(first);
    assert.equal(attention(first), undefined, '28 minutes: not yet');
    await first.stop();

    // Restarted: 33 minutes later the silence has silenced nothing for 61 minutes.
    const second = start();
    await polls(second);
    assert.equal(attention(second), undefined, 'still 28 minutes');
    await clock.advance(33 * MIN);
    await polls(second);
    const flagged = attention(second);
    assert.ok(flagged?.unusedSince, `flagged after 61 minutes in all: ${JSON.stringify(flagged)}`);
    assert.ok(Date.parse(flagged.unusedSince) <= createdAt, 'since the first run saw it');
    assert.equal(announced(second).length, 1, 'announced once');
    await second.stop();

    // Restarted again: still flagged since then, and not announced a second time.
    const third = start();
    await polls(third);
    await clock.advance(5 * MIN);
    await polls(third);
    assert.equal(attention(third)?.unusedSince, flagged.unusedSince);
    assert.deepEqual(announced(third), [], 'not announced again');
    await third.stop();
  });

  it('with the history off, the clocks live in memory only and the file is left alone', async () => {
    const before = new HistoryDb(path);
    const kept = before.hygieneMarks().get(silenceKey);
    before.close();
    assert.deepEqual(kept?.announced, ['unused'], 'the file holds the announcement');

    const off = start(false);
    await polls(off);
    await clock.advance(5 * MIN);
    await polls(off);
    assert.equal(attention(off), undefined, 'the clock started again at this start');
    await clock.advance(56 * MIN);
    await polls(off);
    assert.ok(attention(off)?.unusedSince, 'flagged after 61 minutes of this run');
    assert.equal(announced(off).length, 1, 'announced again: nothing remembered it');
    await off.stop();

    const after = new HistoryDb(path);
    assert.deepEqual(after.hygieneMarks().get(silenceKey), kept, 'the file was not written');
    after.close();
  });
});
