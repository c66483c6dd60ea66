// A real Alertmanager killed in the middle of a poll and started again (same ports and
// storage), through the real core (createCore). The server holds 3,000 alerts so building
// /alerts/groups takes it long enough that the kill lands while the answer is being made.
// Alertmanager does not persist alerts: after the restart they come back when Prometheus
// re-sends them (the test posts them again with the same startsAt, as Prometheus would).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { PostableAlert } from '../../main/core/api/types.ts';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { assertKept, firingNotificationsFor, watchCore, type Watched } from './support/core.ts';
import { startBackend, type Backend } from './support/backend.ts';
import { forwardTo } from './support/forward.ts';

const GROUPS = '/api/v2/alerts/groups';
const FILLER = 3_000;

describe('server restarted mid-poll', { skip: amSkipReason() }, () => {
  let backend: Backend;
  let w: Watched;
  let all: PostableAlert[];

  before(async () => {
    backend = await startBackend();
    const now = Date.now();
    const filler = Array.from({ length: FILLER }, (_, n) =>
      makeAlert(
        { alertname: `Filler${n % 50}`, severity: 'info', instance: `host-${n}:9100` },
        {
          startsAt: new Date(now - 600_000).toISOString(),
          endsAt: new Date(now + 3_600_000).toISOString(),
          annotations: { summary: `filler ${n}`, description: 'x'.repeat(200) },
        },
      ),
    );
    all = [...backend.base, ...filler];
    for (let i = 0; i < filler.length; i += 500)
      await postAlerts(backend.am.url, filler.slice(i, i + 500));
    w = watchCore({
      instances: [{ url: backend.hostile.url, timeoutSec: 60 }],
      clock: new FakeClock(),
    });
    await waitFor(
      async () => {
        await w.core.refresh();
        const s = w.core.snapshot();
        return s.instances.i0?.health === 'ok' && Object.keys(s.alerts).length === all.length;
      },
      { timeoutMs: 60_000 },
    );
  });

  after(async () => {
    await w?.stop();
    await backend?.close();
  });

  it('shows unreachable with last good data kept stale, then recovers without duplicate notifications', async () => {
    const before = w.core.snapshot();
    const fps = Object.keys(before.alerts);
    const firing = firingNotificationsFor(w, fps).length;
    assert.equal(firing, 1, 'one start-up summary for what was already firing');

    // Forward the next /alerts/groups to the server, then kill it while it builds the answer.
    let killed: Promise<void> | undefined;
    const forward = forwardTo(backend.am.url);
    backend.hostile.setRoute(GROUPS, {
      kind: 'handler',
      handle(req, res, body) {
        if (forward.kind === 'handler') forward.handle(req, res, body);
        killed ??= new Promise((r) => setTimeout(r, 20)).then(() => backend.am.kill());
      },
    });
    await w.core.refresh();
    assert.ok(killed, 'the poll reached /alerts/groups');
    await killed;
    backend.restore();

    let s = w.core.snapshot();
    let inst = s.instances.i0!;
    assert.equal(inst.health, 'unreachable');
    assert.equal(inst.lastError?.kind, 'network', JSON.stringify(inst.lastError));
    assert.equal(inst.lastError?.endpoint, 'GET /alerts/groups');
    assertKept(before, s, true);
    assert.equal(s.clusters[inst.clusterId]?.stale, true);
    assert.equal(s.summary.worst, before.summary.worst, 'what fired still shows');
    assert.notEqual(s.summary.worst, 'ok');
    assert.deepEqual(s.summary.missingData, ['i0'], 'flagged as missing data');
    assert.equal(s.summary.firing, before.summary.firing, 'counts still shown');

    // Still down: connection refused, same state, data still there.
    await w.core.refresh();
    s = w.core.snapshot();
    assert.equal(s.instances.i0!.health, 'unreachable');
    assertKept(before, s, true);
    assert.equal(
      w.events.filter((e) => e.type === 'alert-resolved').length,
      0,
      'nothing resolved while down',
    );

    // Back up, empty (alerts are not persisted): the alerts really are gone for now.
    await backend.am.start();
    await w.core.refresh();
    s = w.core.snapshot();
    inst = s.instances.i0!;
    assert.equal(inst.health, 'ok');
    assert.equal(inst.lastError, undefined);
    assert.equal(inst.clusterId, before.instances.i0!.clusterId, 'same cluster id');

    // Prometheus re-sends them with their original startsAt: the same firing episodes.
    for (let i = 0; i < all.length; i += 500)
      await postAlerts(backend.am.url, all.slice(i, i + 500));
    await waitFor(
      async () => {
        await w.core.refresh();
        return Object.keys(w.core.snapshot().alerts).length === all.length;
      },
      { timeoutMs: 60_000 },
    );
    s = w.core.snapshot();
    assertKept(before, s, false);
    assert.equal(s.summary.worst, before.summary.worst);
    assert.equal(firingNotificationsFor(w, fps).length, firing, 'no duplicate notification');
  });
});
