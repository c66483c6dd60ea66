// Filter text parsing, filtering, sorting and flattening of the alert list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView, GroupView } from '../../../main/core/model/view.ts';
import { completionContext, parseFilterText } from '../../../main/core/list/filter-text.ts';
import { displaySeverityRank as severityRank } from '../../../main/core/model/severity-order.ts';
import {
  alertPasses,
  filterUndecided,
  type AlertFilter,
  type BuiltGroups,
} from '../../../main/core/list/rows.ts';
import { GroupFilter } from '../../../main/core/list/group-filter.ts';
import { alertView as alert } from '../../support/views.ts';
import { flattenRows, prepareGroups } from '../../support/list-steps.ts';

/** Filtered, sorted groups in one go (no caches kept between calls). */
function buildGroups(
  groups: Record<string, GroupView>,
  alerts: Record<string, AlertView>,
  filter: AlertFilter,
  order: readonly string[],
): BuiltGroups {
  return new GroupFilter().build(prepareGroups(null, groups, alerts, order), filter);
}

function group(key: string, alerts: string[], receiver = 'r'): GroupView {
  return {
    key,
    clusterId: 'c1',
    receivers: [receiver],
    labels: {},
    alerts,
    counts: { active: alerts.length, suppressed: 0, unprocessed: 0 },
    severity: '',
    stale: false,
  };
}

const ALL: AlertFilter = {
  showActive: true,
  showSilenced: true,
  showInhibited: true,
  showUnprocessed: true,
  receivers: [],
  instances: [],
  matchers: [],
  words: [],
};

describe('parseFilterText', () => {
  it('splits matchers and free words', () => {
    const p = parseFilterText('alertname="Disk, full", severity=~"crit.*", node1 eu');
    assert.equal(p.error, null);
    assert.deepEqual(p.matchers, [
      { name: 'alertname', value: 'Disk, full', isRegex: false, isEqual: true },
      { name: 'severity', value: 'crit.*', isRegex: true, isEqual: true },
    ]);
    assert.deepEqual(p.words, ['node1', 'eu']);
  });

  it('accepts a braced selector', () => {
    const p = parseFilterText('{job!="api"}');
    assert.equal(p.error, null);
    assert.deepEqual(p.matchers, [{ name: 'job', value: 'api', isRegex: false, isEqual: false }]);
  });

  it('explains a bad matcher with its position in the whole input', () => {
    const input = 'job="a", severity=~"unterminated';
    const p = parseFilterText(input);
    assert.ok(p.error);
    assert.ok(p.error.position >= 9 && p.error.position <= input.length, `${p.error.position}`);
    assert.match(p.error.message, /\S/);
    assert.doesNotMatch(p.error.message, /at position/);
    assert.equal(p.matchers.length, 1, 'the valid matcher still applies');
  });
});

describe('completionContext', () => {
  it('completes names and values', () => {
    assert.deepEqual(completionContext('sev', 3), { kind: 'name', prefix: 'sev', from: 0, to: 3 });
    const v = completionContext('a="x", severity=~"cr', 20);
    assert.ok(v && v.kind === 'value');
    assert.equal(v.name, 'severity');
    assert.equal(v.prefix, 'cr');
    assert.equal(v.quoted, true);
    assert.equal(v.from, 17);
  });
});

