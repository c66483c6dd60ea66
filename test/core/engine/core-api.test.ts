// The rest of the Core facade against a real Alertmanager: settings updates (restarting only
// what changed), test connection, status, pause, snooze, quick silences and preview; and how
// instance settings become connection options.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveConnection } from '../../../main/core/engine/connection.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { GettableSilence } from '../../../main/core/api/types.ts';
import type { Core } from '../../../main/core/service.ts';
import { defaultInstance } from '../../../main/core/settings/defaults.ts';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { MemorySecrets, Recorder, settingsFor } from './helpers.ts';

describe('resolveConnection', () => {
  it('resolves secrets from the store and reads TLS files through readFile', async () => {
    const secrets = new MemorySecrets();
    await secrets.set('k1', 's3cret', 'https://am.example');
    const read: string[] = [];
    const options = await resolveConnection(
      defaultInstance({
        url: 'https://am.example/alertmanager/api/v2/',
        auth: { type: 'basic', username: 'u', passwordKey: 'k1' },
        headers: { 'X-Scope-OrgID': 'tenant' },
        tls: { caFile: '/ca.pem', certFile: '/c.pem', keyFile: '/k.pem' },
        timeoutSec: 7,
      }),
      secrets,
      async (p) => {
        read.push(p);
        return `PEM of ${p}`;
      },
    );
    assert.equal(options.baseUrl, 'https://am.example/alertmanager');
    assert.deepEqual(options.auth, { type: 'basic', username: 'u', password: 's3cret' });
    assert.deepEqual(options.headers, { 'X-Scope-OrgID': 'tenant' });
    assert.deepEqual(options.tls, {
      ca: 'PEM of /ca.pem',
      cert: 'PEM of /c.pem',
      key: 'PEM of /k.pem',
    });
    assert.equal(options.timeoutMs, 7000);
    assert.deepEqual(read, ['/ca.pem', '/c.pem', '/k.pem']);
  });

  it('fails clearly on a missing secret or an unreadable TLS file', async () => {
    const secrets = new MemorySecrets();
    await assert.rejects(
      resolveConnection(
        defaultInstance({ url: 'http://x', auth: { type: 'bearer', tokenKey: 'nope' } }),
        secrets,
        async () => '',
      ),
      (e: Error & { kind?: string }) => e.kind === 'auth' && /No token/.test(e.message),
    );
    await assert.rejects(
      resolveConnection(
        defaultInstance({ url: 'https://x', tls: { caFile: '/missing.pem' } }),
        secrets,
        async () => {
          throw new Error('ENOENT');
        },
      ),
      (e: Error & { kind?: string }) => e.kind === 'tls' && /missing\.pem/.test(e.message),
    );
  });
});

