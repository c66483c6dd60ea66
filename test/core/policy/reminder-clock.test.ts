// The reminder clock's watch stays bounded without a pass over every watched alert per merge:
// alerts gone from the view without an event are dropped PRUNE_SLICE at a time, and a
// reminder is never given for an alert that is gone, no longer active, or past its end.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { ReminderClock } from '../../../main/core/policy/reminders.ts';
import { PRUNE_SLICE } from '../../../main/core/policy/sliced-sweep.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { alert, iso, MIN, snapshot, T0 } from './view-fixtures.ts';

const n = defaultSettings().notifications;
const critical = (i: number, endsAt?: string) =>
  alert({
    labels: { alertname: `A${i}`, severity: 'critical' },
    ...(endsAt === undefined ? {} : { endsAt }),
  });

function watching(count: number) {
  const clock = new ReminderClock();
  const alerts = Array.from({ length: count }, (_, i) => critical(i));
  for (const a of alerts) clock.firing({ clusterId: 'c1', fingerprint: a.fingerprint }, a, T0, n);
  return { clock, alerts };
}

describe('reminder clock', () => {
  it('drops alerts gone without an event a slice per call, and never reminds of them', () => {
    assert.ok((n.remindEveryMin.critical ?? 0) > 0, 'criticals have reminders by default');
    const count = 2 * PRUNE_SLICE + 500;
    const { clock, alerts } = watching(count);
    assert.equal(clock.size, count);
    // The instance went (no resolve events): only the last 10 alerts are left in the view.
    const kept = alerts.slice(-10);
    const later = T0 + 10 * MIN;
    const view = snapshot({ alerts: kept });
    const first = clock.due(view, n, later);
    assert.equal(clock.size, count - PRUNE_SLICE, 'one slice looked at');
    assert.deepEqual(
      first.map((d) => d.alert.fingerprint).sort(),
      kept.map((a) => a.fingerprint).sort(),
      'reminders only for alerts in the view',
    );
    // The pass goes on at the next calls, even when the view did not change.
    clock.due(view, n, later);
    clock.due(view, n, later);
    assert.equal(clock.size, kept.length);
    // A finished pass does not start again on the same view.
    clock.due(view, n, later);
    assert.equal(clock.size, kept.length);
  });

  it('an alert whose end passed or that is no longer active gets no reminder, and goes', () => {
    const { clock, alerts } = watching(3);
    const later = T0 + 10 * MIN;
    const [a, b, c] = alerts as [
      ReturnType<typeof critical>,
      ReturnType<typeof critical>,
      ReturnType<typeof critical>,
    ];
    const ended = { ...a, endsAt: iso(T0 + 5 * MIN) };
    const suppressed = {
      ...b,
      state: 'suppressed' as const,
      statusByCluster: {
        c1: { state: 'suppressed' as const, silencedBy: ['c1/s1'], inhibitedBy: [] },
      },
    };
    const due = clock.due(snapshot({ alerts: [ended, suppressed, c] }), n, later);
    assert.deepEqual(
      due.map((d) => d.alert.fingerprint),
      [c.fingerprint],
    );
    assert.equal(clock.size, 1);
    // The end moved on again (the server re-sent it): watched alerts read the new one.
    const {
      clock: again,
      alerts: [d],
    } = watching(1);
    const past = { ...d!, endsAt: iso(T0 + 5 * MIN) };
    const future = { ...d!, endsAt: iso(T0 + 60 * MIN) };
    assert.equal(again.due(snapshot({ alerts: [future] }), n, later).length, 1);
    assert.equal(again.due(snapshot({ alerts: [past] }), n, later + 10 * MIN).length, 0);
  });
});
