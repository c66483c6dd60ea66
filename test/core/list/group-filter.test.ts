// The cached alert list (prepared groups + per-group filter results with narrowing) must show
// exactly what a from-scratch filter and sort shows, whatever sequence of filters and view
// changes came before: typing and backspacing, toggles, matchers, alerts replaced, groups
// added and removed, alerts in two groups, a new severity order.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView, GroupView } from '../../../main/core/model/view.ts';
import { displaySeverityRank as severityRank } from '../../../main/core/model/severity-order.ts';
import { parseFilterText } from '../../../main/core/list/filter-text.ts';
import { GroupFilter, narrows, PRUNE_AFTER_MS } from '../../../main/core/list/group-filter.ts';
import {
  withWordHits,
  wordHits,
  type PreparedGroup,
  type PreparedGroups,
} from '../../../main/core/list/prepared-groups.ts';
import { prng } from '../../bench/lib/fixtures.ts';
import { countedAlertsRecord } from '../../support/views.ts';
import { defaultUiSettings } from '../../../main/core/settings/defaults.ts';
import {
  alertPasses,
  filterUndecided,
  compareAlerts,
  startOf,
  type AlertFilter,
} from '../../../main/core/list/rows.ts';
import { flattenRows, prepareGroups } from '../../support/list-steps.ts';

const SEVERITIES = ['critical', 'warning', 'info', 'page', ''];
const WORDS = ['disk', 'diskfull', 'isk', 'node', 'node1', 'eu', 'crash', 'crashloop', 'zz'];
const STATES = ['active', 'suppressed', 'unprocessed'] as const;

function randomAlert(r: () => number, fp: string): AlertView {
  const severity = SEVERITIES[Math.floor(r() * SEVERITIES.length)]!;
  const state = STATES[Math.floor(r() * 3)]!;
  const silenced = state === 'suppressed' && r() < 0.6;
  return {
    fingerprint: fp,
    labels: {
      alertname: ['DiskFull', 'NodeDown', 'CrashLooping'][Math.floor(r() * 3)]!,
      severity,
      instance: `node${Math.floor(r() * 4)}`,
      region: r() < 0.5 ? 'eu' : 'us',
    },
    annotations: r() < 0.5 ? { summary: `the disk of node${Math.floor(r() * 9)}` } : {},
    startsAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(r() * 50))).toISOString(),
    endsAt: '',
    updatedAt: '',
    state,
    silencedBy: silenced ? ['c1/s'] : [],
    inhibitedBy: state === 'suppressed' && !silenced ? ['x'] : [],
    statusByCluster: {},
    // Routed to r2, sometimes also to r1 (a route with `continue`).
    receivers: r() < 0.3 ? ['r1', 'r2'] : ['r2'],
    instances: [r() < 0.5 ? 'i1' : 'i2'],
    clusters: ['c1'],
    severity,
    stale: false,
  };
}

/** A group record of cluster c1 routed to `r`, listing `fps`. */
function groupView(key: string, fps: string[], over: Partial<GroupView> = {}): GroupView {
  return {
    key,
    clusterId: 'c1',
    receivers: ['r'],
    labels: {},
    alerts: fps,
    counts: { active: 0, suppressed: 0, unprocessed: 0 },
    severity: '',
    stale: false,
    ...over,
  };
}

function randomFilter(r: () => number, text: string): AlertFilter {
  const p = parseFilterText(text);
  return {
    showActive: r() < 0.9,
    showSilenced: r() < 0.5,
    showInhibited: r() < 0.5,
    showUnprocessed: r() < 0.8,
    receivers: r() < 0.15 ? ['r1'] : [],
    instances: r() < 0.15 ? ['i1'] : [],
    matchers: p.matchers,
    words: p.words,
  };
}

