// Typed durations read as Prometheus' model.ParseDuration reads them (amtool --duration and
// Alertmanager's own UI take the same text): cases from prometheus/common model/time_test.go
// and Grafana's parsePrometheusDuration tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDuration, writeDuration } from '../../../main/core/model/duration.ts';

describe('parseDuration', () => {
  it('reads every unit and their combinations, in order', () => {
    const cases: [string, number][] = [
      ['0', 0],
      ['0s', 0],
      ['1ms', 1],
      ['324ms', 324],
      ['1s', 1000],
      ['90m', 90 * 60_000],
      ['2h', 7_200_000],
      ['1d4h', 28 * 3_600_000],
      ['1w', 7 * 86_400_000],
      ['1y', 365 * 86_400_000],
      ['5m30s', 330_000],
      ['1d10h17m36s789ms', 123456789],
      ['1w4d10h20m54s321ms', 987654321],
      ['1y1w1d1h1m1s1ms', 32230861001],
      [' 2h ', 7_200_000],
    ];
    for (const [text, ms] of cases) assert.equal(parseDuration(text), ms, text);
  });

  it('refuses what the server would refuse', () => {
    for (const text of [
      '',
      'h',
      'm',
      '2',
      '10Y',
      '1.5h',
      '-1h',
      '2h 30m',
      '30m2h',
      '20s4h',
      '1hh',
      'sample text',
      '9'.repeat(80) + 'd',
    ])
      assert.equal(parseDuration(text), null, text);
  });
});

describe('writeDuration', () => {
  it('writes what parseDuration reads back exactly (what is seen is what is sent)', () => {
    const cases: [number, string][] = [
      [3_600_000, '1h'],
      [90 * 60_000, '1h30m'],
      [28 * 3_600_000 + 30 * 60_000, '1d4h30m'],
      [7 * 86_400_000, '7d'],
      [90_500, '1m30s500ms'],
      [123456789, '1d10h17m36s789ms'],
    ];
    for (const [ms, text] of cases) {
      assert.equal(writeDuration(ms), text, String(ms));
      assert.equal(parseDuration(text), ms, text);
    }
  });
});
