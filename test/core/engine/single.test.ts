// The engine against one real Alertmanager (directly and through a switchable proxy):
// deltas, severities, notifications end to end, a malformed answer, 503, timeouts and a
// server slower than the poll interval. Time runs on a fake clock; polls are driven by
// core.refresh() or by advancing the clock.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { defaultInstance } from '../../../main/core/settings/defaults.ts';
import type { Core } from '../../../main/core/service.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { FakeClock, flush } from '../../support/fake-clock.ts';
import { MemorySecrets, Recorder, settingsFor } from './helpers.ts';
import { startProxy, type SwitchProxy } from './proxy.ts';

function alertsNamed(core: Core, name: string) {
  return Object.values(core.snapshot().alerts).filter((a) => a.labels.alertname === name);
}

describe('engine with one server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let proxy: SwitchProxy;

  before(async () => {
    am = await startAlertmanager();
    proxy = await startProxy(am.url);
  });

  after(async () => {
    await proxy?.close();
    await am?.stop();
  });

  describe('deltas, severities and notifications', () => {
    let core: Core;
    let rec: Recorder;
    const clock = new FakeClock();

    before(async () => {
      const settings = settingsFor([am.url]);
      settings.notifications.stormThreshold = 5;
      core = createCore({ settings, secrets: new MemorySecrets(), clock, osUser: 'tester' });
      rec = new Recorder(core);
      core.start();
      await postAlerts(
        am.url,
        Array.from({ length: 20 }, (_, i) =>
          makeAlert({ alertname: 'EngBulk', severity: 'warning', n: String(i) }),
        ),
      );
      await waitFor(async () => {
        await core.refresh();
        return alertsNamed(core, 'EngBulk').length === 20;
      });
    });

    after(async () => {
      rec?.close();
      await core?.stop();
    });

    it('sends the snapshot first, then nothing at all while nothing changes', async () => {
      assert.equal(rec.snapshots.length, 1);
      assert.equal(rec.snapshots[0]!.seq, 0);
      rec.clear();
      const seq = core.snapshot().seq;
      await core.refresh();
      await core.refresh();
      assert.deepEqual(rec.deltas, []);
      assert.equal(core.snapshot().seq, seq);
      assert.deepEqual(rec.events, []);
    });

    it('sends a delta proportional to the change', async () => {
      rec.clear();
      const seq = core.snapshot().seq;
      // `info`: a critical one would inhibit the 20 warnings (DEFAULT_CONFIG), changing them all.
      await postAlerts(am.url, [makeAlert({ alertname: 'EngBulk', severity: 'info', n: 'x' })]);
      await waitFor(async () => {
        await core.refresh();
        return alertsNamed(core, 'EngBulk').length === 21;
      });
      assert.equal(rec.deltas.length, 1);
      const d = rec.deltas[0]!;
      assert.equal(d.seq, seq + 1);
      assert.equal(core.snapshot().seq, seq + 1);
      assert.deepEqual(
        d.upsert.alerts?.map((a) => a.labels.n),
        ['x'],
      );
      // Only the EngBulk group of team-a changed (it gained the alert).
      assert.deepEqual(
        d.upsert.groups?.map((g) => g.key),
        [`instance:am1|alertname="EngBulk"`],
      );
      assert.equal(d.upsert.groups?.[0]?.alerts.length, 21);
      assert.equal(d.upsert.instances, undefined);
      assert.deepEqual(d.remove, {});
      assert.equal(d.summary?.bySeverity.info, 1);
      assert.equal(d.summary?.bySeverity.warning, 20);
    });

    it('counts an unknown or missing severity in its own bucket and notifies it', async () => {
      rec.clear();
      await postAlerts(am.url, [
        makeAlert({ alertname: 'EngOdd', severity: 'sev-x' }),
        makeAlert({ alertname: 'EngNoSeverity' }),
      ]);
      await waitFor(async () => {
        await core.refresh();
        return alertsNamed(core, 'EngOdd').length + alertsNamed(core, 'EngNoSeverity').length === 2;
      });
      const s = core.snapshot();
      assert.equal(s.summary.bySeverity['sev-x'], 1);
      assert.equal(s.summary.bySeverity[''], 1);
      assert.equal(alertsNamed(core, 'EngOdd')[0]!.severity, 'sev-x');
      assert.equal(alertsNamed(core, 'EngNoSeverity')[0]!.severity, '');
      const odd = alertsNamed(core, 'EngOdd')[0]!.fingerprint;
      const notified = rec.notifications.filter((n) =>
        n.events.some((e) => e.type === 'alert-firing' && e.fingerprint === odd),
      );
      assert.equal(notified.length, 1, 'the unknown severity notifies');
    });

    it('turns 50 alerts firing at once into one summary notification', async () => {
      rec.clear();
      await postAlerts(
        am.url,
        Array.from({ length: 50 }, (_, i) =>
          makeAlert({ alertname: 'EngStorm', severity: 'warning', n: String(i) }),
        ),
      );
      // All 50 must land in one poll: wait until the server has them, then poll once.
      await waitFor(async () => {
        const res = await fetch(`${am.url}/api/v2/alerts?filter=alertname%3D%22EngStorm%22`);
        return ((await res.json()) as unknown[]).length === 50;
      });
      await core.refresh();
      assert.equal(alertsNamed(core, 'EngStorm').length, 50);
      assert.equal(rec.eventsOf('alert-firing').length, 50);
      assert.equal(rec.notifications.length, 1);
      assert.equal(rec.notifications[0]!.events.length, 50);
    });
  });

  describe('failures of one instance', () => {
    let core: Core;
    let rec: Recorder;
    const clock = new FakeClock();

    before(async () => {
      const settings = settingsFor([]);
      settings.instances = [
        defaultInstance({ id: 'direct', name: 'direct', url: am.url, pollIntervalSec: 2 }),
        defaultInstance({
          id: 'proxied',
          name: 'proxied',
          url: proxy.url,
          pollIntervalSec: 2,
          timeoutSec: 5,
        }),
      ];
      core = createCore({ settings, secrets: new MemorySecrets(), clock, random: () => 0.5 });
      rec = new Recorder(core);
      proxy.mode = 'pass';
      core.start();
      await waitFor(async () => {
        await core.refresh();
        const s = core.snapshot();
        return s.instances.direct!.health === 'ok' && s.instances.proxied!.health === 'ok';
      });
    });

    after(async () => {
      rec?.close();
      await core?.stop();
      proxy.mode = 'pass';
    });

    it('marks only the instance that answered garbage, keeping its last good data', async () => {
      const before = core.snapshot();
      const alertCount = Object.keys(before.alerts).length;
      assert.ok(alertCount > 0);
      rec.clear();
      proxy.mode = 'garbage';
      await core.refresh();
      const s = core.snapshot();
      const p = s.instances.proxied!;
      assert.equal(p.health, 'unreachable');
      assert.equal(p.lastError?.kind, 'invalid-response');
      assert.ok(p.failingSince);
      assert.equal(s.instances.direct, before.instances.direct, 'direct untouched');
      assert.equal(s.instances.direct!.health, 'ok');
      assert.equal(Object.keys(s.alerts).length, alertCount, 'data kept');
      for (const a of Object.values(s.alerts)) {
        assert.deepEqual(a.instances, ['direct', 'proxied']);
        assert.equal(a.stale, false, 'the direct cluster is fresh');
      }
      assert.equal(s.clusters['instance:proxied']!.stale, true);
      assert.equal(s.clusters['instance:direct']!.stale, false);
      assert.deepEqual(s.summary.unreachableInstances, ['proxied']);
      assert.deepEqual(s.summary.missingData, ['proxied'], 'a standalone instance: data missing');
      assert.equal(s.summary.worst, 'warning', 'the firing alerts stay the first signal');
      const ids = rec.deltas.flatMap((d) => d.upsert.instances?.map((i) => i.id) ?? []);
      assert.deepEqual([...new Set(ids)], ['proxied']);
      assert.deepEqual(rec.eventsOf('alert-resolved'), []);

      proxy.mode = 'pass';
      await core.refresh('proxied');
      assert.equal(core.snapshot().instances.proxied!.health, 'ok');
      assert.equal(core.snapshot().clusters['instance:proxied']!.stale, false);
    });

    it('treats 503 as busy: backs off, stays ok, becomes stale only after 3 intervals', async () => {
      proxy.mode = 'busy';
      await core.refresh('proxied');
      let p = core.snapshot().instances.proxied!;
      assert.equal(p.health, 'ok');
      assert.equal(p.busy, true);
      assert.equal(p.lastError?.status, 503);
      // 3.5 intervals later, still only 503s: stale, never unreachable.
      await clock.advance(7_000);
      await core.refresh();
      p = core.snapshot().instances.proxied!;
      assert.equal(p.health, 'stale');
      assert.equal(p.busy, true);
      assert.equal(core.snapshot().instances.direct!.health, 'ok');
      assert.deepEqual(core.snapshot().summary.unreachableInstances, ['proxied']);
      proxy.mode = 'pass';
      await core.refresh('proxied');
      p = core.snapshot().instances.proxied!;
      assert.equal(p.health, 'ok');
      assert.equal(p.busy, undefined);
    });

    it('times a request out on the clock and aborts it', async () => {
      proxy.mode = 'stall';
      const done = core.refresh('proxied');
      await waitFor(() => proxy.stats.inFlight === 1);
      await clock.advance(5_000);
      await done;
      const p = core.snapshot().instances.proxied!;
      assert.equal(p.health, 'unreachable');
      assert.equal(p.lastError?.kind, 'timeout');
      await waitFor(() => proxy.stats.inFlight === 0, { message: 'stalled request aborted' });
      proxy.mode = 'pass';
      await core.refresh('proxied');
      assert.equal(core.snapshot().instances.proxied!.health, 'ok');
    });
  });

  it('polls groups and silences every cycle, status and receivers on the first and every 10th', async () => {
    const clock = new FakeClock();
    const settings = settingsFor([]);
    settings.instances = [defaultInstance({ id: 'p', url: proxy.url, pollIntervalSec: 2 })];
    const core = createCore({ settings, secrets: new MemorySecrets(), clock });
    proxy.mode = 'pass';
    proxy.resetStats();
    try {
      core.start();
      for (let i = 0; i < 11; i++) await core.refresh();
      const paths = proxy.stats.paths.map((p) => p.replace('GET /api/v2', ''));
      const full = ['/status', '/alerts/groups', '/silences', '/receivers'];
      const short = ['/alerts/groups', '/silences'];
      // Cycle 0 (start), refreshes make cycles 1..11: cycle 10 fetches status again.
      const expected = [...full, ...Array(9).fill(short).flat(), ...full, ...short];
      assert.deepEqual(paths, expected);
    } finally {
      await core.stop();
    }
  });

  // Back from a failure (a restart, a partition) the server's status has changed: its uptime,
  // and peers that rejoin over a few seconds. Read for three good cycles, then as usual.
  it('reads status on the three good cycles after a failed one', async () => {
    const clock = new FakeClock();
    const settings = settingsFor([]);
    settings.instances = [defaultInstance({ id: 'p', url: proxy.url, pollIntervalSec: 2 })];
    const core = createCore({ settings, secrets: new MemorySecrets(), clock });
    proxy.mode = 'pass';
    try {
      core.start();
      await core.refresh();
      proxy.mode = 'garbage';
      await core.refresh();
      assert.equal(core.snapshot().instances.p!.health, 'unreachable');
      proxy.mode = 'pass';
      proxy.resetStats();
      for (let i = 0; i < 5; i++) await core.refresh();
      const perCycle = proxy.stats.paths
        .map((p) => p.replace('GET /api/v2', ''))
        .join(' ')
        .split('/alerts/groups')
        .slice(0, -1)
        .map((before) => before.includes('/status'));
      assert.deepEqual(perCycle, [true, true, true, false, false]);
      assert.equal(core.snapshot().instances.p!.health, 'ok');
    } finally {
      await core.stop();
      proxy.mode = 'pass';
    }
  });

  it('reports 401 as auth-failed and picks up a corrected secret on settings save', async () => {
    const clock = new FakeClock();
    const secrets = new MemorySecrets();
    await secrets.set('tok', 'wrong', new URL(proxy.url).origin);
    const settings = settingsFor([]);
    settings.instances = [
      defaultInstance({
        id: 'guarded',
        url: proxy.url,
        pollIntervalSec: 2,
        auth: { type: 'bearer', tokenKey: 'tok' },
      }),
    ];
    const core = createCore({ settings, secrets, clock });
    proxy.mode = 'pass';
    proxy.requireAuth = 'Bearer right';
    try {
      core.start();
      await core.refresh();
      let g = core.snapshot().instances.guarded!;
      assert.equal(g.health, 'auth-failed');
      assert.equal(g.lastError?.status, 401);
      // The shell stores the new secret under the same key, then saves the settings.
      await secrets.set('tok', 'right', new URL(proxy.url).origin);
      core.updateSettings(core.getSettings());
      await waitFor(async () => {
        await core.refresh();
        return core.snapshot().instances.guarded!.health === 'ok';
      });
      g = core.snapshot().instances.guarded!;
      assert.equal(g.lastError, undefined);
    } finally {
      proxy.requireAuth = undefined;
      await core.stop();
    }
  });

  it('turns a hanging instance stale after 3 intervals even though no poll finishes', async () => {
    const clock = new FakeClock();
    const settings = settingsFor([]);
    settings.instances = [
      defaultInstance({ id: 'hang', url: proxy.url, pollIntervalSec: 2, timeoutSec: 600 }),
    ];
    const core = createCore({ settings, secrets: new MemorySecrets(), clock });
    proxy.mode = 'pass';
    try {
      core.start();
      await core.refresh();
      assert.equal(core.snapshot().instances.hang!.health, 'ok');
      proxy.mode = 'stall';
      await clock.advance(2_000); // the next cycle starts and hangs
      await waitFor(() => proxy.stats.inFlight === 1);
      await clock.advance(3_000);
      assert.equal(core.snapshot().instances.hang!.health, 'ok');
      await clock.advance(1_500); // 6.5 s since the last success
      assert.equal(core.snapshot().instances.hang!.health, 'stale');
      assert.deepEqual(core.snapshot().summary.unreachableInstances, ['hang']);
    } finally {
      proxy.mode = 'pass';
      await core.stop();
      await waitFor(() => proxy.stats.inFlight === 0);
    }
  });

  it('never overlaps polls of a server slower than the interval', async () => {
    const clock = new FakeClock();
    const settings = settingsFor([]);
    settings.instances = [
      defaultInstance({ id: 'slow', url: proxy.url, pollIntervalSec: 2, timeoutSec: 600 }),
    ];
    const core = createCore({ settings, secrets: new MemorySecrets(), clock });
    proxy.mode = 'pass';
    proxy.delayMs = 150;
    proxy.resetStats();
    try {
      core.start();
      const refreshes: Promise<void>[] = [];
      const until = Date.now() + 3_000;
      while (Date.now() < until) {
        // Time flies far faster than the server answers; refreshes pile up too.
        await clock.advance(1_000);
        if (refreshes.length < 20) refreshes.push(core.refresh());
        await new Promise((r) => setTimeout(r, 30));
      }
      await Promise.all(refreshes);
      assert.equal(proxy.stats.maxInFlight, 1, 'never two requests at once');
      assert.ok(proxy.stats.total >= 6, `polled (${proxy.stats.total} requests)`);
      // With the clock now still, one more poll: under load a 150 ms answer can span more than
      // 3 intervals of the racing fake clock above, which rightly reads as hanging (stale).
      await core.refresh();
      assert.equal(proxy.stats.maxInFlight, 1, 'never two requests at once');
      assert.equal(core.snapshot().instances.slow!.health, 'ok');
    } finally {
      proxy.delayMs = 0;
      await core.stop();
      await flush();
    }
  });
});
