// The WebSocket transport's serialisation: a snapshot's JSON text is reused while the view is
// unchanged (same seq and same collections) and rebuilt otherwise, and every message's text
// parses back to exactly the message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WireServerMessage } from '../../main/core/bridge/contract.ts';
import type { ViewSnapshot } from '../../main/core/model/view.ts';
import { WireSerializer } from '../../main/server/wire-json.ts';
import { emptySnapshot } from './fake-core.ts';

function snapshotMessage(id: number, snapshot: ViewSnapshot): WireServerMessage {
  return { id, type: 'message', message: { type: 'snapshot', snapshot } };
}

describe('WireSerializer', () => {
  it('round-trips every kind of message', () => {
    const w = new WireSerializer();
    const messages: WireServerMessage[] = [
      { id: 1, type: 'subscribed' },
      { id: 2, type: 'result', result: { ok: true, value: { a: [1, 'x"y'] } } },
      { id: 3, type: 'error', error: { kind: 'invalid-argument', message: 'no' } },
      {
        id: 4,
        type: 'message',
        message: { type: 'delta', delta: { seq: 2, upsert: {}, remove: {} } },
      },
      snapshotMessage(5, {
        ...emptySnapshot(7),
        summary: { ...emptySnapshot(7).summary, firing: 3 },
      }),
    ];
    for (const m of messages) assert.deepEqual(JSON.parse(w.serialize(m)), m);
  });

  it('reuses the snapshot text for the same view and rebuilds it when the view changes', () => {
    const w = new WireSerializer();
    const base = emptySnapshot(3);
    // The core builds a new snapshot object per subscriber around the same collections.
    const a = w.serialize(snapshotMessage(1, { ...base }));
    const b = w.serialize(snapshotMessage(9, { ...base }));
    assert.equal(JSON.parse(a).id, 1);
    assert.equal(JSON.parse(b).id, 9);
    assert.deepEqual(JSON.parse(b).message.snapshot, base);

    // Same seq but a replaced collection (never expected from the core): not reused.
    const alerts = { f1: { fingerprint: 'f1' } } as unknown as ViewSnapshot['alerts'];
    const changed = w.serialize(snapshotMessage(2, { ...base, alerts }));
    assert.deepEqual(JSON.parse(changed).message.snapshot.alerts, alerts);

    // A new seq: rebuilt.
    const next = { ...base, seq: 4, alerts };
    assert.equal(JSON.parse(w.serialize(snapshotMessage(3, next))).message.snapshot.seq, 4);
    // And back to the old one: rebuilt again from the object given, never a stale text.
    assert.equal(JSON.parse(w.serialize(snapshotMessage(3, base))).message.snapshot.seq, 3);
    assert.deepEqual(JSON.parse(w.serialize(snapshotMessage(3, base))).message.snapshot.alerts, {});
  });
});
