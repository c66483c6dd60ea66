// Notification mapping: what the OS notification shows and what its actions do, for each
// kind of app notification (no electron loaded).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppNotification } from '../../main/core/model/events.ts';
import {
  planNotification,
  planAckedNotice,
  planSilencedNotice,
  runNotificationAction,
} from '../../main/electron/notification-options.ts';

function notification(patch: Partial<AppNotification>): AppNotification {
  return {
    id: 'n1',
    title: 'DiskFull firing',
    body: 'instance db-1: disk 95% full',
    urgency: 'normal',
    at: '2026-01-01T00:00:00Z',
    events: [],
    ...patch,
  };
}

describe('notification mapping', () => {
  it('a silence that needs attention offers Expire and Extend, which act on that silence', async () => {
    const n = notification({ target: { silenceKey: 'c1/s1' }, silenceActions: true });
    const plan = planNotification(n, 'win32');
    assert.deepEqual(plan.options.actions, [
      { type: 'button', text: 'Expire' },
      { type: 'button', text: 'Extend 1d' },
    ]);
    assert.deepEqual(plan.onClick, { view: 'silences' });
    const calls: unknown[][] = [];
    // The new end (later of the current end and now, plus a day) is the core's decision:
    // silence-commands.test.ts checks it against a real server.
    const core = {
      silences: {
        expire: async (k: string) => void calls.push(['expire', k]),
        extendBy: async (k: string, ms: number) => void calls.push(['extendBy', k, ms]),
      },
    } as unknown as Parameters<typeof runNotificationAction>[1]['core'];
    for (const a of plan.actions)
      await runNotificationAction(a, { core, openExternal: async () => {} });
    assert.deepEqual(calls, [
      ['expire', 'c1/s1'],
      ['extendBy', 'c1/s1', 86_400_000],
    ]);
    assert.equal(planNotification(n, 'linux').options.actions, undefined);
  });

  it('critical on Linux: urgency critical and stays; click opens the group', () => {
    const plan = planNotification(
      notification({ urgency: 'critical', target: { groupKey: 'g1' }, silenceable: true }),
      'linux',
    );
    assert.deepEqual(plan.options, {
      title: 'DiskFull firing',
      body: 'instance db-1: disk 95% full',
      silent: false,
      urgency: 'critical',
      timeoutType: 'never',
    });
    assert.deepEqual(plan.onClick, { view: 'alerts', groupKey: 'g1' });
    // No action buttons on Linux.
    assert.deepEqual(plan.actions, []);
  });

  it('macOS: "Silence 1h" and "Acknowledge" for a silenceable alert, no urgency hint', () => {
    const plan = planNotification(
      notification({ target: { fingerprint: 'f1', clusterId: 'c1' }, silenceable: true }),
      'darwin',
    );
    assert.equal(plan.options.urgency, undefined);
    assert.deepEqual(plan.options.actions, [
      { type: 'button', text: 'Silence 1h' },
      { type: 'button', text: 'Acknowledge' },
    ]);
    assert.deepEqual(plan.actions, [
      { kind: 'silence', from: { fingerprint: 'f1', clusterId: 'c1' }, durationMs: 3_600_000 },
      { kind: 'ack', from: { fingerprint: 'f1', clusterId: 'c1' } },
    ]);
    assert.deepEqual(plan.onClick, { view: 'alerts', fingerprint: 'f1' });
    const notSilenceable = planNotification(notification({ target: { groupKey: 'g' } }), 'darwin');
    assert.equal(notSilenceable.options.actions, undefined);
  });

  it('Silence 1h and Open runbook on macOS and Windows; the runbook link in the body on Linux', () => {
    const n = notification({
      target: { fingerprint: 'f1', clusterId: 'c1' },
      silenceable: true,
      runbookUrl: 'https://runbooks.example/disk',
    });
    for (const platform of ['darwin', 'win32'] as const) {
      const plan = planNotification(n, platform);
      assert.deepEqual(plan.options.actions, [
        { type: 'button', text: 'Silence 1h' },
        { type: 'button', text: 'Acknowledge' },
        { type: 'button', text: 'Open runbook' },
      ]);
      assert.deepEqual(
        plan.actions.map((a) => a.kind),
        ['silence', 'ack', 'runbook'],
      );
      assert.equal(plan.options.body, 'instance db-1: disk 95% full');
    }
    const linux = planNotification(n, 'linux');
    assert.equal(linux.options.actions, undefined);
    assert.equal(
      linux.options.body,
      'instance db-1: disk 95% full\nRunbook: https://runbooks.example/disk',
    );
    // Unreachable instances are normal urgency; criticals stay critical.
    const down = planNotification(
      notification({ urgency: 'normal', target: { instanceId: 'am1' } }),
      'linux',
    );
    assert.equal(down.options.urgency, 'normal');
  });

  it('a quick silence is confirmed with Undo (buttons) or a pointer to the tray menu', async () => {
    const mac = planSilencedNotice('DiskFull · team=storage', '1 hour', ['c1/s1'], 'darwin');
    assert.equal(mac.options.title, 'Silenced for 1 hour');
    assert.deepEqual(mac.options.actions, [{ type: 'button', text: 'Undo' }]);
    assert.deepEqual(mac.actions, [{ kind: 'undo', silenceKeys: ['c1/s1'] }]);
    const linux = planSilencedNotice('DiskFull', '1 hour', ['c1/s1'], 'linux');
    assert.equal(linux.options.actions, undefined);
    assert.match(linux.options.body, /Undo it from the tray menu/);
    // Undo hands every silence the quick action made to the core's undo (which expires each:
    // silence-commands.test.ts); the runbook opens the URL.
    const expired: string[] = [];
    const opened: string[] = [];
    const deps = {
      core: {
        onNotification: () => () => {},
        silences: {
          undo: async (keys: readonly string[]) => void expired.push(...keys),
          quick: async () => [],
        },
      } as never,
      openExternal: async (u: string) => void opened.push(u),
    };
    await runNotificationAction({ kind: 'undo', silenceKeys: ['c1/a', 'c1/b'] }, deps);
    await runNotificationAction({ kind: 'runbook', url: 'https://r.example/x' }, deps);
    assert.deepEqual(expired, ['c1/a', 'c1/b']);
    assert.deepEqual(opened, ['https://r.example/x']);
  });

  it('an ack is confirmed with Un-acknowledge (buttons) or a pointer to the tray menu', async () => {
    const win = planAckedNotice('DiskFull', ['c1/ack'], 'win32');
    assert.deepEqual(win.options.actions, [{ type: 'button', text: 'Un-acknowledge' }]);
    assert.deepEqual(win.actions, [{ kind: 'undo', silenceKeys: ['c1/ack'] }]);
    const ended: string[] = [];
    const core = {
      silences: { undo: async (keys: readonly string[]) => void ended.push(...keys) },
    } as unknown as Parameters<typeof runNotificationAction>[1]['core'];
    await runNotificationAction(win.actions[0]!, { core, openExternal: async () => {} });
    assert.deepEqual(ended, ['c1/ack']);
    const linux = planAckedNotice('DiskFull', ['c1/ack'], 'linux');
    assert.equal(linux.options.actions, undefined);
    assert.match(linux.options.body, /Un-acknowledge from the tray menu/);
  });

  it('short title and body; other targets', () => {
    const plan = planNotification(
      notification({
        title: 'T'.repeat(200),
        body: 'B'.repeat(1000),
        target: { instanceId: 'am1' },
      }),
      'win32',
    );
    assert.equal(plan.options.title.length, 64);
    assert.equal(plan.options.body.length, 200);
    assert.deepEqual(plan.onClick, { view: 'instances' });
    assert.deepEqual(
      planNotification(notification({ target: { silenceKey: 'c/s' } }), 'linux').onClick,
      {
        view: 'silences',
      },
    );
    assert.equal(planNotification(notification({ urgency: 'low' }), 'linux').options.silent, true);
  });
});
