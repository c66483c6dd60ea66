// The Silences view's list: per-tab counts, filters and order, and alerts per silence.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SilenceView } from '../../main/core/model/view.ts';
import {
  prepareSilences,
  SilenceFilter,
  type SilenceListQuery,
} from '../../renderer/src/lib/silences/silence-list.ts';

const silenceList = (l: SilenceView[], query: SilenceListQuery) =>
  new SilenceFilter().list(prepareSilences(l), query);

function silence(p: Partial<SilenceView> & { id: string }): SilenceView {
  return {
    key: `c/${p.id}`,
    clusterId: 'c',
    matchers: [{ name: 'job', value: 'api', isRegex: false, isEqual: true }],
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2026-01-02T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    createdBy: 'ann',
    comment: '',
    state: 'active',
    ...p,
  };
}

const all = [
  silence({ id: 'a1', endsAt: '2026-01-03T00:00:00Z', comment: 'disk swap' }),
  silence({
    id: 'a2',
    endsAt: '2026-01-02T00:00:00Z',
    createdBy: 'bob',
    attention: { longRunning: true },
  }),
  silence({ id: 'p1', state: 'pending', startsAt: '2026-02-02T00:00:00Z' }),
  silence({ id: 'p2', state: 'pending', startsAt: '2026-02-01T00:00:00Z' }),
  silence({ id: 'e1', state: 'expired', endsAt: '2025-12-01T00:00:00Z' }),
  silence({ id: 'e2', state: 'expired', endsAt: '2025-12-02T00:00:00Z' }),
];
const ids = (l: readonly SilenceView[]) => l.map((s) => s.id);
const q = { tab: 'active' as const, search: '', attention: false };

describe('silence list', () => {
  it('counts each tab and the active ones needing attention', () => {
    assert.deepEqual(prepareSilences(all).counts, {
      active: 2,
      attention: 1,
      pending: 2,
      expired: 2,
    });
  });

  it('orders each tab: active ending soonest, pending starting soonest, expired latest first', () => {
    assert.deepEqual(ids(silenceList(all, q)), ['a2', 'a1']);
    assert.deepEqual(ids(silenceList(all, { ...q, tab: 'pending' })), ['p2', 'p1']);
    assert.deepEqual(ids(silenceList(all, { ...q, tab: 'expired' })), ['e2', 'e1']);
  });

  it('filters by search (any case), author and attention', () => {
    assert.deepEqual(ids(silenceList(all, { ...q, search: ' DISK ' })), ['a1']);
    assert.deepEqual(ids(silenceList(all, { ...q, search: 'job="api"' })), ['a2', 'a1']);
    assert.deepEqual(ids(silenceList(all, { ...q, author: 'bob' })), ['a2']);
    assert.deepEqual(ids(silenceList(all, { ...q, attention: true })), ['a2']);
  });

  it('narrows the previous result while typing on, and widens again', () => {
    const f = new SilenceFilter();
    const p = prepareSilences(all);
    assert.deepEqual(ids(f.list(p, { ...q, search: 'd' })), ['a1']);
    assert.deepEqual(ids(f.list(p, { ...q, search: 'di' })), ['a1']);
    assert.deepEqual(ids(f.list(p, { ...q, search: 'x' })), []);
    assert.deepEqual(ids(f.list(p, { ...q, search: '' })), ['a2', 'a1']);
    assert.deepEqual(ids(f.list(p, { ...q, tab: 'pending', search: '' })), ['p2', 'p1']);
    const p2 = prepareSilences([...all, silence({ id: 'a3', comment: 'disk two' })]);
    assert.deepEqual(ids(f.list(p2, { ...q, search: 'disk' })), ['a3', 'a1']);
  });
});
