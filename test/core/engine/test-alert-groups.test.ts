// The test alert names every group it landed in, although Alertmanager's dispatcher puts it in
// its routes' groups one route at a time and a listing can come between (dispatch/dispatch.go:
// processAlert per matching route; Groups() reads the groups as they are at that moment).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { GettableAlert } from '../../../main/core/api/types.ts';
import { sendTestAlert } from '../../../main/core/engine/test-alert.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { alert, snapshot, T0 } from '../policy/view-fixtures.ts';

const labels = { alertname: 'TrayTest', severity: 'critical', team: 'b' };
const served = {
  labels,
  fingerprint: 'fp',
  status: { state: 'active', silencedBy: [], inhibitedBy: [] },
  receivers: [{ name: 'pager' }, { name: 'team-b' }],
} as unknown as GettableAlert;
const group = (receiver: string) => ({
  labels: { alertname: 'TrayTest' },
  receiver: { name: receiver },
  alerts: [served],
});

/** Sends a test alert to a server whose listings are `listings` in turn (the last repeats). */
async function report(listings: ReturnType<typeof group>[][]) {
  let calls = 0;
  const slept: number[] = [];
  const r = await sendTestAlert(
    {
      instanceId: 'c1-i1',
      clusterId: 'c1',
      post: async () => {},
      groups: async () => listings[Math.min(calls++, listings.length - 1)]!,
      refresh: async () => snapshot({ alerts: [alert({ labels, fingerprint: 'fp' })] }),
      notifications: defaultSettings().notifications,
      severityOrder: ['critical', 'warning'],
      now: () => T0,
      sleep: async (ms) => void slept.push(ms),
    },
    { labels },
  );
  return { r, calls, slept };
}

describe('test alert groups', () => {
  it('a listing between two routes is not the answer: both receivers are named', async () => {
    const { r } = await report([[], [group('pager')], [group('pager'), group('team-b')]]);
    assert.deepEqual(r.groups.map((g) => g.receiver).sort(), ['pager', 'team-b']);
    assert.ok(r.visibleAt);
  });

  it('two listings that agree end the wait; it never waits without bound', async () => {
    const steady = await report([[group('pager')]]);
    assert.deepEqual(
      steady.r.groups.map((g) => g.receiver),
      ['pager'],
    );
    assert.equal(steady.calls, 2, 'the first listing and one that agrees');
    // A server whose groups keep changing: the last listing, after a bounded wait.
    let n = 0;
    const changing = Array.from({ length: 100 }, () => [group(`r${n++}`)]);
    const restless = await report(changing);
    assert.ok(restless.calls < 20, `${restless.calls} listings`);
    assert.ok(restless.slept.reduce((a, b) => a + b, 0) <= 3_000);
  });
});
