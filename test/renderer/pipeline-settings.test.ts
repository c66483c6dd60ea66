// Settings of issue 32: the dead-man's switch and "my team" default sensibly, older files get
// the defaults, the form refuses a matcher that does not parse (said at the field, nothing
// saved) and saves good values.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultSettings } from '../../main/core/settings/defaults.ts';
import { parseSettings } from '../../main/core/settings/schema.ts';
import {
  fieldsOf,
  matcherErrors,
  settingsWith,
} from '../../renderer/src/lib/settings/settings-fields.ts';

describe('pipeline and team settings', () => {
  it('defaults: Watchdog after 5 min where seen; no team', () => {
    const r = parseSettings({ version: 1, notifications: { enabled: true } });
    assert.ok(r.ok);
    const n = r.settings.notifications;
    assert.equal(n.watchdog, 'alertname="Watchdog"');
    assert.equal(n.watchdogExpect, 'seen');
    assert.equal(n.watchdogSilentMin, 5);
    assert.equal(n.team, '');
    assert.equal(n.teamOnly, false);
    assert.equal(r.settings.ui.filter.myTeam, undefined);
  });

  it('rejects nonsense values in the file with the field named', () => {
    const r = parseSettings({ notifications: { watchdogSilentMin: 0, watchdogExpect: 'never' } });
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /notifications\.watchdog/);
  });

  it('the form refuses a bad matcher and saves good ones', () => {
    const s = defaultSettings();
    const f = fieldsOf(s);
    f.notifications.team = 'team="payments';
    assert.equal(matcherErrors(f.notifications.team).length, 1);
    assert.deepEqual(settingsWith(s, f), { error: 'Fix the matcher errors first.' });
    f.notifications.team = 'team="payments"';
    f.notifications.teamOnly = true;
    f.notifications.watchdog = 'alertname="DeadMansSwitch"';
    f.notifications.watchdogExpect = 'always';
    const r = settingsWith(s, f);
    assert.ok('settings' in r);
    assert.equal(r.settings.notifications.team, 'team="payments"');
    assert.equal(r.settings.notifications.teamOnly, true);
    assert.equal(r.settings.notifications.watchdog, 'alertname="DeadMansSwitch"');
    assert.equal(r.settings.notifications.watchdogExpect, 'always');
    assert.ok(parseSettings(r.settings).ok);
  });
});