/** The list from scratch: no caches, no narrowing. */
function reference(
  groups: Record<string, GroupView>,
  alerts: Record<string, AlertView>,
  f: AlertFilter,
  order: readonly string[],
): { keys: string[]; rows: string[][]; count: number } {
  const cmp = compareAlerts(order);
  const shown = new Set<string>();
  const out: { key: string; alerts: AlertView[]; rank: number; newest: number }[] = [];
  for (const g of Object.values(groups)) {
    if (f.receivers.length > 0 && !g.receivers.some((x) => f.receivers.includes(x))) continue;
    const visible = g.alerts
      .map((fp) => alerts[fp])
      .filter((a): a is AlertView => a !== undefined && alertPasses(a, f))
      .sort(cmp);
    if (visible.length === 0) continue;
    for (const a of visible) shown.add(a.fingerprint);
    out.push({
      key: g.key,
      alerts: visible,
      rank: severityRank(visible[0]!.severity, order),
      newest: Math.max(...visible.map(startOf)),
    });
  }
  out.sort((x, y) => x.rank - y.rank || y.newest - x.newest || (x.key < y.key ? -1 : 1));
  return {
    keys: out.map((g) => g.key),
    rows: out.map((g) => g.alerts.map((a) => a.fingerprint)),
    count: shown.size,
  };
}

/**
 * 400 random steps (typing, filters, deltas, groups added and removed, the severity order),
 * each list compared with a from-scratch filter and sort; `share`: how often a new group also
 * holds an alert of another. Returns how many lists were built again from the one before.
 */
function randomSteps(seed: number, share: number): number {
  {
    let again = 0;
    const r = prng(seed);
    const alerts: Record<string, AlertView> = {};
    const groups: Record<string, GroupView> = {};
    let nextFp = 0;
    const newGroup = (k: number): GroupView => {
      const fps = Array.from({ length: 1 + Math.floor(r() * 6) }, () => {
        const fp = `fp${nextFp++}`;
        alerts[fp] = randomAlert(r, fp);
        return fp;
      });
      // Sometimes an alert of another group as well (an alert in two groups counts once).
      const others = Object.keys(alerts);
      if (r() < share && others.length > 0) fps.push(others[Math.floor(r() * others.length)]!);
      // Grouped by region (the group's matchers are decided once for the group), mostly
      // honestly: sometimes a group's record names a region one of its alerts lacks, and its
      // alerts must then be filtered one by one, never hidden by the group's label.
      let labels: Record<string, string> = {};
      if (r() < 0.5) {
        const region = r() < 0.5 ? 'eu' : 'us';
        labels = { region };
        for (const fp of fps)
          if (r() < 0.9) alerts[fp] = { ...alerts[fp]!, labels: { ...alerts[fp]!.labels, region } };
      }
      return {
        key: `g${k}`,
        clusterId: 'c1',
        receivers: [r() < 0.3 ? 'r1' : 'r2'],
        labels,
        alerts: [...new Set(fps)],
        counts: { active: 0, suppressed: 0, unprocessed: 0 },
        severity: '',
        stale: false,
      };
    };
    for (let k = 0; k < 30; k++) groups[`g${k}`] = newGroup(k);
    let order: string[] = ['critical', 'warning', 'info'];
    // Each preparation from the one before (groups it did not touch are kept).
    let last: PreparedGroups | null = null;
    // A clock that sometimes jumps past PRUNE_AFTER_MS: caches are pruned along the way.
    let now = 0;
    const filter = new GroupFilter(() => now);
    let text = '';
    let base = randomFilter(r, '');
    for (let step = 0; step < 400; step++) {
      now += step % 7 === 0 ? PRUNE_AFTER_MS : 50;
      const roll = r();
      if (roll < 0.35) {
        // Type or delete a character, or start a new word or matcher.
        const word = WORDS[Math.floor(r() * WORDS.length)]!;
        if (text.length > 0 && r() < 0.4) text = text.slice(0, -1);
        else if (r() < 0.15)
          text =
            text === ''
              ? ['severity="critical"', 'region!="us"', 'region=~"e.*"'][Math.floor(r() * 3)]!
              : `${text}, region="eu"`;
        else text += r() < 0.2 && text !== '' ? ` ${word[0]}` : word[text.length % word.length]!;
      } else if (roll < 0.45) {
        base = randomFilter(r, text);
      } else if (roll < 0.75) {
        // A delta: replace a few alerts (new objects), sometimes the same values.
        const fps = Object.keys(alerts);
        for (let i = 0; i < 1 + Math.floor(r() * 4); i++) {
          const fp = fps[Math.floor(r() * fps.length)]!;
          alerts[fp] = r() < 0.3 ? { ...alerts[fp]! } : randomAlert(r, fp);
        }
      } else if (roll < 0.87) {
        const keys = Object.keys(groups);
        if (r() < 0.5 && keys.length > 5) delete groups[keys[Math.floor(r() * keys.length)]!];
        else groups[`g${30 + step}`] = newGroup(30 + step);
      } else if (roll < 0.95) {
        // A group record replaced with one alert fewer (its alert list changed).
        const keys = Object.keys(groups);
        const g = groups[keys[Math.floor(r() * keys.length)]!]!;
        if (g.alerts.length > 1) groups[g.key] = { ...g, alerts: g.alerts.slice(1) };
      } else {
        order = r() < 0.5 ? ['info', 'warning', 'critical'] : ['critical', 'warning', 'info'];
      }
      const p = parseFilterText(text);
      const f: AlertFilter = { ...base, matchers: p.matchers, words: p.words };
      // A step that changed no record keeps the preparation (as the list model does while the
      // view's collections are the same objects): typing on then narrows within it.
      if (roll >= 0.45 || last === null) last = prepareGroups(last, groups, alerts, order);
      const built = filter.build(last, f);
      if (built.since) again++;
      const want = reference(groups, alerts, f, order);
      const context = `step ${step}, filter ${JSON.stringify(text)}`;
      assert.deepEqual(
        built.groups.map((g) => g.key),
        want.keys,
        context,
      );
      assert.deepEqual(
        built.groups.map((g) => g.alerts.map((a) => a.fingerprint)),
        want.rows,
        context,
      );
      assert.equal(built.alertCount, want.count, context);
      const rows = flattenRows(built.groups, new Set());
      assert.equal(rows.length, want.keys.length + want.rows.flat().length, context);
      for (const row of rows)
        if (row.kind === 'alert') assert.ok(alerts[row.alert.fingerprint] === row.alert, context);
    }
    return again;
  }
}

