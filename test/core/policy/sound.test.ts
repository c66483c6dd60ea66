// Which notification plays the app's own sound (policy/notification-build.ts): critical on by
// default, warning off, none for info, resolves or notices; the off switch and the
// per-severity switches; a withheld notification (quiet hours) makes none.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { CoreEvent } from '../../../main/core/model/events.ts';
import type { AlertView } from '../../../main/core/model/view.ts';
import { NotificationPolicy } from '../../../main/core/policy/notify.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { settingsSchema } from '../../../main/core/settings/schema.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import { alert, snapshot, T0 } from './view-fixtures.ts';

const NONE = { initialClusters: new Set<string>() };
const utc = (ms: number) => {
  const d = new Date(ms);
  return { day: d.getUTCDay(), minutes: d.getUTCHours() * 60 + d.getUTCMinutes() };
};

function firing(a: AlertView, type: 'alert-firing' | 'alert-resolved' = 'alert-firing'): CoreEvent {
  const base = { fingerprint: a.fingerprint, clusterId: 'c1', severity: a.severity };
  return { type, ...base, alertname: a.labels.alertname ?? '' };
}

/** The sound of the one notification a new alert of `severity` makes under `settings`. */
function soundOf(severity: string, settings: Settings = defaultSettings()) {
  const a = alert({ labels: { alertname: `A-${severity}`, severity } });
  const policy = new NotificationPolicy({ localTime: utc });
  const notes = policy.decide([firing(a)], snapshot({ alerts: [a] }), settings, T0, NONE);
  assert.equal(notes.length, 1);
  return notes[0]!.sound;
}

function withSound(patch: Partial<Settings['notifications']['sound']>): Settings {
  const s = defaultSettings();
  s.notifications.sound = { ...s.notifications.sound, ...patch };
  return s;
}

describe('sound decision', () => {
  it('defaults: critical sounds, warning and info do not', () => {
    assert.deepEqual(defaultSettings().notifications.sound, {
      enabled: true,
      critical: true,
      warning: false,
      volume: 70,
    });
    assert.equal(soundOf('critical'), 'critical');
    assert.equal(soundOf('warning'), undefined);
    assert.equal(soundOf('info'), undefined);
  });

  it('warning turned on: warning and unknown severities sound as warning, info never', () => {
    const s = withSound({ warning: true });
    assert.equal(soundOf('warning', s), 'warning');
    assert.equal(soundOf('sev-typo', s), 'warning');
    assert.equal(soundOf('', s), 'warning');
    assert.equal(soundOf('info', s), undefined);
    assert.equal(soundOf('critical', s), 'critical');
  });

  it('the off switch and the critical switch silence the critical sound', () => {
    assert.equal(soundOf('critical', withSound({ enabled: false, warning: true })), undefined);
    assert.equal(soundOf('warning', withSound({ enabled: false, warning: true })), undefined);
    assert.equal(soundOf('critical', withSound({ critical: false, warning: true })), undefined);
  });

  it('a group or storm sounds for its most severe alert; a resolve never sounds', () => {
    const s = withSound({ warning: true });
    const alerts = Array.from({ length: 7 }, (_, i) =>
      alert({ labels: { alertname: `S${i}`, severity: i === 3 ? 'critical' : 'info' } }),
    );
    const policy = new NotificationPolicy({ localTime: utc });
    const storm = policy.decide(
      alerts.map((a) => firing(a)),
      snapshot({ alerts }),
      s,
      T0,
      NONE,
    );
    assert.equal(storm.length, 1);
    assert.equal(storm[0]!.sound, 'critical');
    s.notifications.notifyOnResolve = true;
    const gone = [firing(alerts[0]!, 'alert-resolved')];
    const resolved = policy.decide(gone, snapshot({ alerts: [] }), s, T0 + 60_000, NONE);
    assert.ok(resolved.every((n) => n.sound === undefined));
  });

  it('a critical withheld by quiet hours makes no notification and so no sound', () => {
    const s = defaultSettings();
    s.notifications.quietHours = { enabled: true, start: '00:00', end: '23:59', days: [] };
    const a = alert({ labels: { alertname: 'Quiet', severity: 'critical' } });
    const withheld: string[] = [];
    const policy = new NotificationPolicy({ localTime: utc });
    const notes = policy.decide([firing(a)], snapshot({ alerts: [a] }), s, T0, {
      initialClusters: new Set<string>(),
      onWithheld: (_e, why) => withheld.push(why),
    });
    assert.deepEqual(notes, []);
    assert.deepEqual(withheld, ['quiet hours']);
  });

  it('a settings file without the sound block gets the defaults', () => {
    const s = defaultSettings() as unknown as { notifications: Record<string, unknown> };
    delete s.notifications.sound;
    const parsed = settingsSchema.parse(s);
    assert.deepEqual(parsed.notifications.sound, defaultSettings().notifications.sound);
  });
});
