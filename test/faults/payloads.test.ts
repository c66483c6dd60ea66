// Odd but valid payloads through the real core (createCore): the same fingerprint several times
// in one response (from a real server's routing, and repeated by a broken proxy), and an alert
// whose startsAt is in the future (clock skew between Prometheus and Alertmanager).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AlertGroup } from '../../main/core/api/types.ts';
import { amSkipReason, makeAlert, postAlerts, waitFor } from '../support/alertmanager.ts';
import { FakeClock } from '../support/fake-clock.ts';
import { firingNotificationsFor, watchCore, type Watched } from './support/core.ts';
import { startBackend, type Backend } from './support/backend.ts';
import { editJson } from './support/forward.ts';

const GROUPS = '/api/v2/alerts/groups';

describe('odd payloads through the core', { skip: amSkipReason() }, () => {
  let backend: Backend;
  let w: Watched;
  const clock = new FakeClock();

  before(async () => {
    backend = await startBackend();
    w = watchCore({ instances: [{ url: backend.hostile.url }], clock });
    await waitFor(async () => {
      await w.core.refresh();
      const s = w.core.snapshot();
      return (
        s.instances.i0?.health === 'ok' && Object.keys(s.alerts).length === backend.base.length
      );
    });
  });

  after(async () => {
    await w?.stop();
    await backend?.close();
  });

  const named = (name: string) =>
    Object.values(w.core.snapshot().alerts).filter((a) => a.labels.alertname === name);

  it('shows an alert routed to two receivers once, in one group naming both, notified once', async () => {
    // DEFAULT_CONFIG: critical -> pager (continue) and team=b -> team-b: the server lists two
    // groups with one label set; the view has one group naming both receivers, one alert.
    await postAlerts(backend.am.url, [
      makeAlert({ alertname: 'TwoRoutes', severity: 'critical', team: 'b' }),
    ]);
    await waitFor(async () => {
      await w.core.refresh();
      return Object.values(w.core.snapshot().groups).some(
        (g) => g.labels.alertname === 'TwoRoutes' && g.receivers.length === 2,
      );
    });
    const s = w.core.snapshot();
    const alerts = named('TwoRoutes');
    assert.equal(alerts.length, 1);
    const fp = alerts[0]!.fingerprint;
    assert.deepEqual(alerts[0]!.receivers, ['pager', 'team-b']);
    const groups = Object.values(s.groups).filter((g) => g.labels.alertname === 'TwoRoutes');
    assert.equal(groups.length, 1, 'one group across receivers');
    assert.deepEqual(groups[0]!.receivers, ['pager', 'team-b']);
    for (const g of groups) assert.deepEqual(g.alerts, [fp]);
    assert.equal(s.summary.bySeverity.critical, 1, 'counted once');
    await w.core.refresh();
    assert.equal(firingNotificationsFor(w, [fp]).length, 1, 'one notification');
  });

  it('de-duplicates a fingerprint repeated inside a group and a group repeated in a response', async () => {
    const before = w.core.snapshot();
    const firing = firingNotificationsFor(w, Object.keys(before.alerts)).length;
    let edited = 0;
    backend.hostile.setRoute(
      GROUPS,
      editJson(backend.am.url, (body) => {
        const groups = body as AlertGroup[];
        for (const g of groups) g.alerts = [...g.alerts, ...g.alerts];
        edited++;
        return [...groups, ...structuredClone(groups)];
      }),
    );
    await w.core.refresh();
    backend.restore();
    assert.equal(edited, 1, 'the poll went through the editing proxy');
    const s = w.core.snapshot();
    assert.equal(s.instances.i0!.health, 'ok');
    assert.deepEqual(Object.keys(s.alerts).sort(), Object.keys(before.alerts).sort());
    assert.deepEqual(Object.keys(s.groups).sort(), Object.keys(before.groups).sort());
    for (const g of Object.values(s.groups)) {
      assert.equal(new Set(g.alerts).size, g.alerts.length, `group ${g.key} lists each alert once`);
      assert.deepEqual(g.alerts, before.groups[g.key]!.alerts);
      assert.deepEqual(g.counts, before.groups[g.key]!.counts);
    }
    assert.deepEqual(s.summary, before.summary, 'counts unchanged');
    assert.equal(s.seq, before.seq, 'no delta: nothing really changed');
    assert.equal(
      firingNotificationsFor(w, Object.keys(before.alerts)).length,
      firing,
      'no duplicate notification',
    );
  });

  it('shows an alert starting in the future and notifies it once', async () => {
    const now = Date.now();
    const startsAt = new Date(now + 60 * 60_000).toISOString();
    await postAlerts(backend.am.url, [
      makeAlert(
        { alertname: 'FromTheFuture', severity: 'warning' },
        { startsAt, endsAt: new Date(now + 2 * 60 * 60_000).toISOString() },
      ),
    ]);
    await waitFor(async () => {
      await w.core.refresh();
      return named('FromTheFuture').length === 1;
    });
    const a = named('FromTheFuture')[0]!;
    assert.equal(Date.parse(a.startsAt), Date.parse(startsAt));
    assert.equal(a.state, 'active');
    assert.equal(a.stale, false);
    assert.equal(w.core.snapshot().instances.i0!.health, 'ok');
    // More polls (and time passing on the fake clock) never notify it again.
    for (let i = 0; i < 3; i++) {
      await clock.advance(2_000);
      await w.core.refresh();
    }
    assert.equal(named('FromTheFuture').length, 1);
    assert.equal(firingNotificationsFor(w, [a.fingerprint]).length, 1, 'notified exactly once');
  });
});