describe('GroupFilter over prepared groups', () => {
  it('equals a from-scratch filter and sort over 400 random steps', () => {
    randomSteps(20261122, 0.3);
  });

  it('builds a filter again from its list before a delta, equal to one from scratch', () => {
    // No alert in two groups: a list is built again from its rows on the preparation before.
    let again = 0;
    for (const seed of [1, 2, 3]) again += randomSteps(seed, 0);
    assert.ok(again > 100, `${again} lists built again from the one before`);
  });

  it('keeps only the current filter results once it has stood for a while', () => {
    const r = prng(7);
    const alerts: Record<string, AlertView> = {};
    const groups: Record<string, GroupView> = {};
    for (let k = 0; k < 20; k++) {
      const fps = [0, 1, 2, 3].map((i) => `f${k}-${i}`);
      for (const fp of fps) alerts[fp] = randomAlert(r, fp);
      groups[`g${k}`] = groupView(`g${k}`, fps);
    }
    const order = ['critical', 'warning', 'info'];
    let now = 0;
    const gf = new GroupFilter(() => now);
    const prepared = prepareGroups(null, groups, alerts, order);
    const all = (text: string): AlertFilter => ({
      ...randomFilter(() => 0, text),
      receivers: [],
      instances: [],
    });
    // Typing "crash" and deleting it: every step's results are cached per group.
    const typed = ['c', 'cr', 'cra', 'crash', 'cra', 'cr', 'c', ''];
    for (const t of typed) {
      now += 100;
      gf.build(prepared, all(t));
    }
    const most = Math.max(...prepared.groups.map((p) => gf.cachedFilters(p)));
    assert.ok(most >= 5, `${most} filters cached for a group while typing`);
    // The filter stands; a data change rebuilds after PRUNE_AFTER_MS: one result per group.
    now += PRUNE_AFTER_MS;
    const built = gf.build(prepared, all(''));
    assert.ok(prepared.groups.every((p) => gf.cachedFilters(p) <= 1));
    assert.deepEqual(
      built.groups.map((g) => g.key),
      reference(groups, alerts, all(''), order).keys,
    );
    // Typing again caches again.
    now += 100;
    gf.build(prepared, all('c'));
    assert.ok(prepared.groups.some((p) => gf.cachedFilters(p) === 2));
  });

  it('narrows only when every alert the new filter passes passed the old one', () => {
    // The default filter's toggles (as a first start has them) with the text's matchers.
    const f = (text: string, extra: Partial<AlertFilter> = {}): AlertFilter => {
      const { text: _, ...toggles } = defaultUiSettings().filter;
      const p = parseFilterText(text);
      return { ...toggles, matchers: p.matchers, words: p.words, ...extra };
    };
    assert.equal(narrows(f('crash'), f('cra')), true, 'a word typed further');
    assert.equal(narrows(f('cra'), f('crash')), false, 'a word shortened');
    assert.equal(narrows(f('disk node'), f('node')), true, 'a word added');
    assert.equal(narrows(f('job="a", x'), f('x')), true, 'a matcher added');
    assert.equal(narrows(f('job=~"a.*"'), f('job=~"a"')), false, 'a regex changed');
    assert.equal(narrows(f('x', { showSilenced: true }), f('x')), false, 'a toggle changed');
    assert.equal(narrows(f('x', { instances: ['i1'] }), f('x')), false, 'instances changed');
  });
});

