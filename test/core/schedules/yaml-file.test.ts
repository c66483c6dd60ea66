// The templates-and-schedules YAML file: an export re-imports identically; a bad file is
// refused with the line (and column) of each problem, syntax and schema alike.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exportYaml, importYaml } from '../../../main/core/schedules/yaml-file.ts';
import type { SilenceTemplate } from '../../../main/core/schedules/types.ts';
import { schedule } from './fixtures.ts';

const template: SilenceTemplate = {
  id: '1f0e2d3c-4b5a-4968-8776-655443322110',
  name: 'Batch job latency',
  matchers: [{ name: 'alertname', value: 'Latency.*', isRegex: true, isEqual: true }],
  durationMin: 90,
  comment: 'Nightly batch, silenced by {author} on {date}',
};

describe('schedules YAML file', () => {
  it('an export re-imports identically', () => {
    const schedules = [
      schedule(),
      schedule({
        id: '0b6f3a52-6c2e-4c59-9d51-3f1f5c1e9a02',
        name: 'Patch night',
        rrule: 'FREQ=MONTHLY;BYDAY=1SU',
        skipped: ['2026-12-06T02:00'],
      }),
    ];
    const text = exportYaml([template], schedules);
    assert.match(text, /^# Alertmanager Tray/);
    const back = importYaml(text);
    assert.deepEqual(back, { ok: true, templates: [template], schedules });
    assert.equal(exportYaml(back.ok ? back.templates : [], back.ok ? back.schedules : []), text);
  });

  it('a schema problem is refused with its line and field', () => {
    const text = exportYaml([template], [schedule()]).replace(
      'timeZone: Europe/Berlin',
      'timeZone: Europe/Atlantis',
    );
    const line = text.split('\n').findIndex((l) => l.includes('Europe/Atlantis')) + 1;
    const r = importYaml(text);
    assert.equal(r.ok, false);
    assert.deepEqual(!r.ok && r.problems.map((p) => [p.line, p.message]), [
      [line, 'schedules.0.timeZone: not a known IANA time zone'],
    ]);
    const rule = importYaml(
      exportYaml([], [schedule({ rrule: 'FREQ=WEEKLY' })]).replace('FREQ=WEEKLY', 'BYDAY=TU'),
    );
    assert.equal(rule.ok, false);
    assert.match(
      !rule.ok ? rule.problems[0]!.message : '',
      /^schedules\.0\.rrule: recurrence rule needs FREQ/,
    );
  });

  it('a syntax error is refused with its line; unknown top-level keys are refused', () => {
    const r = importYaml('version: 1\ntemplates:\n  - name: [unclosed\n');
    assert.equal(r.ok, false);
    assert.ok(!r.ok && r.problems[0]!.line >= 3, JSON.stringify(r));
    const extra = importYaml('version: 1\nschedulez: []\n');
    assert.deepEqual(!extra.ok && extra.problems.map((p) => p.line), [1]);
    const old = importYaml('version: 2\n');
    assert.deepEqual(!old.ok && old.problems.map((p) => p.line), [1]);
  });
});
