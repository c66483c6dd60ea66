// The engine parts that raise notices and tend acks, without a server: hygiene-notices.ts
// (flags once as silence-attention events), duplicate-watch.ts (duplicate notices as events,
// sweeps only while watching), ack-tending.ts (one round at a time, failures logged and the
// round goes on).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AckTending } from '../../../main/core/engine/ack-tending.ts';
import { DuplicateWatch, duplicateEvent } from '../../../main/core/engine/duplicate-watch.ts';
import { HygieneNotices } from '../../../main/core/engine/hygiene-notices.ts';
import type { CoreEvent } from '../../../main/core/model/events.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { ackComment } from '../../../main/core/silences/ack.ts';
import { AckLedger } from '../../../main/core/silences/ack-ledger.ts';
import type { DuplicateNotice } from '../../../main/core/silences/actions.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { alert, iso, MIN, silence, snapshot, T0 } from '../policy/view-fixtures.ts';

const DAY = 86_400_000;
const s = defaultSettings().silences;

describe('HygieneNotices', () => {
  it('raises a silence-attention event once per flag, never for acks', () => {
    const long = silence({ id: 'long', endsAt: iso(T0 + 30 * DAY) });
    const ack = silence({
      id: 'ack',
      endsAt: iso(T0 + 30 * DAY),
      comment: ackComment('', 'me'),
      ack: { by: 'alice', mine: true },
    });
    const view = snapshot({ silences: [long, ack] });
    const h = new HygieneNotices();
    assert.deepEqual(h.attention, new Map());
    const first = h.observe(view, T0, s, new Map());
    assert.deepEqual(first, [
      {
        type: 'silence-attention',
        silenceKey: long.key,
        clusterId: 'c1',
        attention: { longRunning: true },
      },
    ]);
    const notes = h.attention;
    assert.deepEqual([...notes.keys()], [long.key], 'the merger marks it');
    assert.deepEqual(h.observe(view, T0 + MIN, s, new Map()), [], 'announced once');
    assert.equal(h.attention, notes, 'the same flags: the same notes object');
  });

  it("flags someone else's long-running ack like any silence (ACK! proves nothing)", () => {
    const theirs = silence({
      id: 'theirs',
      endsAt: iso(T0 + 30 * DAY),
      comment: ackComment('', 'me'),
      ack: { by: 'mallory', mine: false },
    });
    const h = new HygieneNotices();
    const raised = h.observe(snapshot({ silences: [theirs] }), T0, s, new Map());
    assert.deepEqual(
      raised.map((e) => e.type === 'silence-attention' && e.silenceKey),
      [theirs.key],
    );
  });
});

describe('DuplicateWatch', () => {
  const notice: DuplicateNotice = {
    clusterId: 'c1',
    keptKey: 'c1/kept',
    expiredKey: 'c1/copy',
    lateInstanceIds: ['i0'],
    matchers: [{ name: 'a', value: 'b', isRegex: false, isEqual: true }],
  };

  it('turns a duplicate notice into an event and raises it', () => {
    const raised: CoreEvent[][] = [];
    const w = new DuplicateWatch((e) => raised.push(e));
    w.expired(notice);
    assert.deepEqual(raised, [[duplicateEvent(notice)]]);
    assert.deepEqual(duplicateEvent(notice), {
      type: 'silence-duplicate-expired',
      silenceKey: 'c1/kept',
      clusterId: 'c1',
      expiredKey: 'c1/copy',
      lateInstanceIds: ['i0'],
      matchers: notice.matchers,
    });
  });

  it('sweeps after a merge only while a write is watched', () => {
    let watching = false;
    const swept: unknown[] = [];
    const w = new DuplicateWatch(() => {});
    w.merged({}); // no writer yet: nothing
    w.watch({
      get watchingForTwins() {
        return watching;
      },
      sweepTwins: async (silences) => {
        swept.push(silences);
      },
    });
    w.merged({});
    watching = true;
    const silences = { 'c1/x': silence({ id: 'x' }) };
    w.merged(silences);
    assert.deepEqual(swept, [silences]);
  });
});

describe('AckTending', () => {
  const owner = 'me';
  const own = (id: string, name: string, endsAt: number) =>
    silence({
      id,
      matchers: [{ name: 'alertname', value: name, isRegex: false, isEqual: true }],
      startsAt: iso(T0 - 10 * MIN),
      endsAt: iso(endsAt),
      comment: ackComment('', owner),
      ack: { by: 'alice', mine: true },
    });
  const ledgerOf = async (...keys: string[]) => {
    const ledger = new AckLedger({ now: () => T0, changed: () => {} });
    for (const k of keys) await ledger.add(k);
    return ledger;
  };
  // Fires: extended (less than half its 15 minutes left); resolved: expired.
  const view = snapshot({
    alerts: [alert({ labels: { alertname: 'Fires' } })],
    silences: [own('fires', 'Fires', T0 + 2 * MIN), own('gone', 'Gone', T0 + 10 * MIN)],
  });

  it('extends acks whose alerts fire and expires the rest; a failure does not stop the round', async (t) => {
    const errors = t.mock.method(console, 'error', () => {});
    const calls: string[] = [];
    const clock = new FakeClock(T0);
    const tending = new AckTending({
      clock,
      ledger: await ledgerOf('c1/fires', 'c1/gone'),
      actions: {
        extend: async (key, endsAt) => {
          calls.push(`extend ${key} ${endsAt}`);
          throw new Error('server said no');
        },
        expire: async (key) => {
          calls.push(`expire ${key}`);
        },
      },
    });
    await tending.tend(view, s);
    assert.deepEqual(calls, [`extend c1/fires ${iso(T0 + s.ackMinutes * MIN)}`, 'expire c1/gone']);
    assert.equal(errors.mock.callCount(), 1, 'the failed extension is logged');
  });

  it('tends only acks in the ledger, and follows a renewal to its new id', async () => {
    const calls: string[] = [];
    const ledger = await ledgerOf('c1/fires');
    const tending = new AckTending({
      clock: new FakeClock(T0),
      ledger,
      actions: {
        extend: async (key) => {
          calls.push(`extend ${key}`);
          return { id: 'renewed', silenceKey: 'c1/renewed', clusterId: 'c1', instanceId: 'c1-i1' };
        },
        expire: async (key) => {
          calls.push(`expire ${key}`);
        },
      },
    });
    // c1/gone claims to be ours (our tag, even the view's flag) but the ledger never had it.
    await tending.tend(view, s);
    assert.deepEqual(calls, ['extend c1/fires']);
    assert.deepEqual([...ledger.keys], ['c1/renewed'], 'the new id is ours, the old one gone');
  });

  it('runs one round at a time', async () => {
    let release: () => void = () => {};
    const calls: string[] = [];
    const tending = new AckTending({
      clock: new FakeClock(T0),
      ledger: await ledgerOf('c1/fires', 'c1/gone'),
      actions: {
        extend: async (key) => {
          calls.push(key);
          await new Promise<void>((r) => (release = r));
          return { id: 'x', silenceKey: key, clusterId: 'c1', instanceId: 'c1-i1' };
        },
        expire: async (key) => {
          calls.push(key);
        },
      },
    });
    const first = tending.tend(view, s);
    await tending.tend(view, s); // while the first waits on the server: nothing
    assert.deepEqual(calls, ['c1/fires']);
    release();
    await first;
    assert.deepEqual(calls, ['c1/fires', 'c1/gone']);
  });
});