describe('GroupFilter: matchers on the group’s own labels', () => {
  const order = ['critical', 'warning', 'info'];
  const toggles = (): Omit<AlertFilter, 'matchers' | 'words'> => {
    const { text: _t, groupBy: _g, ...t } = defaultUiSettings().filter;
    return { ...t, showSilenced: true, showInhibited: true, receivers: [], instances: [] };
  };
  const withText = (text: string): AlertFilter => {
    const p = parseFilterText(text);
    return { ...toggles(), matchers: p.matchers, words: p.words };
  };
  const make = (fp: string, labels: Record<string, string>): AlertView => ({
    ...randomAlert(prng(1), fp),
    state: 'active',
    silencedBy: [],
    inhibitedBy: [],
    labels,
  });
  const group = (key: string, labels: Record<string, string>, fps: string[]): GroupView => ({
    key,
    clusterId: 'c1',
    receivers: ['r2'],
    labels,
    alerts: fps,
    counts: { active: 0, suppressed: 0, unprocessed: 0 },
    severity: '',
    stale: false,
  });
  const shown = (gf: GroupFilter, p: PreparedGroups, text: string): string[] =>
    gf
      .build(p, withText(text))
      .groups.flatMap((g) => g.alerts.map((a) => a.fingerprint))
      .sort();

  it('decides them once per group, and per alert where a group’s record disagrees', () => {
    const alerts = {
      a1: make('a1', { alertname: 'Disk', region: 'eu' }),
      a2: make('a2', { alertname: 'Disk', region: 'eu' }),
      // A server whose group says region="eu" while this alert of it says "us".
      b1: make('b1', { alertname: 'Node', region: 'eu' }),
      b2: make('b2', { alertname: 'Node', region: 'us' }),
      // A group label the alert does not carry at all.
      c1: make('c1', { alertname: 'Pod' }),
    };
    const groups = {
      a: group('a', { region: 'eu' }, ['a1', 'a2']),
      b: group('b', { region: 'eu' }, ['b1', 'b2']),
      c: group('c', { region: 'eu' }, ['c1']),
    };
    const p = prepareGroups(null, groups, alerts, order);
    const gf = new GroupFilter();
    assert.deepEqual(shown(gf, p, 'region="us"'), ['b2']);
    assert.deepEqual(shown(gf, p, 'region="eu"'), ['a1', 'a2', 'b1']);
    assert.deepEqual(shown(gf, p, 'region!="eu"'), ['b2', 'c1']);
    assert.deepEqual(shown(gf, p, 'region=~"e.*", alertname="Disk"'), ['a1', 'a2']);
    assert.deepEqual(shown(gf, p, 'region=""'), ['c1']);
  });

  it('leaves a regex the group cannot decide to each alert, shown and marked', () => {
    const long = 'b'.repeat(4000);
    const alerts = {
      a1: make('a1', { alertname: 'A', long }),
      a2: make('a2', { alertname: 'A', long }),
    };
    const p = prepareGroups(null, { g: group('g', { long }, ['a1', 'a2']) }, alerts, order);
    const f = withText(`long=~"${'(a?)'.repeat(4000)}"`);
    const built = new GroupFilter().build(p, f);
    assert.deepEqual(built.groups[0]?.alerts.map((a) => a.fingerprint).sort(), ['a1', 'a2']);
    assert.ok(built.groups[0]!.alerts.every((a) => filterUndecided(a, f)));
  });

  it('keeps a group’s row when a keystroke hides none of its alerts', () => {
    const alerts = {
      a1: make('a1', { alertname: 'Crash', pod: 'x' }),
      a2: make('a2', { alertname: 'Crash', pod: 'y' }),
      b1: make('b1', { alertname: 'Disk', pod: 'z' }),
    };
    const groups = {
      a: group('a', { alertname: 'Crash' }, ['a1', 'a2']),
      b: group('b', { alertname: 'Disk' }, ['b1']),
    };
    const p = prepareGroups(null, groups, alerts, order);
    const gf = new GroupFilter();
    const rowOf = (text: string, key: string) =>
      gf.build(p, withText(text)).groups.find((g) => g.key === key);
    const whole = rowOf('', 'a');
    assert.ok(whole);
    assert.equal(rowOf('c', 'a'), whole, 'every alert still passes: the same row');
    assert.equal(rowOf('cr', 'a'), whole);
    assert.notEqual(rowOf('pod="x"', 'a'), whole, 'an alert hidden: a new row');
    assert.equal(rowOf('pod="x"', 'a')?.alerts.length, 1);
  });
});

