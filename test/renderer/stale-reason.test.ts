// The "stale data" badge's words (renderer/src/lib/alerts/stale-reason.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InstanceView } from '../../main/core/model/view.ts';
import { staleReason } from '../../renderer/src/lib/alerts/stale-reason.ts';

const inst = (id: string, over: Partial<InstanceView> = {}): InstanceView => ({
  id,
  name: `${id}-name`,
  url: `http://${id}`,
  clusterId: id,
  enabled: true,
  health: 'ok',
  ...over,
});
const time = (iso: string) => `T(${iso})`;

describe('stale reason', () => {
  it('names a restart when every Alertmanager of the alert answers but restarted', () => {
    const at = '2026-11-29T03:00:00Z';
    const text = staleReason(['a'], { a: inst('a', { restartedAt: at }) }, time);
    assert.match(text, /^Last known from a-name before it restarted \(T\(2026-11-29T03:00:00Z\)\)/);
    assert.match(text, /Prometheus sends it/);
  });

  it('says "not answering" when one does not answer, or did not restart', () => {
    const down = inst('a', { health: 'unreachable', restartedAt: '2026-11-29T03:00:00Z' });
    assert.match(staleReason(['a'], { a: down }, time), /^Last known from a-name, not answering/);
    assert.match(staleReason(['b'], { b: inst('b') }, time), /not answering now/);
    assert.match(
      staleReason(
        ['a', 'b'],
        { a: inst('a', { restartedAt: 'x' }), b: { ...down, id: 'b', name: 'b-name' } },
        time,
      ),
      /^Last known from a-name, b-name, not answering/,
    );
    assert.match(staleReason(['gone'], {}, time), /^Last known from gone,/);
  });
});
