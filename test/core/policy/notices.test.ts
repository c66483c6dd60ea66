// The core's own notices in the notification policy: a silence needing attention and a
// duplicate silence expired are worded as before, and withheld (with the reason, for the
// history) when notifications are off, snoozed or in quiet hours, by the one quiet decision
// the test alert also asks (quietReason).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { CoreEvent } from '../../../main/core/model/events.ts';
import { NotificationPolicy } from '../../../main/core/policy/notify.ts';
import { quietReason, type LocalTime } from '../../../main/core/model/quiet-hours.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { type Settings } from '../../../main/core/settings/types.ts';
import { instance, iso, MIN, silence, snapshot, T0 } from './view-fixtures.ts';

/** UTC wall time, so quiet-hour tests do not depend on the machine's time zone. */
const utc = (ms: number): LocalTime => {
  const d = new Date(ms);
  return { day: d.getUTCDay(), minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
};
const NONE = { initialClusters: new Set<string>() };
const DAY = 86_400_000;

const unused = silence({ id: 'unused', createdBy: 'bob' });
const long = silence({ id: 'long', endsAt: iso(T0 - 60 * MIN + 12 * DAY), createdBy: '' });
const view = snapshot({
  silences: [unused, long],
  instances: [instance('c1-i1', 'c1'), { ...instance('c1-i2', 'c1'), name: 'peer two' }],
});
const attention = (s: typeof unused, a: object): CoreEvent => ({
  type: 'silence-attention',
  silenceKey: s.key,
  clusterId: 'c1',
  attention: a,
});
const duplicate: CoreEvent = {
  type: 'silence-duplicate-expired',
  silenceKey: unused.key,
  clusterId: 'c1',
  expiredKey: 'c1/copy',
  lateInstanceIds: ['c1-i2', 'gone'],
  matchers: unused.matchers,
};
const events = [
  attention(unused, { unusedSince: iso(T0 - 150 * MIN) }),
  attention(long, { longRunning: true }),
  duplicate,
];

function settingsWith(change: (s: Settings) => void): Settings {
  const s = defaultSettings();
  change(s);
  return s;
}

function decide(settings: Settings, evs: CoreEvent[] = events) {
  const withheld: { type: string; reason: string }[] = [];
  const policy = new NotificationPolicy({ localTime: utc });
  const notes = policy.decide(evs, view, settings, T0, {
    ...NONE,
    onWithheld: (e, reason) => withheld.push({ type: e.type, reason }),
  });
  return { notes, withheld };
}

describe('NotificationPolicy: the core’s own notices', () => {
  it('are shown with their own words, ids and targets', () => {
    const { notes, withheld } = decide(defaultSettings());
    assert.deepEqual(withheld, []);
    assert.deepEqual(
      notes.map((n) => [n.id, n.title, n.body, n.urgency, n.target, n.silenceActions]),
      [
        [
          `attention-${T0.toString(36)}-${unused.key}`,
          'Silence needs attention',
          '{alertname="HighCPU"} by bob: it has silenced no alert for 3 h.',
          'low',
          { clusterId: 'c1', silenceKey: unused.key },
          true,
        ],
        [
          `attention-${T0.toString(36)}-${long.key}`,
          'Silence needs attention',
          '{alertname="HighCPU"} by unknown: it is set to run 12 days.',
          'low',
          { clusterId: 'c1', silenceKey: long.key },
          true,
        ],
        [
          `dup-${T0.toString(36)}-c1/copy`,
          'Duplicate silence expired',
          'A delayed request to peer two, gone created a second copy of the silence {alertname="HighCPU"}. The copy was expired; the silence you created stays.',
          'normal',
          { clusterId: 'c1', silenceKey: unused.key },
          undefined,
        ],
      ],
    );
    for (const n of notes) assert.equal(n.events.length, 1, 'each stands for its event');
  });

  it('says minutes below two hours, and both reasons when both hold', () => {
    const { notes } = decide(defaultSettings(), [
      attention(unused, { unusedSince: iso(T0 - 61 * MIN), longRunning: true }),
    ]);
    assert.equal(
      notes[0]?.body,
      '{alertname="HighCPU"} by bob: it has silenced no alert for 61 min and it is set to run 0 days.',
    );
  });

  for (const [how, change, reason] of [
    ['off', (s: Settings) => (s.notifications.enabled = false), 'notifications off'],
    ['snoozed', (s: Settings) => (s.notifications.snoozeUntil = iso(T0 + 10 * MIN)), 'snoozed'],
    [
      'in quiet hours',
      (s: Settings) =>
        (s.notifications.quietHours = { enabled: true, start: '11:00', end: '13:00', days: [] }),
      'quiet hours',
    ],
  ] as const) {
    it(`are withheld, with the reason, when notifications are ${how}`, () => {
      const { notes, withheld } = decide(settingsWith(change));
      assert.deepEqual(notes, []);
      assert.deepEqual(withheld, [
        { type: 'silence-attention', reason },
        { type: 'silence-attention', reason },
        { type: 'silence-duplicate-expired', reason },
      ]);
    });
  }

  it('say nothing of a silence the view no longer has', () => {
    const gone = silence({ id: 'gone' });
    for (const settings of [
      defaultSettings(),
      settingsWith((s) => (s.notifications.enabled = false)),
    ]) {
      const { notes, withheld } = decide(settings, [attention(gone, { longRunning: true })]);
      assert.deepEqual([notes, withheld], [[], []]);
    }
  });

  it('come after instance and alert notifications', () => {
    const { notes } = decide(defaultSettings(), [
      duplicate,
      { type: 'instance-unreachable', instanceId: 'c1-i1', message: 'down' },
    ]);
    assert.deepEqual(
      notes.map((n) => n.title),
      ['c1-i1: unreachable', 'Duplicate silence expired'],
    );
  });
});

describe('quietReason: the one quiet decision', () => {
  const at = (hhmm: string) => Date.parse(`2026-11-20T${hhmm}:00.000Z`); // a Friday
  const n = (change: (s: Settings) => void = () => {}) => settingsWith(change).notifications;
  const quiet = { enabled: true, start: '22:00', end: '07:00', days: [5] };

  it('off before snoozed before quiet hours; null when notifications may show', () => {
    assert.equal(quietReason(n(), at('12:00'), utc), null);
    const all = n((s) => {
      s.notifications.enabled = false;
      s.notifications.snoozeUntil = iso(at('13:00'));
      s.notifications.quietHours = { ...quiet, start: '00:00', end: '00:00' };
    });
    assert.equal(quietReason(all, at('12:00'), utc), 'off');
    assert.equal(quietReason({ ...all, enabled: true }, at('12:00'), utc), 'snoozed');
    assert.equal(quietReason({ ...all, enabled: true }, at('13:00'), utc), 'quiet-hours');
  });

  it('quiet hours wrapping midnight belong to the day they start on', () => {
    const q = n((s) => (s.notifications.quietHours = quiet));
    assert.equal(quietReason(q, at('23:00'), utc), 'quiet-hours', 'Friday 23:00');
    assert.equal(quietReason(q, at('21:59'), utc), null);
    assert.equal(quietReason(q, at('06:59') + DAY, utc), 'quiet-hours', 'Saturday 06:59');
    assert.equal(quietReason(q, at('23:00') + DAY, utc), null, 'Saturday 23:00');
  });
});