describe('wordHits: one scan of the group’s text per word', () => {
  const make = (fp: string, labels: Record<string, string>, summary = ''): AlertView => ({
    ...randomAlert(prng(3), fp),
    labels,
    annotations: summary ? { summary } : {},
  });
  const group = (fps: string[]): GroupView => ({
    key: 'g',
    clusterId: 'c1',
    receivers: ['r2'],
    labels: {},
    alerts: fps,
    counts: { active: 0, suppressed: 0, unprocessed: 0 },
    severity: '',
    stale: false,
  });
  it('finds each alert holding every word, never a word across two alerts', () => {
    const alerts = {
      a: make('a', { alertname: 'Disk', instance: 'node-ab' }, 'disk almost full'),
      b: make('b', { alertname: 'Crash', instance: 'node-cd' }, 'crash looping'),
      c: make('c', { alertname: 'Disk', instance: 'node-cd' }),
    };
    const p = prepareGroups(null, { g: group(['a', 'b', 'c']) }, alerts, ['critical']).groups[0]!;
    const fps = (words: string[]) =>
      withWordHits(p, p.sorted, wordHits(p, words))
        .map((x) => x.fingerprint)
        .sort();
    assert.deepEqual(fps(['disk']), ['a', 'c']);
    assert.deepEqual(fps(['node-cd']), ['b', 'c']);
    assert.deepEqual(fps(['disk', 'node-cd']), ['c']);
    assert.deepEqual(fps(['looping']), ['b']);
    // The end of one alert's text and the start of the next are not one word.
    assert.deepEqual(fps(['full\nalertname']), []);
    assert.deepEqual(fps(['zzz']), []);
    // A word repeated, and a word found twice in one alert, count once.
    assert.deepEqual(fps(['disk', 'disk']), ['a', 'c']);
    assert.equal(wordHits(p, ['node']).count, 3);
    // Only what `base` holds, in its order.
    const base = p.sorted.filter((x) => x.fingerprint !== 'c');
    assert.deepEqual(
      withWordHits(p, base, wordHits(p, ['disk'])).map((x) => x.fingerprint),
      ['a'],
    );
    for (const w of ['disk', 'node', 'crash', 'a', '=']) {
      const want = Object.values(alerts)
        .filter((x) => alertPasses(x, { ...withWords(w) }))
        .map((x) => x.fingerprint)
        .sort();
      assert.deepEqual(fps([w]), want, w);
    }
  });
  const withWords = (w: string): AlertFilter => {
    const { text: _t, groupBy: _g, ...t } = defaultUiSettings().filter;
    return {
      ...t,
      showSilenced: true,
      showInhibited: true,
      showUnprocessed: true,
      showActive: true,
      receivers: [],
      instances: [],
      matchers: [],
      words: [w],
    };
  };
});

