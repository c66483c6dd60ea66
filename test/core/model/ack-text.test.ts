// Whose ack it is, in words: "you" only for this install's acks (the ledger's `mine`), each
// author once, and an author who calls themselves "you" is not taken at their word.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { acknowledgedBy, acksOn } from '../../../main/core/model/ack-text.ts';
import { alert, silence, snapshot } from '../policy/view-fixtures.ts';

describe('ack text', () => {
  it('says you for yours, the author for the rest, each once', () => {
    assert.equal(acknowledgedBy([{ by: 'alice', mine: true }]), 'acknowledged by you');
    assert.equal(
      acknowledgedBy([
        { by: 'zed', mine: false },
        { by: 'bob', mine: true },
        { by: 'alice', mine: false },
        { by: 'zed', mine: false },
      ]),
      'acknowledged by you, alice, zed',
    );
    assert.equal(acknowledgedBy([{ by: ' ', mine: false }]), 'acknowledged by someone');
    assert.equal(
      acknowledgedBy([{ by: 'You', mine: false }]),
      'acknowledged by "You" (someone else)',
    );
  });

  it('finds the active acks silencing some alerts, each once', () => {
    const a1 = { ...alert({ labels: { alertname: 'A' } }), silencedBy: ['c1/ack', 'c1/plain'] };
    const a2 = { ...alert({ labels: { alertname: 'B' } }), silencedBy: ['c1/ack', 'c1/old'] };
    const view = snapshot({
      alerts: [a1, a2],
      silences: [
        silence({ id: 'ack', ack: { by: 'alice', mine: false } }),
        silence({ id: 'plain' }),
        silence({ id: 'old', state: 'expired', ack: { by: 'bob', mine: true } }),
      ],
    });
    assert.deepEqual(
      acksOn([a1.fingerprint, a2.fingerprint, 'gone'], view).map((s) => s.key),
      ['c1/ack'],
    );
  });
});
