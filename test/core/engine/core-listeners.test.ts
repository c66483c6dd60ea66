// The core's listeners (core-listeners.ts): a failing listener is logged and the others still
// hear; an outcome reaches events, notifications and cycle listeners, the cycle report only
// when it has events; removal works.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CoreListeners } from '../../../main/core/engine/core-listeners.ts';
import type { AppNotification, CoreEvent } from '../../../main/core/model/events.ts';
import type { CycleReport } from '../../../main/core/service.ts';

const note = (id: string): AppNotification => ({
  id,
  title: id,
  body: '',
  urgency: 'low',
  at: '2026-01-01T00:00:00.000Z',
  events: [],
});
const event: CoreEvent = { type: 'instance-recovered', instanceId: 'i' };

function report(events: CoreEvent[], notifications: AppNotification[]): CycleReport {
  const view = {} as CycleReport['view'];
  return { at: 0, view, previous: view, events, notifications, withheld: [] };
}

describe('CoreListeners', () => {
  it('a failing listener does not keep the others from hearing', (t) => {
    const errors = t.mock.method(console, 'error', () => {});
    const l = new CoreListeners();
    const heard: string[] = [];
    CoreListeners.add(l.notifications, () => {
      throw new Error('boom');
    });
    CoreListeners.add(l.notifications, (n) => heard.push(n.id));
    l.emitOutcome(report([], [note('a'), note('b')]));
    assert.deepEqual(heard, ['a', 'b']);
    assert.equal(errors.mock.callCount(), 2);
  });

  it('an outcome without events reaches notification listeners only', () => {
    const l = new CoreListeners();
    const got: string[] = [];
    CoreListeners.add(l.events, () => got.push('events'));
    CoreListeners.add(l.cycles, () => got.push('cycle'));
    CoreListeners.add(l.notifications, () => got.push('note'));
    l.emitOutcome(report([], [note('a')]));
    assert.deepEqual(got, ['note']);
    l.emitOutcome(report([event], []));
    assert.deepEqual(got, ['note', 'events', 'cycle']);
  });

  it('removal stops a listener', () => {
    const l = new CoreListeners();
    let n = 0;
    const off = CoreListeners.add(l.view, () => n++);
    l.emitView({ type: 'delta', delta: {} as never });
    off();
    l.emitView({ type: 'delta', delta: {} as never });
    assert.equal(n, 1);
  });
});
