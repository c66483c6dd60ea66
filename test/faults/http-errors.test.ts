// Faults of the HTTP layer through the real core (createCore) in front of a real Alertmanager:
// 401 after working, and bursts of 503 (busy: back off, keep showing data, not unreachable at
// once). Time runs on a fake clock; the network is real.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { amSkipReason, waitFor } from '../support/alertmanager.ts';
import { FakeClock, flush } from '../support/fake-clock.ts';
import { assertKept, firingNotificationsFor, watchCore, type Watched } from './support/core.ts';
import { BASE_ALERTNAME, startBackend, type Backend } from './support/backend.ts';

const GROUPS = '/api/v2/alerts/groups';

async function startWatching(
  backend: Backend,
  clock: FakeClock,
  timeoutSec: number,
): Promise<Watched> {
  const w = watchCore({ instances: [{ url: backend.hostile.url, timeoutSec }], clock });
  await waitFor(async () => {
    await w.core.refresh();
    const s = w.core.snapshot();
    return s.instances.i0?.health === 'ok' && Object.keys(s.alerts).length === backend.base.length;
  });
  return w;
}

function groupsRequests(backend: Backend): number {
  return backend.hostile.received.filter((r) => r.url.startsWith(GROUPS)).length;
}

describe('HTTP faults through the core', { skip: amSkipReason() }, () => {
  let backend: Backend;

  before(async () => {
    backend = await startBackend();
  });

  after(async () => {
    await backend?.close();
  });

  describe('401 after working', () => {
    let w: Watched;
    const clock = new FakeClock();

    before(async () => {
      w = await startWatching(backend, clock, 10);
    });
    after(async () => {
      await w?.stop();
      backend.restore();
    });

    it('shows auth-failed with the server message, keeps the data stale, recovers without re-notifying', async () => {
      const before = w.core.snapshot();
      const fps = Object.keys(before.alerts);
      const firingBefore = firingNotificationsFor(w, fps).length;
      assert.equal(firingBefore, 1, 'the start-up summary stands for the alerts already firing');

      backend.hostile.setRoute(GROUPS, { kind: 'text', status: 401, body: 'token expired\n' });
      await w.core.refresh();
      const s = w.core.snapshot();
      const inst = s.instances.i0!;
      assert.equal(inst.health, 'auth-failed');
      assert.equal(inst.lastError?.kind, 'auth');
      assert.equal(inst.lastError?.status, 401);
      assert.match(inst.lastError?.serverMessage ?? '', /token expired/);
      assert.ok(inst.failingSince, 'failingSince set');
      assertKept(before, s, true);
      assert.equal(s.clusters[inst.clusterId]?.stale, true);
      assert.notEqual(s.summary.worst, 'ok', 'never all clear while blind');
      assert.deepEqual(s.summary.unreachableInstances, ['i0']);
      assert.deepEqual(s.summary.missingData, ['i0']);
      assert.equal(
        w.events.filter((e) => e.type === 'alert-resolved').length,
        0,
        'nothing resolved',
      );

      // A second failing poll changes nothing more.
      const seq = s.seq;
      await w.core.refresh();
      assert.equal(w.core.snapshot().seq, seq, 'no delta for the same failure');

      backend.restore();
      await w.core.refresh();
      const r = w.core.snapshot();
      assert.equal(r.instances.i0!.health, 'ok');
      assert.equal(r.instances.i0!.lastError, undefined);
      assert.equal(r.instances.i0!.failingSince, undefined);
      assertKept(before, r, false);
      assert.equal(
        firingNotificationsFor(w, fps).length,
        firingBefore,
        'no duplicate notification',
      );
      assert.equal(w.events.filter((e) => e.type === 'alert-resolved').length, 0);
    });
  });

  describe('bursts of 503', () => {
    let w: Watched;
    const clock = new FakeClock();

    before(async () => {
      // A long timeout: the fake clock jumps seconds at a time and must not time polls out.
      w = await startWatching(backend, clock, 120);
    });
    after(async () => {
      await w?.stop();
      backend.restore();
    });

    it('stays ok (busy) on a 503, backs off, turns stale (not unreachable) only after 3 intervals', async () => {
      const before = w.core.snapshot();
      const fps = Object.keys(before.alerts);
      const firingBefore = firingNotificationsFor(w, fps).length;

      backend.hostile.setRoute(GROUPS, {
        kind: 'text',
        status: 503,
        body: 'limit of concurrent GET requests reached (8), try again later\n',
      });
      await w.core.refresh();
      let s = w.core.snapshot();
      let inst = s.instances.i0!;
      assert.equal(inst.health, 'ok', 'one 503 is busy, not down');
      assert.equal(inst.busy, true);
      assert.equal(inst.lastError?.status, 503);
      assert.match(inst.lastError?.serverMessage ?? '', /concurrent GET/);
      assertKept(before, s, false);

      // 30 s of (fake) time: at a 2 s interval that would be 15 polls; backing off it is a few.
      const polled0 = groupsRequests(backend);
      const healths = new Set<string>();
      for (let t = 0; t < 30_000; t += 250) {
        await clock.advance(250);
        // Let the real HTTP round trip of a poll that just started finish.
        await new Promise((r) => setTimeout(r, 15));
        await flush();
        healths.add(w.core.snapshot().instances.i0!.health);
      }
      const polls = groupsRequests(backend) - polled0;
      assert.ok(polls >= 2 && polls <= 6, `backed off: ${polls} polls in 30 s at a 2 s interval`);
      assert.ok(
        !healths.has('unreachable'),
        `never unreachable on 503s (saw ${[...healths].join(', ')})`,
      );

      // Past 3 intervals without a success the data is old: stale, still shown.
      s = w.core.snapshot();
      inst = s.instances.i0!;
      assert.equal(inst.health, 'stale');
      assert.equal(inst.lastError?.status, 503);
      assertKept(before, s, true);
      assert.equal(
        w.events.filter((e) => e.type === 'alert-resolved').length,
        0,
        'nothing resolved',
      );

      backend.restore();
      await w.core.refresh();
      s = w.core.snapshot();
      inst = s.instances.i0!;
      assert.equal(inst.health, 'ok');
      assert.equal(inst.busy, undefined);
      assert.equal(inst.lastError, undefined);
      assertKept(before, s, false);
      assert.equal(
        firingNotificationsFor(w, fps).length,
        firingBefore,
        'no duplicate notification',
      );
      assert.ok(Object.values(s.alerts).every((a) => a.labels.alertname === BASE_ALERTNAME));
    });
  });
});
