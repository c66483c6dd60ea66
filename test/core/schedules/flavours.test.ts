// Schedules on the servers we cannot run (test/support/flavours.ts, shapes from upstream):
// Alertmanager 0.34 keeps silence annotations, so occurrences carry the schedule there and
// their comments stay clean; Grafana and Mimir get the comment tag. Each flavour holds each
// occurrence once, also with a second install; a Grafana that refuses the write (403) is
// reported against the schedule.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  OCCURRENCE_ANNOTATION,
  SCHEDULE_ANNOTATION,
} from '../../../main/core/schedules/identity.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import {
  startAlertmanager034,
  startGrafana,
  startMimir,
  type FlavourServer,
} from '../../support/flavours.ts';
import { iso, schedule } from './fixtures.ts';
import { ScheduleCores } from './schedule-cores.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('schedules on Alertmanager 0.34, Grafana and Mimir', () => {
  const cores = new ScheduleCores();
  const servers: FlavourServer[] = [];
  after(async () => {
    await cores.close();
    for (const f of servers) await f.close();
  });

  const base = Math.floor((cores.clock.now() + 3 * HOUR) / 60_000) * 60_000;
  const nightly = schedule({
    id: '7e1d2c3b-4a59-4f6e-8d7c-1b2a3c4d5e01',
    rrule: 'FREQ=DAILY;INTERVAL=3',
    timeZone: 'UTC',
    startDate: iso(base).slice(0, 10),
    start: iso(base).slice(11, 16),
    end: iso(base + HOUR).slice(11, 16),
  });
  const settingsFor = (f: FlavourServer): Settings => {
    const s = defaultSettings();
    s.instances = [defaultInstance({ id: 'f', name: 'f', url: f.baseUrl, headers: f.headers })];
    s.schedules.list = [nightly];
    return s;
  };
  const live = (f: FlavourServer) =>
    f
      .silences()
      .filter((s) => s.status.state !== 'expired')
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const expected = [0, 3, 6].map((d) => iso(base + d * DAY));

  for (const [name, start] of [
    ['Alertmanager 0.34', () => startAlertmanager034({ alerts: [] })],
    ['Grafana', () => startGrafana({ alerts: [] })],
    ['Mimir', () => startMimir({ alerts: [], tenant: 't1', configuredTenants: ['t1'] })],
  ] as const) {
    it(`${name}: each occurrence once, identified, with two installs`, async () => {
      const f = await start();
      servers.push(f);
      for (let install = 0; install < 2; install++) {
        const core = cores.open(settingsFor(f));
        await cores.ready(core);
        await core.schedules.sync();
        await core.schedules.sync();
      }
      assert.deepEqual(
        live(f).map((s) => s.startsAt),
        expected,
      );
      const first = f.posted[0]!;
      if (name === 'Alertmanager 0.34') {
        assert.equal(first.annotations?.[SCHEDULE_ANNOTATION]?.split('/')[0], nightly.id);
        assert.equal(first.annotations?.[OCCURRENCE_ANNOTATION], iso(base).slice(0, 16));
        assert.equal(first.comment, nightly.comment);
      } else {
        assert.equal(first.annotations, undefined);
        assert.match(first.comment, new RegExp(`\\[tray-schedule:${nightly.id}/`));
      }
      assert.equal(f.posted.length, 3, 'no install wrote one twice');
    });
  }

  it('Grafana refusing the write (403) is reported against the schedule', async () => {
    const f = await startGrafana({ alerts: [] });
    servers.push(f);
    // grafana: pkg/services/accesscontrol/middleware.go deny(): a reader may list, not write.
    f.srv.setRoute('POST /api/alertmanager/grafana/api/v2/silences', {
      kind: 'json',
      status: 403,
      body: {
        accessErrorId: 'ACE0123456789',
        message:
          "You'll need additional permissions to perform this action. Permissions needed: alert.silences:create",
        title: 'Access denied',
      },
    });
    const core = cores.open(settingsFor(f));
    await cores.ready(core);
    await core.schedules.sync();
    const problem = core.schedules.overview()[0]!.problem;
    assert.ok(problem, 'the refusal is shown on the schedule');
    assert.match(problem.message, /permissions|403/i);
  });
});
