// Schedules against real Alertmanager servers: the next 7 days' occurrences are written as
// pending silences with their exact instants; a second install with the same schedule writes
// nothing more; an edit moves the future ones and leaves the active one; deleting expires
// them; on a 3-peer cluster each occurrence exists once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Schedule } from '../../../main/core/schedules/types.ts';
import type { Core } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import {
  amSkipReason,
  startAlertmanager,
  startCluster,
  type AmCluster,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { waitFor } from '../../support/wait.ts';
import { iso, schedule } from './fixtures.ts';
import { ScheduleCores, storedOccurrences } from './schedule-cores.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

const hhmm = (ms: number) => iso(ms).slice(11, 16);
const day = (ms: number) => iso(ms).slice(0, 10);
const floorMin = (ms: number) => Math.floor(ms / MIN) * MIN;

function settingsWith(urls: string[], list: Schedule[]): Settings {
  const s = defaultSettings();
  s.instances = urls.map((url, i) => defaultInstance({ id: `am${i}`, name: `am${i}`, url }));
  s.schedules.list = list;
  return s;
}

/** Weekly, in UTC, on the weekdays 1 and 4 days after `base`, base's time for 2 hours. */
function weeklyFrom(base: number, id: string): Schedule {
  return schedule({
    id,
    rrule: `FREQ=WEEKLY;BYDAY=${DAYS[new Date(base + DAY).getUTCDay()]},${DAYS[new Date(base + 4 * DAY).getUTCDay()]}`,
    timeZone: 'UTC',
    startDate: day(base - 14 * DAY),
    start: hhmm(base),
    end: hhmm(base + 2 * HOUR),
  });
}

describe('schedules written onto a real server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  const cores = new ScheduleCores();
  const { clock } = cores;

  before(async () => {
    am = await startAlertmanager();
  });
  after(async () => {
    await cores.close();
    await am?.stop();
  });

  it('writes exactly the next 7 days, once, even with a second install', async () => {
    const base = floorMin(clock.now() + 3 * HOUR);
    const weekly = weeklyFrom(base, '6d0c1d8e-2b43-4b8e-9a53-0f8e8c1a0001');
    const a = cores.open(settingsWith([am.url], [weekly]));
    await cores.ready(a);
    // The core writes on its own after each poll; sync() waits for a round to finish.
    await a.schedules.sync();
    const stored = await storedOccurrences(am.url);
    assert.deepEqual(
      stored.map((s) => [s.status.state, s.startsAt, s.endsAt, s.tag.scheduleId]),
      [
        ['pending', iso(base + DAY), iso(base + DAY + 2 * HOUR), weekly.id],
        ['pending', iso(base + 4 * DAY), iso(base + 4 * DAY + 2 * HOUR), weekly.id],
      ],
    );
    assert.deepEqual(stored[0]!.matchers, weekly.matchers);
    // Wherever the silence shows, it is marked as the schedule's.
    const shown = Object.values(a.snapshot().silences).find((x) => x.id === stored[0]!.id);
    assert.deepEqual(shown?.schedule, { id: weekly.id, occurrence: iso(base + DAY).slice(0, 16) });
    assert.equal(stored[0]!.createdBy, 'oncall');
    // Any install recognises them: a second core with the same schedule writes nothing.
    const b = cores.open(settingsWith([am.url], [weekly]));
    await cores.ready(b);
    assert.equal(await b.schedules.sync(), 0);
    assert.equal(await a.schedules.sync(), 0);
    assert.equal((await storedOccurrences(am.url)).length, 2);
    // Both show the written silences against the schedule's next occurrences.
    const next = b.schedules.overview()[0]!.next;
    assert.deepEqual(
      next.slice(0, 2).map((o) => [o.startsAt, o.silenceKeys.length]),
      [
        [iso(base + DAY), 1],
        [iso(base + 4 * DAY), 1],
      ],
    );
    // Deleting the schedule expires its occurrences.
    a.updateSettings(settingsWith([am.url], []));
    await a.schedules.sync();
    assert.deepEqual(await storedOccurrences(am.url), []);
  });

  it('an edit moves the future occurrences, leaves the active one; delete expires all', async () => {
    const start = floorMin(clock.now() - HOUR);
    const nightly = schedule({
      id: '6d0c1d8e-2b43-4b8e-9a53-0f8e8c1a0002',
      rrule: 'FREQ=DAILY',
      timeZone: 'UTC',
      startDate: day(start - DAY),
      start: hhmm(start),
      end: hhmm(start + 2 * HOUR),
    });
    const core = cores.open(settingsWith([am.url], [nightly]));
    await cores.ready(core);
    // Today's window (already running: active) and the next 7 nights (pending).
    await core.schedules.sync();
    const before = await storedOccurrences(am.url);
    assert.deepEqual(
      before.map((s) => s.status.state),
      ['active', ...Array<string>(7).fill('pending')],
    );
    assert.equal(before[0]!.endsAt, iso(start + 2 * HOUR));

    const edited = { ...nightly, end: hhmm(start + 3 * HOUR), comment: 'Longer now' };
    core.updateSettings(settingsWith([am.url], [edited]));
    await core.schedules.sync();
    await waitFor(async () => (await storedOccurrences(am.url)).length === 8, {
      timeoutMs: 10_000,
      message: 'eight occurrences after the edit',
    });
    const afterEdit = await storedOccurrences(am.url);
    // The active one is the same silence, untouched.
    assert.equal(afterEdit[0]!.id, before[0]!.id);
    assert.equal(afterEdit[0]!.endsAt, iso(start + 2 * HOUR));
    // The future ones are new silences with the new end and comment.
    const oldIds = new Set(before.map((s) => s.id));
    for (const [i, s] of afterEdit.slice(1).entries()) {
      assert.equal(oldIds.has(s.id), false);
      assert.equal(s.startsAt, iso(start + (i + 1) * DAY));
      assert.equal(s.endsAt, iso(start + (i + 1) * DAY + 3 * HOUR));
      assert.match(s.comment, /^Longer now \[tray-schedule:/);
    }
    // A skipped occurrence is expired; one ended early (the active one) too.
    const skip = [before[0]!.startsAt.slice(0, 16), afterEdit[2]!.startsAt.slice(0, 16)];
    core.updateSettings(
      settingsWith([am.url], [{ ...edited, skipped: [iso(start).slice(0, 16), skip[1]!] }]),
    );
    await core.schedules.sync();
    const afterSkip = await storedOccurrences(am.url);
    assert.deepEqual(
      afterSkip.map((s) => s.id),
      afterEdit.filter((_, i) => i !== 0 && i !== 2).map((s) => s.id),
    );

    core.updateSettings(settingsWith([am.url], []));
    await core.schedules.sync();
    assert.deepEqual(await storedOccurrences(am.url), []);
  });

  it('a silence started from a template, placeholders filled in', async () => {
    const settings = settingsWith([am.url], []);
    settings.schedules.templates = [
      {
        id: '6d0c1d8e-2b43-4b8e-9a53-0f8e8c1a00ff',
        name: 'Batch job',
        matchers: [{ name: 'job', value: 'batch', isRegex: false, isEqual: true }],
        durationMin: 90,
        comment: 'Nightly batch ({author}, {date})',
      },
    ];
    const core = cores.open(settings);
    await cores.ready(core);
    const clusterId = Object.keys(core.snapshot().clusters)[0]!;
    const r = await core.schedules.fromTemplate(settings.schedules.templates[0]!.id, clusterId);
    const res = await fetch(`${am.url}/api/v2/silence/${r.id}`);
    const s = (await res.json()) as { comment: string; endsAt: string; matchers: unknown };
    assert.equal(s.comment, `Nightly batch (oncall, ${iso(clock.now()).slice(0, 10)})`);
    assert.equal(s.endsAt, iso(clock.now() + 90 * MIN));
    assert.deepEqual(s.matchers, settings.schedules.templates[0]!.matchers);
  });

  it('a server that refuses is reported against the schedule', async () => {
    // A matcher that matches the empty string: the server answers 400.
    const bad = schedule({
      id: '6d0c1d8e-2b43-4b8e-9a53-0f8e8c1a0003',
      rrule: 'FREQ=DAILY',
      timeZone: 'UTC',
      startDate: day(clock.now()),
      matchers: [{ name: 'service', value: '.*', isRegex: true, isEqual: true }],
    });
    const core = cores.open(settingsWith([am.url], [bad]));
    await cores.ready(core);
    assert.equal(await core.schedules.sync(), 0);
    const view = core.schedules.overview()[0]!;
    assert.ok(view.problem, 'a problem is shown');
    assert.equal(view.problem.scheduleId, bad.id);
    assert.ok(view.problem.message.length > 0);
  });
});

describe('schedules on a 3-peer cluster', { skip: amSkipReason() }, () => {
  let cluster: AmCluster;
  const cores = new ScheduleCores();
  let core: Core;

  before(async () => {
    cluster = await startCluster(3);
  });
  after(async () => {
    await cores.close();
    await cluster?.stop();
  });

  it('each occurrence exists once in the cluster', async () => {
    const base = floorMin(cores.clock.now() + 3 * HOUR);
    const weekly = weeklyFrom(base, '6d0c1d8e-2b43-4b8e-9a53-0f8e8c1a0004');
    core = cores.open(settingsWith(cluster.urls, [weekly]));
    await cores.ready(core);
    await waitFor(async () => Object.keys(core.snapshot().clusters).length === 1, {
      timeoutMs: 20_000,
      message: 'one cluster',
    });
    await core.schedules.sync();
    // Gossip reaches every peer; each holds exactly the two occurrences.
    for (const url of cluster.urls) {
      await waitFor(async () => (await storedOccurrences(url)).length === 2, {
        timeoutMs: 10_000,
        message: `occurrences gossiped to ${url}`,
      });
    }
    await new Promise((r) => setTimeout(r, 500));
    for (const url of cluster.urls) {
      const stored = await storedOccurrences(url);
      assert.deepEqual(
        stored.map((s) => s.startsAt),
        [iso(base + DAY), iso(base + 4 * DAY)],
      );
    }
    assert.equal(await core.schedules.sync(), 0);
  });
});