describe('core facade with one server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let core: Core;
  let rec: Recorder;
  const clock = new FakeClock();

  before(async () => {
    am = await startAlertmanager();
    await postAlerts(am.url, [
      makeAlert({ alertname: 'ApiDisk', severity: 'warning', pod: 'web-1', team: 'a' }),
      makeAlert({ alertname: 'ApiDisk', severity: 'warning', pod: 'web-2', team: 'a' }),
    ]);
    core = createCore({
      settings: settingsFor([am.url]),
      secrets: new MemorySecrets(),
      clock,
      osUser: 'tester',
    });
    rec = new Recorder(core);
    core.start();
    await waitFor(async () => {
      await core.refresh();
      return Object.keys(core.snapshot().alerts).length === 2;
    });
  });

  after(async () => {
    rec?.close();
    await core?.stop();
    await am?.stop();
  });

  it('tests a connection: version and cluster status, or the serialized error', async () => {
    const ok = await core.testConnection(defaultInstance({ url: am.url }));
    assert.equal(ok.ok, true);
    if (ok.ok) {
      assert.equal(ok.version, '0.25.0');
      assert.equal(ok.clusterStatus, 'disabled');
      assert.ok(ok.durationMs >= 0);
    }
    const bad = await core.testConnection(defaultInstance({ url: 'http://127.0.0.1:9' }));
    assert.equal(bad.ok, false);
    if (!bad.ok) {
      assert.equal(bad.error.kind, 'network');
      assert.equal(bad.error.endpoint, 'GET /status');
    }
    const noSecret = await core.testConnection(
      defaultInstance({ url: am.url, auth: { type: 'basic', username: 'u', passwordKey: 'x' } }),
    );
    assert.equal(noSecret.ok, false);
    if (!noSecret.ok) assert.equal(noSecret.error.kind, 'auth');
    // A password typed into the form (not stored yet) is used.
    const typed = await core.testConnection(
      defaultInstance({ url: am.url, auth: { type: 'basic', username: 'u', passwordKey: 'x' } }),
      { password: 'typed' },
    );
    assert.equal(typed.ok, true);
  });

  it('returns the full status of an instance', async () => {
    const st = await core.getStatus('am1');
    assert.match(st.config.original, /team-a/);
    await assert.rejects(core.getStatus('nope'), /unknown instance/);
  });

  it('previews and makes a quick silence of a group, authored by the OS user', async () => {
    const group = Object.values(core.snapshot().groups).find(
      (g) => g.labels.alertname === 'ApiDisk',
    )!;
    const matchers = core.silences.quickMatchers({ groupKey: group.key });
    assert.deepEqual(matchers, [
      { name: 'alertname', value: 'ApiDisk', isRegex: false, isEqual: true },
    ]);
    const preview = await core.silences.preview(group.clusterId, matchers);
    assert.equal(preview.total, 2);
    // Alert quick matchers drop volatile labels such as pod.
    const fp = group.alerts[0]!;
    const alertMatchers = core.silences.quickMatchers({ fingerprint: fp });
    assert.ok(!alertMatchers.some((m) => m.name === 'pod'));

    const [result] = await core.silences.quick({ groupKey: group.key }, 3_600_000);
    assert.ok(result);
    const res = await fetch(`${am.url}/api/v2/silence/${result.id}`);
    const s = (await res.json()) as GettableSilence;
    assert.equal(s.createdBy, 'tester');
    assert.equal(s.comment, 'Quick silence from Alertmanager Tray');
    // The action refreshed the cluster: the view already has it.
    assert.equal(core.snapshot().silences[result.silenceKey]?.state, 'active');
    assert.ok(Object.values(core.snapshot().alerts).every((a) => a.state === 'suppressed'));
    await core.silences.expire(result.silenceKey);
    assert.equal(core.snapshot().silences[result.silenceKey]?.state, 'expired');
  });

  it('refuses a silence without a comment when settings require one', async () => {
    const now = clock.now();
    await assert.rejects(
      core.silences.create('instance:am1', {
        matchers: [{ name: 'alertname', value: 'ApiDisk', isRegex: false, isEqual: true }],
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 60_000).toISOString(),
        createdBy: 'tester',
        comment: '',
      }),
      /comment/,
    );
  });

  it('pauses polling and resumes it', async () => {
    core.setPollingPaused(true);
    await postAlerts(am.url, [makeAlert({ alertname: 'ApiPaused', severity: 'info' })]);
    await new Promise((r) => setTimeout(r, 300));
    await core.refresh();
    assert.ok(
      !Object.values(core.snapshot().alerts).some((a) => a.labels.alertname === 'ApiPaused'),
    );
    core.setPollingPaused(false);
    await waitFor(async () => {
      await core.refresh();
      return Object.values(core.snapshot().alerts).some((a) => a.labels.alertname === 'ApiPaused');
    });
  });

  it('snoozes notifications in the settings and clears the snooze', () => {
    const until = new Date(clock.now() + 3_600_000).toISOString();
    core.snoozeNotifications(until);
    assert.equal(core.getSettings().notifications.snoozeUntil, until);
    core.snoozeNotifications(null);
    assert.equal(core.getSettings().notifications.snoozeUntil, undefined);
  });

  it('applies settings: renames in place, restarts changed pollers, adds and removes', async () => {
    const s = core.getSettings();
    s.instances[0]!.name = 'renamed';
    let applied = core.updateSettings(s);
    assert.equal(applied.instances[0]!.name, 'renamed');
    let snap = core.snapshot();
    assert.equal(snap.instances.am1!.name, 'renamed');
    assert.equal(snap.instances.am1!.health, 'ok', 'same poller: data and health kept');
    assert.ok(Object.keys(snap.alerts).length >= 2);

    // A second instance.
    s.instances.push(defaultInstance({ id: 'am2', name: 'am2', url: am.url, pollIntervalSec: 2 }));
    core.updateSettings(s);
    await core.refresh('am2');
    assert.equal(core.snapshot().instances.am2!.health, 'ok');
    // A new poll interval reschedules am1 but keeps its client and data: nothing looks new.
    rec.clear();
    s.instances[0]!.pollIntervalSec = 3;
    core.updateSettings(s);
    snap = core.snapshot();
    assert.equal(snap.instances.am1!.health, 'ok');
    assert.ok(Object.values(snap.alerts).every((a) => a.instances.includes('am1')));
    await waitFor(async () => {
      await core.refresh('am1');
      return core.snapshot().instances.am1!.health === 'ok';
    });
    assert.deepEqual(rec.notifications, []);
    // A new URL is another server: a new poller, but its last data stays, marked stale, until
    // the new settings answer (test/core/engine/edit-keeps-data.test.ts).
    s.instances[1]!.url = am.url.replace('127.0.0.1', 'localhost');
    core.updateSettings(s);
    assert.equal(core.snapshot().instances.am2!.health, 'stale', 'am2 restarted, data kept');
    await core.refresh('am2');
    assert.equal(core.snapshot().instances.am2!.health, 'ok');

    // Disabled: not polled, its data no longer shown, health `disabled`, not "unreachable".
    s.instances[1]!.enabled = false;
    core.updateSettings(s);
    snap = core.snapshot();
    assert.equal(snap.instances.am2!.health, 'disabled');
    assert.ok(Object.values(snap.alerts).every((a) => !a.instances.includes('am2')));
    assert.deepEqual(snap.summary.unreachableInstances, []);
    await core.refresh('am2'); // nothing to do, resolves

    rec.clear();
    applied = core.updateSettings({ ...s, instances: [s.instances[0]!] });
    assert.equal(applied.instances.length, 1);
    snap = core.snapshot();
    assert.equal(snap.instances.am2, undefined);
    assert.ok(rec.deltas.some((d) => d.remove.instances?.includes('am2')));

    assert.throws(
      () => core.updateSettings({ ...s, severityLabel: 42 as unknown as string }),
      /invalid settings/,
    );
    assert.equal(core.getSettings().severityLabel, 'severity');
  });
});