describe('buildGroups', () => {
  const order = ['critical', 'warning', 'info'];
  const alerts = {
    w: alert('w', { alertname: 'W', severity: 'warning' }),
    c: alert('c', { alertname: 'C', severity: 'critical' }, { startsAt: '2026-01-01T00:10:00Z' }),
    c2: alert('c2', { alertname: 'C', severity: 'critical' }, { startsAt: '2026-01-01T00:20:00Z' }),
    x: alert('x', { alertname: 'X', severity: 'weird' }),
    n: alert('n', { alertname: 'N' }),
    s: alert(
      's',
      { alertname: 'S', severity: 'critical' },
      {
        state: 'suppressed',
        silencedBy: ['c1/s'],
        receivers: ['other'],
      },
    ),
  };
  const groups = {
    gw: group('gw', ['w']),
    gc: group('gc', ['c', 'c2']),
    gx: group('gx', ['x']),
    gn: group('gn', ['n']),
    gs: group('gs', ['s'], 'other'),
  };

  it('ranks unknown severities after known ones and missing last', () => {
    assert.equal(severityRank('critical', order), 0);
    assert.equal(severityRank('weird', order), 3);
    assert.equal(severityRank('', order), 4);
  });

  it('sorts groups by severity then age, alerts newest first, unknown still shown', () => {
    const b = buildGroups(groups, alerts, ALL, order);
    assert.deepEqual(
      b.groups.map((g) => g.key),
      ['gc', 'gs', 'gw', 'gx', 'gn'],
    );
    assert.deepEqual(
      b.groups[0]!.alerts.map((a) => a.fingerprint),
      ['c2', 'c'],
    );
    assert.equal(b.alertCount, 6);
  });

  it('filters by state toggles, receivers, matchers and words', () => {
    let b = buildGroups(groups, alerts, { ...ALL, showSilenced: false }, order);
    assert.ok(!b.groups.some((g) => g.key === 'gs'));
    b = buildGroups(groups, alerts, { ...ALL, receivers: ['other'] }, order);
    assert.deepEqual(
      b.groups.map((g) => g.key),
      ['gs'],
    );
    b = buildGroups(groups, alerts, { ...ALL, ...parseFilterText('severity=~"crit.*"') }, order);
    assert.deepEqual(
      b.groups.map((g) => g.key),
      ['gc', 'gs'],
    );
    b = buildGroups(groups, alerts, { ...ALL, words: ['weird'] }, order);
    assert.deepEqual(
      b.groups.map((g) => g.key),
      ['gx'],
    );
  });

  it('flattens with collapsed groups hiding their alerts', () => {
    const b = buildGroups(groups, alerts, ALL, order);
    const rows = flattenRows(b.groups, new Set(['gc']));
    assert.equal(rows[0]!.kind, 'group');
    assert.equal(rows[1]!.key, 'gs');
    assert.equal(rows.length, 5 + 4);
    assert.equal(new Set(rows.map((r) => r.key)).size, rows.length, 'keys are unique');
  });

  it('handles 10,000 alerts in 1,000 groups quickly', () => {
    const many: Record<string, AlertView> = {};
    const gs: Record<string, GroupView> = {};
    for (let g = 0; g < 1000; g++) {
      const fps: string[] = [];
      for (let i = 0; i < 10; i++) {
        const fp = `f${g}-${i}`;
        many[fp] = alert(fp, {
          alertname: `A${g}`,
          severity: order[i % 3]!,
          instance: `host-${i}`,
        });
        fps.push(fp);
      }
      gs[`g${g}`] = group(`g${g}`, fps);
    }
    const t0 = performance.now();
    const b = buildGroups(
      gs,
      many,
      { ...ALL, ...parseFilterText('instance=~"host-[1-3]"') },
      order,
    );
    const rows = flattenRows(b.groups, new Set());
    const ms = performance.now() - t0;
    assert.equal(b.alertCount, 3000);
    assert.equal(rows.length, 4000);
    assert.ok(ms < 2000, `took ${ms} ms`);
  });
});

describe('parseFilterText: readings the two Alertmanager parsers disagree on', () => {
  it('flags them, and uses the default (classic) reading', () => {
    const p = parseFilterText('v="tab\\there", alertname="Disk"');
    assert.deepEqual(p.ambiguous, ['v="tab\\there"']);
    assert.equal(p.matchers[0]?.value, 'tab\\there');
    assert.deepEqual(parseFilterText('alertname="Disk", v=~"a\\.b"').ambiguous, []);
  });
});

describe('filter over the matching budget', () => {
  const HUGE = '(a?)'.repeat(4000);
  const withMatchers = (matchers: AlertFilter['matchers']): AlertFilter => ({ ...ALL, matchers });
  it('shows the alert it cannot evaluate, marked; decides the others', () => {
    const f = withMatchers([{ name: 'long', value: HUGE, isRegex: true, isEqual: true }]);
    const long = alert('f1', { alertname: 'A', long: 'b'.repeat(4000) });
    assert.equal(alertPasses(long, f), true);
    assert.equal(filterUndecided(long, f), true);
    // Within the budget (16 × 4,001 units) the same value is evaluated: no match, hidden.
    const small = withMatchers([
      { name: 'long', value: '(a?)'.repeat(4), isRegex: true, isEqual: true },
    ]);
    assert.equal(alertPasses(long, small), false);
    assert.equal(filterUndecided(long, small), false);
    // The note belongs to that filter: another filter has not failed to decide.
    assert.equal(filterUndecided(long, withMatchers([{ ...f.matchers[0]!, value: 'b+' }])), false);
  });
});