describe('typing on searches only what the last word left', () => {
  // At 100,000 alerts every keystroke scanned every group's whole text although, after the
  // first letters, most groups had nothing left to narrow: ~40 ms of each keystroke.
  const alertOf = (fp: string, alertname: string, summary: string): AlertView => ({
    ...randomAlert(prng(5), fp),
    labels: { alertname, severity: 'critical' },
    annotations: { summary },
  });
  const filterOf = (text: string): AlertFilter => ({
    showActive: true,
    showSilenced: true,
    showInhibited: true,
    showUnprocessed: true,
    receivers: [],
    instances: [],
    matchers: parseFilterText(text).matchers,
    words: parseFilterText(text).words,
  });
  /** Counts the searches in a prepared group's text from here on. */
  const watchText = (p: PreparedGroup): { searches: number; cuts: number } => {
    const seen = { searches: 0, cuts: 0 };
    // A String object: its search methods can be replaced, and the list uses it as the text.
    const text = new String(p.text);
    for (const m of ['indexOf', 'substring', 'includes'] as const) {
      const real = String.prototype[m] as (...a: unknown[]) => unknown;
      Object.defineProperty(text, m, {
        value: (...a: unknown[]) => {
          if (m === 'substring') seen.cuts++;
          else seen.searches++;
          return real.apply(String(text), a);
        },
      });
    }
    p.text = text as unknown as string;
    return seen;
  };

  it('leaves a group alone once a word hid all of it, and searches the few left alert by alert', () => {
    const alerts: Record<string, AlertView> = {};
    const fps = (prefix: string, n: number, name: (i: number) => string) =>
      Array.from({ length: n }, (_, i) => {
        const fp = `${prefix}${i}`;
        alerts[fp] = alertOf(fp, name(i), `the ${name(i)} of ${fp}`);
        return fp;
      });
    const groups = {
      disk: groupView(
        'disk',
        fps('d', 12, () => 'DiskFull'),
      ),
      mixed: groupView(
        'mixed',
        fps('m', 12, (i) => (i === 3 ? 'CrashLooping' : 'NodeDown')),
      ),
      crash: groupView(
        'crash',
        fps('c', 12, () => 'CrashLooping'),
      ),
    };
    const prepared = prepareGroups(null, groups, alerts, ['critical']);
    const gf = new GroupFilter(() => 0);
    const shown = (text: string) =>
      gf
        .build(prepared, filterOf(text))
        .groups.map((g) => [g.key, g.alerts.length])
        .sort();
    assert.deepEqual(shown('cra'), [
      ['crash', 12],
      ['mixed', 1],
    ]);
    const disk = watchText(prepared.byKey.get('disk')!);
    const mixed = watchText(prepared.byKey.get('mixed')!);
    const diskFilters = gf.cachedFilters(prepared.byKey.get('disk')!);
    assert.deepEqual(shown('crash'), [
      ['crash', 12],
      ['mixed', 1],
    ]);
    assert.equal(disk.searches + disk.cuts, 0, 'a group "cra" hid is not searched for "crash"');
    assert.equal(
      gf.cachedFilters(prepared.byKey.get('disk')!),
      diskFilters,
      'nor even looked at: no result is kept for it',
    );
    // The one alert "cra" left in the mixed group: its own text is cut out and searched, not
    // the group's whole text.
    assert.deepEqual(mixed, { searches: 0, cuts: 1 });
    assert.deepEqual(shown('crashl'), [
      ['crash', 12],
      ['mixed', 1],
    ]);
    assert.deepEqual(shown('crashx'), []);
    // A word that narrows no recent filter searches every group's whole text again.
    assert.deepEqual(shown('ash'), [
      ['crash', 12],
      ['mixed', 1],
    ]);
    assert.ok(disk.searches > 0, 'a new word searches the whole group again');
  });
});

describe('prepareGroups: the alerts record is never listed', () => {
  // A 100,000-key record costs ~55 ms to list (Object.keys/values); the merger hands every
  // view's list over (record-values.ts builtFrom), so preparing a view must not list it again.
  it('counts the alerts from the list the merger handed over', () => {
    const r = prng(7);
    const list = Array.from({ length: 50 }, (_, i) => randomAlert(r, `fp${i}`));
    const { alerts, listed } = countedAlertsRecord(list);
    const groups: GroupView[] = [0, 1].map((g) => ({
      key: `g${g}`,
      clusterId: 'c1',
      receivers: ['r'],
      labels: {},
      alerts: list.filter((_, i) => i % 2 === g).map((a) => a.fingerprint),
      counts: { active: 0, suppressed: 0, unprocessed: 0 },
      severity: '',
      stale: false,
    }));
    const first = prepareGroups(null, groups, alerts, ['critical']);
    const next = prepareGroups(first, groups, alerts, ['critical']);
    assert.equal(next.total, 50);
    assert.equal(listed(), 0, `the alerts record was listed ${listed()} times`);
  });
});
