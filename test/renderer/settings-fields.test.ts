// The settings form's draft rules: fields from settings, the checks "Save settings" makes,
// and that a save keeps what the form does not edit as stored now.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultInstance, defaultSettings } from '../../main/core/settings/defaults.ts';
import type { Settings } from '../../main/core/settings/types.ts';
import { withInstance } from '../../renderer/src/lib/settings/instances.ts';
import {
  fieldsOf,
  lines,
  matcherErrors,
  settingsWith,
} from '../../renderer/src/lib/settings/settings-fields.ts';

function saved(current: Settings, change: (f: ReturnType<typeof fieldsOf>) => void): Settings {
  const f = fieldsOf(current);
  change(f);
  const r = settingsWith(current, f);
  assert.ok('settings' in r, 'error' in r ? r.error : '');
  return r.settings;
}

describe('settings form fields', () => {
  it('round-trips the settings it edits', () => {
    const s = defaultSettings();
    s.notifications.include = ['team="sre"', 'env=~"prod|stage"'];
    s.severityOrder = ['critical', 'warning'];
    const out = saved(s, () => undefined);
    assert.deepEqual(out, s);
  });

  it('turns the text fields into lists, and an empty severity label into the default', () => {
    const out = saved(defaultSettings(), (f) => {
      f.severityOrderText = ' critical, ,warning ';
      f.includeText = 'a="1"\n\n  b="2"  ';
      f.severityLabel = '  ';
    });
    assert.deepEqual(out.severityOrder, ['critical', 'warning']);
    assert.deepEqual(out.notifications.include, ['a="1"', 'b="2"']);
    assert.equal(out.severityLabel, defaultSettings().severityLabel);
  });

  it('refuses invalid matchers first, then invalid label colours', () => {
    const s = defaultSettings();
    const f = fieldsOf(s);
    f.excludeText = 'severity=~"(crit';
    f.labelColoursText = 'team: a=notacolour';
    assert.deepEqual(settingsWith(s, f), { error: 'Fix the matcher errors first.' });
    f.excludeText = '';
    assert.deepEqual(settingsWith(s, f), { error: 'Fix the label colours first.' });
    assert.equal(matcherErrors('ok="1"\nbad=~"("').length, 1);
    assert.deepEqual(lines(' a \n\n b'), ['a', 'b']);
  });

  it('keeps the snooze, the last silence choice and the instances as stored now', () => {
    const opened = defaultSettings();
    const f = fieldsOf(opened);
    f.notifications.stormThreshold = 9;
    const now: Settings = structuredClone(opened);
    now.notifications.snoozeUntil = '2030-01-01T00:00:00.000Z';
    now.silences.last = { author: 'zoe', durationMs: 3_600_000 };
    now.instances = [defaultInstance({ url: 'http://am:9093' })];
    const r = settingsWith(now, f);
    assert.ok('settings' in r);
    assert.equal(r.settings.notifications.snoozeUntil, '2030-01-01T00:00:00.000Z');
    assert.deepEqual(r.settings.silences.last, { author: 'zoe', durationMs: 3_600_000 });
    assert.equal(r.settings.instances.length, 1);
    assert.equal(r.settings.notifications.stormThreshold, 9);
    // Absent stays absent (JSON would turn undefined into null).
    const plain = settingsWith(opened, f);
    assert.ok('settings' in plain);
    assert.ok(!('snoozeUntil' in plain.settings.notifications));
    assert.ok(!('last' in plain.settings.silences));
  });
});

describe('instance list changes', () => {
  it('adds, replaces and removes by id', () => {
    const a = defaultInstance({ url: 'http://a:9093', name: 'a' });
    const b = defaultInstance({ url: 'http://b:9093', name: 'b' });
    const s = withInstance(withInstance(defaultSettings(), a), b);
    assert.deepEqual(
      s.instances.map((i) => i.name),
      ['a', 'b'],
    );
    const renamed = withInstance(s, { ...a, name: 'a2' });
    assert.deepEqual(
      renamed.instances.map((i) => i.name),
      ['a2', 'b'],
    );
  });
});
