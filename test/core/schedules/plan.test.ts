// The writer's plan on hand-made views: two installs that wrote the same occurrence at once
// agree on which copy stays (the smallest id); a cluster without fresh data is left alone.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClusterView, SilenceView } from '../../../main/core/model/view.ts';
import { occurrenceComment } from '../../../main/core/schedules/identity.ts';
import { planSchedules } from '../../../main/core/schedules/plan.ts';
import { schedule } from './fixtures.ts';

const now = Date.parse('2026-11-23T12:00:00Z');
const s = schedule({ timeZone: 'UTC' }); // Tuesdays 02:00-04:00 UTC
const cluster = (stale = false): ClusterView => ({
  id: 'c',
  name: 'c',
  members: ['i'],
  health: 'ok',
  stale,
});
const copy = (id: string): SilenceView => ({
  key: `c/${id}`,
  id,
  clusterId: 'c',
  matchers: s.matchers,
  startsAt: '2026-11-24T02:00:00.000Z',
  endsAt: '2026-11-24T04:00:00.000Z',
  updatedAt: '2026-11-23T00:00:00.000Z',
  createdBy: 'x',
  comment: occurrenceComment(s, '2026-11-24T02:00', true),
  state: 'pending',
});

describe('schedule plan', () => {
  it('a duplicate is expired, the smallest id stays, whichever install looks', () => {
    const silences = { 'c/b': copy('b'), 'c/a': copy('a') };
    const steps = planSchedules(
      [s],
      new Set(),
      { silences, instances: {}, clusters: { c: cluster() } },
      now,
      7 * 864e5,
    );
    assert.deepEqual(steps, [{ kind: 'expire', scheduleId: s.id, silenceKey: 'c/b' }]);
  });

  it('a cluster without fresh data gets nothing, and nothing of it is expired', () => {
    const view = { silences: { 'c/a': copy('a') }, instances: {}, clusters: { c: cluster(true) } };
    assert.deepEqual(planSchedules([s], new Set(), view, now, 7 * 864e5), []);
    assert.deepEqual(planSchedules([], new Set([s.id]), view, now, 7 * 864e5), []);
  });
});
