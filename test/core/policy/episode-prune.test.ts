// Alerts gone without an event end their episodes a slice at a time: the ledger never walks
// every open episode in one merge (20,000 of them at 100,000 alerts), and the pass goes on at
// the next calls until every episode has been looked at.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { EpisodeLedger } from '../../../main/core/policy/episodes.ts';
import { PRUNE_SLICE } from '../../../main/core/policy/sliced-sweep.ts';
import { alert, MIN, snapshot, T0 } from './view-fixtures.ts';

const ORDER = ['critical', 'warning', 'info'];

describe('episode ledger prune', () => {
  it('ends the episodes of alerts gone without an event, PRUNE_SLICE per call', () => {
    const count = 2 * PRUNE_SLICE + 300;
    const ledger = new EpisodeLedger(60 * MIN, 100_000);
    const alerts = Array.from({ length: count }, (_, i) =>
      alert({ labels: { alertname: `A${i}`, severity: 'critical' } }),
    );
    for (const a of alerts) assert.ok(ledger.start(a, 'c1', ORDER, false));
    assert.equal(ledger.memory.open, count);
    // The instance went: only the last 5 alerts are left, and no resolve event came.
    const view = snapshot({ alerts: alerts.slice(-5) });
    ledger.prune(view, T0);
    assert.equal(ledger.memory.open, count - PRUNE_SLICE);
    ledger.prune(view, T0);
    ledger.prune(view, T0);
    assert.equal(ledger.memory.open, 5, 'the pass went on with the same view');
    // A gone alert that fires again starts a new episode; one still firing is the same.
    assert.ok(
      ledger.start({ ...alerts[0]!, startsAt: new Date(T0).toISOString() }, 'c1', ORDER, false),
    );
    assert.equal(ledger.start(alerts[count - 1]!, 'c1', ORDER, false), undefined);
    // Resolved episodes expire after the TTL.
    ledger.prune(snapshot({ alerts: alerts.slice(-5) }), T0 + 61 * MIN);
    assert.ok(ledger.memory.episodes <= 6 + 1, JSON.stringify(ledger.memory));
  });
});
