// What the bell's list says became of a notification's alerts
// (renderer/src/lib/notifications/notification-state.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AppNotification } from '../../main/core/model/events.ts';
import type { AlertStatusView, AlertView, SilenceView } from '../../main/core/model/view.ts';
import {
  alertStateNow,
  alertsOf,
  MAX_ALERTS_LOOKED_UP,
  summarize,
} from '../../renderer/src/lib/notifications/notification-state.ts';

function alert(over: Partial<AlertView> = {}): AlertView {
  return {
    fingerprint: 'f1',
    labels: { alertname: 'A' },
    annotations: {},
    startsAt: '2026-11-30T01:00:00Z',
    endsAt: '2026-11-30T05:00:00Z',
    updatedAt: '2026-11-30T01:00:00Z',
    state: 'active',
    silencedBy: [],
    inhibitedBy: [],
    statusByCluster: { c1: { state: 'active', silencedBy: [], inhibitedBy: [] } },
    receivers: [],
    instances: ['am1'],
    clusters: ['c1'],
    severity: 'critical',
    stale: false,
    ...over,
  };
}

const ack: SilenceView = {
  key: 'c1/s1',
  id: 's1',
  clusterId: 'c1',
  matchers: [],
  startsAt: '2026-11-30T01:00:00Z',
  endsAt: '2026-11-30T01:15:00Z',
  updatedAt: '2026-11-30T01:00:00Z',
  createdBy: 'me',
  comment: 'ACK! on it',
  state: 'active',
  ack: { by: 'me', mine: true },
};

function note(events: AppNotification['events'], target?: AppNotification['target']) {
  return {
    id: 'n',
    title: 't',
    body: 'b',
    urgency: 'critical',
    at: '',
    events,
    target,
  } as AppNotification;
}

const firing = (fingerprint: string, clusterId = 'c1') =>
  ({ type: 'alert-firing', fingerprint, clusterId, severity: 'critical', alertname: 'A' }) as const;

describe('notification state', () => {
  it('firing, acknowledged, silenced, inhibited, gone', () => {
    assert.deepEqual(alertStateNow(alert(), 'c1', {}), { kind: 'firing', text: 'still firing' });
    const acked: AlertStatusView = { state: 'suppressed', silencedBy: ['c1/s1'], inhibitedBy: [] };
    assert.deepEqual(
      alertStateNow(alert({ state: 'suppressed', statusByCluster: { c1: acked } }), 'c1', {
        'c1/s1': ack,
      }),
      { kind: 'handled', text: 'acknowledged by you' },
    );
    const silenced: AlertStatusView = {
      state: 'suppressed',
      silencedBy: ['c1/s2'],
      inhibitedBy: [],
    };
    assert.equal(
      alertStateNow(alert({ statusByCluster: { c1: silenced } }), 'c1', {}).text,
      'silenced',
    );
    const inhibited: AlertStatusView = { state: 'suppressed', silencedBy: [], inhibitedBy: ['f9'] };
    assert.equal(
      alertStateNow(alert({ statusByCluster: { c1: inhibited } }), 'c1', {}).text,
      'inhibited',
    );
    assert.deepEqual(alertStateNow(null, 'c1', {}), { kind: 'gone', text: 'not firing now' });
    // Only last-known data (its Alertmanager does not answer): never "still firing".
    assert.deepEqual(alertStateNow(alert({ stale: true }), 'c1', {}), {
      kind: 'unknown',
      text: 'no data now (last known: firing)',
    });
  });

  it('on the Alertmanager it was about: silenced there though firing on another', () => {
    const a = alert({
      statusByCluster: {
        c1: { state: 'suppressed', silencedBy: ['c1/s2'], inhibitedBy: [] },
        c2: { state: 'active', silencedBy: [], inhibitedBy: [] },
      },
    });
    assert.equal(alertStateNow(a, 'c1', {}).text, 'silenced');
    assert.equal(alertStateNow(a, 'c2', {}).text, 'still firing');
    // Not named, or no longer listed there: the merged state.
    assert.equal(alertStateNow(a, 'c3', {}).text, 'still firing');
  });

  it("a notification's alerts: from its events, each once, bounded; else its target", () => {
    const many = Array.from({ length: 50 }, (_, i) => firing(`f${i}`));
    assert.equal(alertsOf(note([...many, firing('f0')])).length, MAX_ALERTS_LOOKED_UP);
    assert.deepEqual(alertsOf(note([firing('f1'), firing('f1'), firing('f1', 'c2')])), [
      { fingerprint: 'f1', clusterId: 'c1' },
      { fingerprint: 'f1', clusterId: 'c2' },
    ]);
    assert.deepEqual(alertsOf(note([], { fingerprint: 'f7', clusterId: 'c1' })), [
      { fingerprint: 'f7', clusterId: 'c1' },
    ]);
    assert.deepEqual(alertsOf(note([{ type: 'instance-recovered', instanceId: 'am1' }])), []);
  });

  it('several alerts: what still fires first, then gone, then handled', () => {
    const f = { kind: 'firing', text: 'still firing' } as const;
    const g = { kind: 'gone', text: 'not firing now' } as const;
    const h = { kind: 'handled', text: 'acknowledged by you' } as const;
    assert.equal(summarize([]), undefined);
    assert.deepEqual(summarize([h]), h);
    assert.equal(summarize([f, g, h])?.text, '1 of 3 still firing');
    assert.equal(summarize([f, f])?.text, 'all still firing');
    assert.equal(summarize([g, g])?.text, 'none firing now');
    assert.equal(summarize([h, g])?.text, 'acknowledged by you');
    assert.equal(summarize([h, { kind: 'handled', text: 'silenced' }])?.text, 'all handled');
    const u = { kind: 'unknown', text: 'no data now (last known: firing)' } as const;
    assert.equal(summarize([f, u, u])?.text, '1 of 3 still firing, 2 without data now');
    assert.deepEqual(summarize([u, u]), { kind: 'unknown', text: 'no data now' });
    assert.equal(summarize([u, g])?.text, '1 of 2 without data now');
  });
});
