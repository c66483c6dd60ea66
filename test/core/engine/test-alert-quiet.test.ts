// The test alert's "would it notify" follows the policy's own quiet rule: during quiet hours a
// critical test alert would notify when critical alerts break through, a warning would not,
// and a snooze holds both (model/quiet-hours.ts breaksThrough, shared with notify.ts).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { GettableAlert } from '../../../main/core/api/types.ts';
import { sendTestAlert } from '../../../main/core/engine/test-alert.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { NotificationSettings } from '../../../main/core/settings/types.ts';
import { alert, snapshot, T0 } from '../policy/view-fixtures.ts';

async function wouldNotify(severity: string, n: NotificationSettings) {
  const labels = { alertname: 'TrayTest', severity };
  const view = snapshot({ alerts: [alert({ labels, fingerprint: 'fp' })] });
  const served = {
    labels,
    fingerprint: 'fp',
    status: { state: 'active', silencedBy: [], inhibitedBy: [] },
    receivers: [{ name: 'team-a' }],
  } as unknown as GettableAlert;
  const report = await sendTestAlert(
    {
      instanceId: 'c1-i1',
      clusterId: 'c1',
      post: async () => {},
      groups: async () => [
        { labels: { alertname: 'TrayTest' }, receiver: { name: 'team-a' }, alerts: [served] },
      ],
      refresh: async () => view,
      notifications: n,
      severityOrder: ['critical', 'warning'],
      now: () => T0,
      sleep: async () => {},
    },
    { labels },
  );
  return report.wouldNotify ? 'yes' : report.reason;
}

describe('test alert and quiet hours', () => {
  it('a critical passes quiet hours when so set; a warning and a snooze do not', async () => {
    const n = defaultSettings().notifications;
    n.quietHours = { enabled: true, start: '00:00', end: '00:00', days: [] };
    assert.equal(await wouldNotify('critical', n), 'quiet hours');
    n.criticalBreaksQuiet = true;
    assert.equal(await wouldNotify('critical', n), 'yes');
    assert.equal(await wouldNotify('warning', n), 'quiet hours');
    n.snoozeUntil = new Date(T0 + 3_600_000).toISOString();
    assert.equal(await wouldNotify('critical', n), 'notifications are snoozed');
  });
});
