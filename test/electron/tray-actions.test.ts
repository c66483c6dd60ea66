// What tray menu clicks do, on a fake core: the pause goes through the saving snooze (the
// bridge's notifications:snooze in the app; main-process-settings.test.ts runs that), a quick
// silence can be undone for a few minutes, opening the Timeline clears "while you were away".
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultSettings } from '../../main/core/settings/defaults.ts';
import type { NotificationPlan } from '../../main/electron/notification-options.ts';
import { TrayActions, UNDO_MS } from '../../main/electron/tray-actions.ts';
import type { NavigateRequest } from '../../main/electron/tray-menu.ts';
import { createFakeCore } from '../support/fake-core.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function setUp(opts: { failSave?: boolean } = {}) {
  const core = createFakeCore(defaultSettings());
  // Stands in for the bridge's notifications:snooze (index.ts wires that): save, then apply.
  const saved: (string | null)[] = [];
  const snooze = async (untilIso: string | null) => {
    if (opts.failSave) throw new Error('Settings not saved to /x: permission denied (EACCES)');
    saved.push(untilIso);
    core.snoozeNotifications(untilIso);
  };
  const shown: (NavigateRequest | undefined)[] = [];
  const notified: NotificationPlan[] = [];
  let trayRefreshes = 0;
  let quits = 0;
  let now = NOW;
  const actions = new TrayActions({
    core,
    snooze,
    showWindow: (nav) => shown.push(nav),
    notify: (plan) => notified.push(plan),
    refreshTray: () => trayRefreshes++,
    quit: () => quits++,
    platform: 'linux',
    now: () => now,
  });
  return {
    core,
    saved,
    shown,
    notified,
    actions,
    trayRefreshes: () => trayRefreshes,
    quits: () => quits,
    advance: (ms: number) => (now += ms),
  };
}

describe('tray actions', () => {
  it('starts a silence from a template on the chosen cluster and says so', async () => {
    const t = setUp();
    t.core.settings.schedules.templates = [
      {
        id: '1f0e2d3c-4b5a-4968-8776-655443322110',
        name: 'Batch latency',
        matchers: [{ name: 'alertname', value: 'Latency', isRegex: false, isEqual: true }],
        durationMin: 90,
        comment: '',
      },
    ];
    await t.actions.run({
      type: 'start-template',
      templateId: '1f0e2d3c-4b5a-4968-8776-655443322110',
      clusterId: 'c1',
    });
    assert.deepEqual(
      t.core.calls.filter((c) => c.method === 'schedules.fromTemplate').map((c) => c.args),
      [['1f0e2d3c-4b5a-4968-8776-655443322110', 'c1']],
    );
    assert.match(t.notified.at(-1)!.options.body ?? '', /Batch latency/);
  });

  it('pausing notifications goes through the saving snooze, then refreshes the menu', async () => {
    const t = setUp();
    const until = new Date(NOW + 30 * 60_000).toISOString();
    await t.actions.run({ type: 'snooze', untilIso: until });
    assert.deepEqual(t.saved, [until]);
    assert.equal(t.core.settings.notifications.snoozeUntil, until);
    assert.ok(t.trayRefreshes() > 0);
  });

  it('a pause that cannot be saved is not applied and the click fails', async () => {
    const t = setUp({ failSave: true });
    const refreshes = t.trayRefreshes();
    await assert.rejects(
      t.actions.run({ type: 'snooze', untilIso: new Date(NOW + 60_000).toISOString() }),
      /permission denied/,
    );
    assert.equal(t.core.settings.notifications.snoozeUntil, undefined);
    assert.deepEqual(
      t.core.calls.filter((c) => c.method === 'snoozeNotifications'),
      [],
    );
    assert.equal(t.trayRefreshes(), refreshes);
  });

  it('an ack from the menu is confirmed, and Un-acknowledge ends the acks given', async () => {
    const t = setUp();
    await t.actions.run({ type: 'ack-group', groupKey: 'g1' });
    assert.ok(t.core.calls.some((c) => c.method === 'acknowledge'));
    assert.equal(t.notified.at(-1)?.options.title, 'Acknowledged');
    // Linux notifications have no buttons: the body points at the menu's Un-acknowledge.
    assert.match(t.notified.at(-1)?.options.body ?? '', /Un-acknowledge from the tray menu/);
    await t.actions.run({ type: 'unack-group', groupKey: 'g1', silenceKeys: ['c/ack-1'] });
    assert.deepEqual(t.core.calls.find((c) => c.method === 'undo')?.args, [['c/ack-1']]);
    assert.equal(t.notified.at(-1)?.options.title, 'Acknowledgement ended');
  });

  it('a quick silence is confirmed and can be undone from the menu for a few minutes', async () => {
    const t = setUp();
    await t.actions.run({ type: 'silence-group', groupKey: 'g1', durationMs: 3_600_000 });
    assert.deepEqual(t.core.calls.find((c) => c.method === 'quick')?.args, [
      { groupKey: 'g1' },
      3_600_000,
      'Silenced from the Alertmanager Tray menu',
    ]);
    assert.equal(t.notified[0]?.options.title, 'Silenced for 1 hour');
    assert.deepEqual(t.actions.undo(), { label: 'silence of g1', silenceKeys: ['c/sil-1'] });
    t.advance(UNDO_MS);
    assert.equal(t.actions.undo(), undefined, 'no longer offered');

    await t.actions.run({ type: 'silence-group', groupKey: 'g1', durationMs: 3_600_000 });
    await t.actions.run({ type: 'undo-silence', silenceKeys: ['c/sil-1'] });
    // The core decides what undoing means (silence-commands.test.ts: each key expired).
    assert.deepEqual(t.core.calls.find((c) => c.method === 'undo')?.args, [['c/sil-1']]);
    assert.equal(t.actions.undo(), undefined);
  });

  it('opening the Timeline clears "while you were away"; quit and refresh pass through', async () => {
    const t = setUp();
    t.actions.setAway({ fired: 2, resolved: 1 });
    assert.deepEqual(t.actions.away(), { fired: 2, resolved: 1 });
    await t.actions.run({ type: 'open-window', navigate: { view: 'alerts' } });
    assert.ok(t.actions.away(), 'another view keeps it');
    await t.actions.run({ type: 'open-window', navigate: { view: 'timeline' } });
    assert.equal(t.actions.away(), undefined);
    assert.deepEqual(t.shown, [{ view: 'alerts' }, { view: 'timeline' }]);
    await t.actions.run({ type: 'refresh' });
    await t.actions.run({ type: 'quit' });
    assert.ok(t.core.calls.some((c) => c.method === 'refresh'));
    assert.equal(t.quits(), 1);
  });
});
