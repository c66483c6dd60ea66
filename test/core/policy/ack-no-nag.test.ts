// "The user's own ack nags": with 15-minute acks renewed once less than half is left and the
// expiry warning 10 minutes before the end, an ack crossed the warning line before its renewal
// and raised "Silence ends in 9 min … ACK! Acknowledged until resolved" minutes after the user
// acknowledged, and again after every renewal. A property-style loop over ack lengths, warning
// windows and poll intervals, on a simulated clock: the ack is renewed exactly as the core does
// (planAcks) and every cycle is diffed as the core does (EventDiffer, NotificationPolicy); no
// ack (this install's or another's) ever produces an expiry event or notice. An ordinary
// silence of the same length still warns (the warning itself is not switched off).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CoreEvent } from '../../../main/core/model/events.ts';
import type { SilenceView } from '../../../main/core/model/view.ts';
import { EventDiffer } from '../../../main/core/policy/differ.ts';
import { NotificationPolicy } from '../../../main/core/policy/notify.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { ackComment, planAcks } from '../../../main/core/silences/ack.ts';
import { alert, iso, MIN, silence, snapshot, T0 } from './view-fixtures.ts';

const OWNER = 'me';
const OWNED = { by: 'alice', mine: true };
const firing = alert({ labels: { alertname: 'HighCPU', severity: 'critical' } });

interface Run {
  ackMin: number;
  warnMin: number;
  pollSec: number;
  /** The ack is this install's (renewed here) or another's (renewed by its owner alike). */
  own: boolean;
  /** An ordinary silence instead of an ack (the control). */
  plain?: boolean;
}

/** Three hours of cycles; the expiry events and notices seen. */
function simulate(r: Run): { events: CoreEvent[]; notices: string[]; renewals: number } {
  const settings = defaultSettings();
  settings.notifications.expiringWithinMin = r.warnMin;
  const differ = new EventDiffer();
  const policy = new NotificationPolicy();
  const comment = r.plain ? 'maintenance' : ackComment('', r.own ? OWNER : 'someoneelse');
  let s: SilenceView = silence({
    id: 'ack',
    startsAt: iso(T0),
    endsAt: iso(T0 + r.ackMin * MIN),
    updatedAt: iso(T0),
    comment,
    ...(r.plain ? {} : { ack: { by: 'alice', mine: r.own } }),
  });
  let prev = snapshot({ alerts: [firing], silences: [s], seq: 1 });
  const events: CoreEvent[] = [];
  const notices: string[] = [];
  let renewals = 0;
  for (let now = T0; now < T0 + 180 * MIN; now += r.pollSec * 1000) {
    // The owner renews as the core does (another install's ack: its owner, on the same rule,
    // seeing it as its own).
    const owners = r.own ? prev : { ...prev, silences: { [s.key]: { ...s, ack: OWNED } } };
    // The owner's ledger holds the ack (whichever install owns it, it renews its own).
    for (const step of planAcks(owners, () => true, now, {
      durationMs: r.ackMin * MIN,
      maxMs: 24 * 60 * MIN,
    })) {
      if (step.kind !== 'extend') continue;
      renewals++;
      s = { ...s, endsAt: step.endsAt, updatedAt: iso(now) };
    }
    const next = snapshot({ alerts: [firing], silences: [s], seq: prev.seq + 1 });
    const evs = differ.diff(prev, next, now, {
      expiringWithinMin: r.warnMin,
      severityOrder: settings.severityOrder,
    });
    events.push(...evs.filter((e) => e.type === 'silence-expiring'));
    const notes = policy.decide(evs, next, settings, now, { initialClusters: new Set() });
    notices.push(...notes.filter((n) => /Silence ends/.test(n.title)).map((n) => n.title));
    prev = next;
  }
  return { events, notices, renewals };
}

describe('acks never warn that they end', () => {
  it('at any ack length, warning window and poll interval, own or another install’s', () => {
    let runs = 0;
    for (const ackMin of [2, 5, 10, 15, 20, 30, 60, 240]) {
      for (const warnMin of [1, 5, 9, 10, 14, 15, 30, 120]) {
        for (const pollSec of [5, 15, 60]) {
          for (const own of [true, false]) {
            const out = simulate({ ackMin, warnMin, pollSec, own });
            const what = `ack ${ackMin} min, warning ${warnMin} min, poll ${pollSec} s, own ${own}`;
            assert.ok(out.renewals > 0, `${what}: renewed`);
            assert.deepEqual(out.events, [], `${what}: no expiry event`);
            assert.deepEqual(out.notices, [], `${what}: no expiry notice`);
            runs++;
          }
        }
      }
    }
    assert.equal(runs, 8 * 8 * 3 * 2);
  });

  it('an ordinary silence of the same length still warns (the defaults: 15 and 10 min)', () => {
    const out = simulate({ ackMin: 15, warnMin: 10, pollSec: 15, own: true, plain: true });
    assert.equal(out.renewals, 0, 'nobody renews an ordinary silence');
    assert.equal(out.events.length, 1);
    assert.match(out.notices[0] ?? '', /^Silence ends in (9|10) min$/);
  });
});
