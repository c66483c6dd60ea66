// list:changed tells windows to ask for their rows again. It must fire for whatever can change
// the list (alerts, groups, silences, an instance enabled, its first poll, its receivers'
// labels for "my team"), and not on every poll's bookkeeping (lastPollAt), which at 20
// instances had every window re-asking for 100,000 alerts' rows a few times a second.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSubscribe, Emitter } from '../../../main/core/bridge/subscriptions.ts';
import type { InstanceView, ViewDelta } from '../../../main/core/model/view.ts';
import { createFakeCore } from '../../support/fake-core.ts';
import { alertView } from '../../support/views.ts';

function instance(patch: Partial<InstanceView> = {}): InstanceView {
  return {
    id: 'am1',
    name: 'am1',
    url: 'http://127.0.0.1:9093',
    clusterId: 'c1',
    enabled: true,
    health: 'ok',
    ...patch,
  } as InstanceView;
}

describe('list:changed', () => {
  it('fires for what the list shows, not for a poll that changed nothing of it', () => {
    const core = createFakeCore();
    core.snap = { ...core.snap, instances: { am1: instance() } };
    const subscribe = createSubscribe({ core, navigate: new Emitter() });
    const seen: number[] = [];
    const stop = subscribe('list:changed', (m) => seen.push(m.seq));
    assert.equal(seen.length, 1, 'the snapshot: the first answer');
    let seq = core.snap.seq;
    const delta = (d: Partial<ViewDelta>): boolean => {
      const before = seen.length;
      core.emitView({
        type: 'delta',
        delta: { seq: ++seq, upsert: {}, remove: {}, ...d } as ViewDelta,
      });
      return seen.length > before;
    };
    const poll = (patch: Partial<InstanceView>) =>
      delta({ upsert: { instances: [instance(patch)] } });

    assert.equal(
      poll({ lastPollAt: '2026-11-28T00:00:00Z' }),
      true,
      'the first poll: counts known',
    );
    assert.equal(poll({ lastPollAt: '2026-11-28T00:00:05Z', lastPollMs: 12 }), false);
    assert.equal(poll({ lastPollAt: '2026-11-28T00:00:10Z', health: 'ok' }), false);
    assert.equal(
      poll({ lastPollAt: '2026-11-28T00:00:15Z', receiverLabels: { r: { team: 'a' } } }),
      true,
      "receivers' labels: my team",
    );
    assert.equal(
      poll({ lastPollAt: '2026-11-28T00:00:20Z', receiverLabels: { r: { team: 'a' } } }),
      false,
    );
    assert.equal(
      poll({
        lastPollAt: '2026-11-28T00:00:25Z',
        receiverLabels: { r: { team: 'a' } },
        enabled: false,
      }),
      true,
      'disabled',
    );
    assert.equal(delta({ upsert: { alerts: [alertView('f1', { alertname: 'A' })] } }), true);
    assert.equal(delta({ remove: { alerts: ['f1'] } }), true);
    assert.equal(delta({ remove: { groups: ['g'] } }), true);
    assert.equal(delta({ remove: { silences: ['c1/s'] } }), true, 'a group’s acknowledgements');
    assert.equal(delta({ remove: { instances: ['am1'] } }), true);
    assert.equal(delta({ remove: { instances: ['am1'] } }), false, 'already gone');
    assert.equal(delta({}), false);
    stop();
  });

  it('goes out once the list model has followed the change, in order, not after closing', async () => {
    const core = createFakeCore();
    core.snap = { ...core.snap, instances: { am1: instance() } };
    const follows: (() => void)[] = [];
    const list = {
      follow: () => new Promise<void>((resolve) => follows.push(resolve)),
    };
    const subscribe = createSubscribe({ core, navigate: new Emitter(), list });
    const seen: number[] = [];
    const stop = subscribe('list:changed', (m) => seen.push(m.seq));
    const flush = () => new Promise((r) => setImmediate(r));
    await flush();
    assert.deepEqual(seen, [], 'not before the list is made for the view');
    assert.equal(follows.length, 1);
    follows.shift()!();
    await flush();
    assert.deepEqual(seen, [core.snap.seq]);
    let seq = core.snap.seq;
    const alerts = (fp: string) =>
      core.emitView({
        type: 'delta',
        delta: {
          seq: ++seq,
          upsert: { alerts: [alertView(fp, { alertname: 'A' })] },
          remove: {},
        } as unknown as ViewDelta,
      });
    alerts('f1');
    alerts('f2');
    assert.equal(follows.length, 2);
    follows[0]!();
    follows[1]!();
    await flush();
    assert.deepEqual(seen.slice(1), [seq - 1, seq]);
    // A poll that changed nothing of the list asks the model for nothing.
    core.emitView({
      type: 'delta',
      delta: { seq: ++seq, upsert: {}, remove: {} } as unknown as ViewDelta,
    });
    assert.equal(follows.length, 2);
    alerts('f3');
    stop();
    follows[2]!();
    await flush();
    assert.equal(seen.length, 3, 'a window gone is not told');
  });
});
