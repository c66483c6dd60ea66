// The core's list answers (list-model.ts) must be exactly the list the window built from its own
// copy: the same rows in the same order for every filter, grouping and collapse state, cut to
// the pixels asked with the counts of the whole list, a named row found wherever it is, and no
// answer growing with the view.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView, GroupView, ViewSnapshot } from '../../../main/core/model/view.ts';
import { ListModel, type ListSource, type Sliced } from '../../../main/core/list/list-model.ts';
import type { Pace } from '../../../main/core/list/pace.ts';
import {
  ANSWER_BUDGET,
  GROUP_SAMPLE,
  MARGIN_PX,
  type ListAnswer,
  type ListQuery,
} from '../../../main/core/list/list-query.ts';
import { GroupFilter } from '../../../main/core/list/group-filter.ts';
import { ROW_TOTAL_CHARS, ROW_VALUE_CHARS } from '../../../main/core/list/bounded-alert.ts';
import { parseFilterText } from '../../../main/core/list/filter-text.ts';
import { type AlertFilter, type Row } from '../../../main/core/list/rows.ts';
import { BY_ALERTMANAGER } from '../../../main/core/list/group-by.ts';
import { hideWatchdog } from '../../../main/core/list/watchdog-hide.ts';
import { defaultUiSettings } from '../../../main/core/settings/defaults.ts';
import { emptySnapshot } from '../../support/fake-core.ts';
import { alertView } from '../../support/views.ts';
import { prng } from '../../bench/lib/fixtures.ts';
import { flattenRows, prepareGroups, sectionRows } from '../../support/list-steps.ts';

const ORDER = ['critical', 'warning', 'info'];
const ACTIVE = { state: 'active' as const, silencedBy: [] as string[] };

function fleet(groupsN: number, perGroup: number, seed = 7): ViewSnapshot {
  const r = prng(seed);
  const s = emptySnapshot(1);
  for (let g = 0; g < groupsN; g++) {
    const fps: string[] = [];
    for (let i = 0; i < perGroup; i++) {
      const fp = `g${g}a${i}`;
      const severity = ORDER[Math.floor(r() * 3)]!;
      const silenced = r() < 0.1;
      s.alerts[fp] = alertView(
        fp,
        {
          alertname: g % 3 === 0 ? 'DiskFull' : 'NodeDown',
          severity,
          region: r() < 0.5 ? 'eu' : 'us',
          instance: `node${i}`,
        },
        {
          startsAt: new Date(Date.UTC(2026, 0, 1, 0, Math.floor(r() * 500))).toISOString(),
          ...(silenced ? { state: 'suppressed' as const, silencedBy: ['c1/s1'] } : {}),
        },
      );
      fps.push(fp);
    }
    const group: GroupView = {
      key: `k${g}`,
      clusterId: 'c1',
      receivers: ['r'],
      labels: { alertname: g % 3 === 0 ? 'DiskFull' : 'NodeDown' },
      alerts: fps,
      counts: { active: 0, suppressed: 0, unprocessed: 0 },
      severity: '',
      stale: false,
    };
    s.groups[group.key] = group;
  }
  return s;
}

function sourceOf(view: () => ViewSnapshot, watchdog = ''): ListSource {
  return {
    snapshot: view,
    severityOrder: () => ORDER,
    watchdog: () => watchdog,
    team: () => '',
  };
}

let nextId = 0;
function query(over: Partial<ListQuery> & { text?: string; groupBy?: string } = {}): ListQuery {
  const { text = '', groupBy = '', ...rest } = over;
  return {
    id: ++nextId,
    filter: { ...defaultUiSettings().filter, text, groupBy },
    collapsed: { all: false, except: [] },
    top: 0,
    height: 600,
    ...rest,
  };
}

/** The window's own pipeline before issue 29, from scratch. */
function windowRows(view: ViewSnapshot, q: ListQuery, watchdog = ''): Row[] {
  const { matchers, words } = parseFilterText(q.filter.text);
  const f: AlertFilter = {
    ...defaultUiSettings().filter,
    showSilenced: q.filter.showSilenced,
    matchers,
    words,
  };
  const filter = hideWatchdog(f, watchdog);
  const prepared = prepareGroups(null, view.groups, view.alerts, ORDER);
  const built = new GroupFilter().build(prepared, filter);
  const except = new Set(q.collapsed.except);
  const collapsed = q.collapsed.all
    ? ({ has: (k: string) => !except.has(k) } as ReadonlySet<string>)
    : except;
  return q.filter.groupBy
    ? sectionRows(built.groups, q.filter.groupBy, collapsed, (id) => view.clusters[id]?.name ?? id)
    : flattenRows(built.groups, collapsed);
}

/** Every row of the list, asked page by page as a window scrolling to the end would. */
function scrollAll(model: ListModel, base: Omit<ListQuery, 'id' | 'top'>): string[] {
  const keys: string[] = [];
  let a: ListAnswer;
  let top = 0;
  do {
    a = model.answer({ ...base, id: ++nextId, top });
    for (const [i, row] of a.items.entries()) keys[a.start + i] = row.key;
    top += base.height;
  } while (top < a.height);
  assert.equal(keys.length, a.rows);
  return keys;
}

describe('ListModel answers', () => {
  it('equals the window-side list for filters, sections and collapse states', () => {
    const view = fleet(40, 12);
    const model = new ListModel(sourceOf(() => view));
    const cases: ListQuery[] = [
      query(),
      query({ text: 'eu' }),
      query({ text: 'alertname="DiskFull" node1' }),
      query({ groupBy: 'region' }),
      query({ collapsed: { all: true, except: ['k3'] } }),
      query({ collapsed: { all: false, except: ['k1', 'k2'] }, text: 'us' }),
      query({ groupBy: 'region', collapsed: { all: false, except: ['§eu'] } }),
    ];
    for (const q of cases) {
      const want = windowRows(view, q).map((r) => r.key);
      const got = scrollAll(model, q);
      assert.deepEqual(got, want, JSON.stringify(q.filter.text + ' ' + q.filter.groupBy));
    }
  });

  it('groups by Alertmanager: a section per cluster by its name, its groups whole', () => {
    const view = fleet(12, 3);
    // Every third group on a second cluster, "staging"; the first keeps its id's name.
    view.clusters = {
      c1: { id: 'c1', name: 'prod', members: ['i1'], health: 'ok', stale: false },
      c2: { id: 'c2', name: 'staging', members: ['i2'], health: 'ok', stale: false },
    };
    for (const [k, g] of Object.entries(view.groups))
      if (Number(k.slice(1)) % 3 === 1) view.groups[k] = { ...g, clusterId: 'c2' };
    const model = new ListModel(sourceOf(() => view));
    const q = query({ groupBy: BY_ALERTMANAGER, height: 100_000 });
    const a = model.answer(q);
    const sections = a.items.filter((r) => r.kind === 'section');
    assert.deepEqual(sections.map((r) => r.value).sort(), ['prod', 'staging']);
    // Under each section only its cluster's groups, with all of their alerts shown.
    let where = '';
    let alerts = 0;
    for (const r of a.items) {
      if (r.kind === 'section') where = r.value === 'staging' ? 'c2' : 'c1';
      else if (r.kind === 'group') assert.equal(r.group.clusterId, where, r.key);
      else alerts++;
    }
    assert.equal(alerts, a.counts.shown);
    const counted = sections.reduce((n, r) => n + (r.kind === 'section' ? r.alerts : 0), 0);
    assert.equal(counted, a.counts.shown);
    // As every list: the window's pipeline agrees, and a collapsed section hides its groups.
    assert.deepEqual(
      scrollAll(model, q),
      windowRows(view, q).map((r) => r.key),
    );
    const folded = model.answer({
      ...q,
      id: ++nextId,
      collapsed: { all: false, except: ['§staging'] },
    });
    assert.ok(!folded.items.some((r) => r.kind === 'group' && r.group.clusterId === 'c2'));
  });

  it("a group cut by a section counts its part's alerts, not the whole group's", () => {
    const view = fleet(6, 4);
    const model = new ListModel(sourceOf(() => view));
    const a = model.answer(query({ groupBy: 'instance', height: 100_000 }));
    let cut = 0;
    for (const r of a.items) {
      if (r.kind !== 'group') continue;
      const c = r.counts;
      assert.equal(c.active + c.silenced + c.inhibited + c.unprocessed, r.shown, r.key);
      if (r.shown < view.groups[r.group.key]!.alerts.length) cut++;
    }
    assert.ok(cut > 0, 'groups were cut into sections');
  });

  it('grouped by one label then another sharing a value, each cuts by its own', () => {
    const view = fleet(4, 4);
    let i = 0;
    for (const a of Object.values(view.alerts)) {
      const odd = i++ % 2 === 1;
      a.labels = { ...a.labels, team: odd ? 'infra' : 'web', owner: odd ? 'web' : 'infra' };
    }
    const model = new ListModel(sourceOf(() => view));
    for (const label of ['team', 'owner']) {
      const a = model.answer(query({ groupBy: label, height: 100_000 }));
      let value: string | null = null;
      for (const r of a.items) {
        if (r.kind === 'section') value = r.value;
        else if (r.kind === 'group')
          for (const x of r.alerts) assert.equal(x.labels[label], value, `${label}: ${r.key}`);
      }
    }
  });

  it('sends only the rows around the pixels asked, with the counts of the whole list', () => {
    const view = fleet(500, 20);
    const model = new ListModel(sourceOf(() => view));
    const a = model.answer(query({ top: 50_000, height: 600 }));
    assert.equal(a.counts.total, 10_000);
    assert.equal(a.counts.shown, a.counts.byState.active + a.counts.byState.suppressed);
    assert.ok(a.rows > 9_000, `${a.rows} rows`);
    // Rows from (top - margin) to (top + height + margin): ~100, not 10,500.
    assert.ok(a.items.length > 50 && a.items.length < 150, `${a.items.length} rows`);
    assert.ok(Math.abs(a.top - (50_000 - MARGIN_PX)) <= 32, `top ${a.top}`);
    const bySeverity = Object.values(a.counts.bySeverity).reduce((x, y) => x + y, 0);
    assert.equal(bySeverity, a.counts.shown);
  });

  it('finds a row by key, by index, and an alert inside a collapsed group', () => {
    const view = fleet(300, 10);
    const model = new ListModel(sourceOf(() => view));
    const all = model.answer(query());
    const target = `k250`;
    const byFp = model.answer(query({ find: { fingerprint: 'g250a3' } }));
    assert.ok(byFp.found);
    assert.equal(byFp.found.key, `${target}\u0000g250a3`);
    // Sent with the rows around it, though the window is at the top.
    assert.ok(byFp.items.some((r) => r.key === byFp.found!.key));
    const byKey = model.answer(query({ find: { key: target } }));
    assert.equal(byKey.found?.key, target);
    const last = model.answer(query({ find: { index: all.rows + 5 } }));
    assert.equal(last.found?.index, all.rows - 1);
    const hidden = model.answer(
      query({ collapsed: { all: true, except: [] }, find: { fingerprint: 'g250a3' } }),
    );
    assert.equal(hidden.found?.key, target);
    assert.equal(hidden.found?.collapsed, true);
    assert.equal(model.answer(query({ find: { key: 'nope' } })).found, null);
  });

  it('sends a big group with a sample of its alerts and its count', () => {
    const view = fleet(2, 5_000);
    const model = new ListModel(sourceOf(() => view));
    const a = model.answer(query({ collapsed: { all: true, except: [] } }));
    const g = a.items[0]!;
    assert.equal(g.kind, 'group');
    if (g.kind !== 'group') return;
    assert.equal(g.alerts.length, GROUP_SAMPLE);
    assert.ok(g.shown > 4_000, `${g.shown} shown`);
    assert.ok(JSON.stringify(a).length < 1_000_000, 'answer under 1 MB');
  });

  it('stops adding rows at the byte budget, and cuts what one alert holds to row size', () => {
    const view = fleet(3, 50);
    // ~240 KB of annotations per alert: a few rows fill an answer.
    const big: Record<string, string> = {};
    for (let i = 0; i < 60; i++) big[`note${i}`] = 'x'.repeat(ROW_VALUE_CHARS);
    for (const fp of Object.keys(view.alerts))
      view.alerts[fp] = { ...view.alerts[fp]!, annotations: big };
    const model = new ListModel(sourceOf(() => view));
    const a = model.answer(query({ height: 5_000 }));
    assert.ok(a.items.length >= 1 && a.items.length < 20, `${a.items.length} rows`);
    const bytes = JSON.stringify(a).length;
    assert.ok(bytes < ANSWER_BUDGET + ROW_TOTAL_CHARS, `${bytes} bytes`);
    // One alert with a value of twice the budget: sent, cut, and saying so.
    const huge = fleet(1, 2);
    huge.alerts['g0a0'] = {
      ...huge.alerts['g0a0']!,
      annotations: { description: 'y'.repeat(ANSWER_BUDGET * 2) },
      ...ACTIVE,
    };
    const model2 = new ListModel(sourceOf(() => huge));
    const one = model2.answer(query({ find: { fingerprint: 'g0a0' } }));
    const row = one.items.find((r) => r.key === one.found?.key);
    assert.ok(row?.kind === 'alert');
    assert.equal(row.alert.clipped, true);
    assert.equal(row.alert.annotations['description']!.length, ROW_VALUE_CHARS + 1);
    assert.ok(JSON.stringify(one).length < 100_000);
    // The record itself is untouched (the detail shows it whole).
    assert.equal(huge.alerts['g0a0'].annotations['description']!.length, ANSWER_BUDGET * 2);
  });

  it('follows the view: a changed alert is answered, unchanged groups keep their rows', () => {
    let view = fleet(50, 10);
    const model = new ListModel(sourceOf(() => view));
    const before = model.answer(query({ find: { fingerprint: 'g7a1' } }));
    const next: ViewSnapshot = { ...view, seq: 2, alerts: { ...view.alerts } };
    next.alerts['g7a1'] = { ...view.alerts['g7a1']!, labels: { alertname: 'Changed' }, ...ACTIVE };
    view = next;
    const after = model.answer(query({ find: { fingerprint: 'g7a1' } }));
    assert.equal(after.seq, 2);
    const row = after.items.find((r) => r.kind === 'alert' && r.alert.fingerprint === 'g7a1');
    assert.equal(row?.kind === 'alert' && row.alert.labels['alertname'], 'Changed');
    // A group the change did not touch is the same object (its filter results were kept).
    const g3 = (a: ListAnswer) => a.items.find((r) => r.key === 'k3');
    assert.equal(g3(after), g3(before));
  });

  it('looks again only at the groups the core says a change touched', () => {
    let view = fleet(50, 10);
    const asked: [number, number][] = [];
    let touched: string[] = [];
    const model = new ListModel({
      ...sourceOf(() => view),
      changes: (from, to) => {
        asked.push([from, to]);
        return { groups: new Set(touched), alertCount: Object.keys(view.alerts).length };
      },
    });
    model.answer(query());
    // Every alert lookup from here on is counted: untouched groups are not compared.
    let lookups = 0;
    const alertsOf = (record: ViewSnapshot['alerts']) =>
      new Proxy(record, {
        get(target, k, receiver) {
          lookups++;
          return Reflect.get(target, k, receiver) as unknown;
        },
      });
    const next: ViewSnapshot = { ...view, seq: view.seq + 1, alerts: { ...view.alerts } };
    next.alerts['g7a1'] = { ...view.alerts['g7a1']!, labels: { alertname: 'Changed' }, ...ACTIVE };
    next.alerts = alertsOf(next.alerts);
    const seq = view.seq;
    view = next;
    touched = ['k7'];
    lookups = 0;
    const after = model.answer(query({ find: { fingerprint: 'g7a1' } }));
    assert.deepEqual(asked, [[seq, seq + 1]]);
    const row = after.items.find((r) => r.kind === 'alert' && r.alert.fingerprint === 'g7a1');
    assert.equal(row?.kind === 'alert' && row.alert.labels['alertname'], 'Changed');
    // The touched group's 10 alerts, and those of the few group rows sent around it (their
    // acknowledgements), not the fleet's 500.
    assert.ok(lookups <= 100, `${lookups} alert lookups`);
    assert.equal(after.counts.total, 500);
  });

  it('counts the hidden dead-man’s switch only while the hide is in effect', () => {
    const view = fleet(20, 5);
    view.alerts['g0a0'] = { ...view.alerts['g0a0']!, labels: { alertname: 'Watchdog' }, ...ACTIVE };
    view.groups['k0'] = { ...view.groups['k0']!, labels: {} };
    const model = new ListModel(sourceOf(() => view, 'alertname="Watchdog"'));
    const hidden = model.answer(query());
    assert.equal(hidden.counts.watchdogHidden, 1);
    assert.equal(hidden.counts.shown, hidden.counts.total - 1 - silencedCount(view));
    const named = model.answer(query({ text: 'alertname="Watchdog"' }));
    assert.equal(named.counts.watchdogHidden, 0);
    assert.equal(named.counts.shown, 1);
  });
});

function silencedCount(view: ViewSnapshot): number {
  return Object.values(view.alerts).filter(
    (a: AlertView) => a.state === 'suppressed' && a.labels['alertname'] !== 'Watchdog',
  ).length;
}

describe('ListModel follows polls', () => {
  it('answers each view as a model that never saw the ones before (random deltas)', () => {
    const r = prng(4242);
    let view: ViewSnapshot = { ...fleet(80, 6, 11), seq: 1 };
    const model = new ListModel(sourceOf(() => view));
    const queries = [
      () => query(),
      () => query({ text: 'eu' }),
      () => query({ groupBy: 'region' }),
      () => query({ top: 1_500, find: { fingerprint: 'g7a1' } }),
    ];
    for (let step = 0; step < 60; step++) {
      const alerts = { ...view.alerts };
      const groups = { ...view.groups };
      const keys = Object.keys(groups);
      for (let k = 0; k < 1 + Math.floor(r() * 5); k++) {
        // An alert changed: its state, severity or start (a new object, as the merger makes).
        const g = groups[keys[Math.floor(r() * keys.length)]!]!;
        const fp = g.alerts[Math.floor(r() * g.alerts.length)]!;
        const a = alerts[fp]!;
        alerts[fp] =
          r() < 0.3
            ? { ...a, state: 'suppressed', silencedBy: ['c1/s1'] }
            : {
                ...a,
                ...ACTIVE,
                severity: ORDER[Math.floor(r() * 3)]!,
                labels: { ...a.labels, severity: ORDER[Math.floor(r() * 3)]! },
                startsAt: new Date(Date.UTC(2026, 0, 2, 0, Math.floor(r() * 500))).toISOString(),
              };
      }
      if (r() < 0.2) {
        // A group resolved whole, or a new one fired.
        const gone = keys[Math.floor(r() * keys.length)]!;
        if (r() < 0.5 && keys.length > 10) {
          for (const fp of groups[gone]!.alerts) delete alerts[fp];
          delete groups[gone];
        } else {
          const fp = `new${step}`;
          alerts[fp] = alertView(fp, { alertname: 'New', severity: 'critical', region: 'eu' });
          groups[`n${step}`] = { ...groups[keys[0]!]!, key: `n${step}`, alerts: [fp] };
        }
      }
      view = { ...view, seq: view.seq + 1, alerts, groups };
      for (const make of queries) {
        const q = make();
        const want = new ListModel(sourceOf(() => view)).answer({ ...q, id: 0 });
        assert.deepEqual({ ...model.answer(q), id: 0 }, want, `step ${step} ${q.filter.text}`);
      }
    }
  });
});

describe('ListModel answers in slices (ask)', () => {
  /** A runner that yields at every step the list's loops offer, calling `between` each time. */
  function stepper(between: () => void = () => {}): { sliced: Sliced; slices: () => number } {
    let n = 0;
    const always: Pace = { due: () => true };
    const sliced: Sliced = async (make) => {
      const steps = make(always);
      for (;;) {
        const r = steps.next();
        if (r.done) return r.value;
        n++;
        between();
        await Promise.resolve();
      }
    };
    return { sliced, slices: () => n };
  }

  /** A model over `view` whose queries and follows yield at every step (stepper). */
  function stepped(view: () => ViewSnapshot): { model: ListModel; slices: () => number } {
    const { sliced, slices } = stepper();
    return { model: new ListModel(sourceOf(view), undefined, (fn) => fn(), sliced), slices };
  }

  it('answers in many slices what it answers at once, on the view of when it starts', async () => {
    const views = [fleet(60, 8, 1), fleet(60, 8, 2), fleet(70, 6, 3)].map((v, i) => ({
      ...v,
      seq: i + 1,
    }));
    let at = 0;
    // A poll lands between two slices: the query goes on with the view it started with.
    let changeAfter = -1;
    const { sliced, slices } = stepper(() => {
      if (changeAfter >= 0 && --changeAfter < 0) at = (at + 1) % views.length;
    });
    const sliceModel = new ListModel(
      sourceOf(() => views[at]!),
      undefined,
      (fn) => fn(),
      sliced,
    );
    const cases: ListQuery[] = [
      query(),
      query({ text: 'eu' }),
      query({ text: 'eu node1' }),
      query({ groupBy: 'region' }),
      query({ collapsed: { all: true, except: ['k3'] }, top: 300 }),
      query({ text: 'alertname="DiskFull"', top: 2_000 }),
    ];
    for (const [i, q] of cases.entries()) {
      const view = views[at]!;
      changeAfter = 3 + i;
      const before = slices();
      const got = await sliceModel.ask(q);
      const want = new ListModel(sourceOf(() => view)).answer(q);
      assert.ok(slices() - before > 3, `query ${i} was worked out in slices`);
      assert.notEqual(views[at], view, 'the view changed while it was answered');
      assert.equal(got.seq, view.seq);
      assert.deepEqual(got, want, `query ${i}`);
    }
  });

  it('answers one query after another, each from the view of when it starts', async () => {
    let view = { ...fleet(40, 10), seq: 1 };
    const events: string[] = [];
    let next: typeof view | undefined;
    const { sliced } = stepper(() => {
      if (next) [view, next] = [next, undefined];
    });
    const model = new ListModel(
      sourceOf(() => {
        events.push(`start ${view.seq}`);
        return view;
      }),
      undefined,
      (fn) => fn(),
      sliced,
    );
    const first = model.ask(query()).then((a) => events.push(`done ${a.seq}`));
    const second = model.ask(query({ text: 'us' })).then((a) => events.push(`done ${a.seq}`));
    // Asked before the first started: it takes the view the core has when its turn comes.
    view = { ...fleet(40, 10, 9), seq: 2 };
    await Promise.all([first, second]);
    assert.deepEqual(events, ['start 2', 'done 2', 'start 2', 'done 2']);
    // The core's view changes after the third query's first slice.
    next = { ...fleet(40, 10, 10), seq: 3 };
    const third = await model.ask(query({ text: 'eu' }));
    assert.equal(third.seq, 2, 'answered from the view it started with');
    assert.equal(view.seq, 3);
    assert.equal((await model.ask(query())).seq, 3);
  });

  it('makes the search text in the background only while no query is answered', async () => {
    // Every read of an alert's annotations is counted: the search text reads them all.
    let reads = 0;
    const view = fleet(60, 8);
    for (const [fp, a] of Object.entries(view.alerts))
      view.alerts[fp] = {
        ...a,
        annotations: new Proxy(
          { summary: `s ${fp}` },
          {
            ownKeys(t) {
              reads++;
              return Reflect.ownKeys(t);
            },
          },
        ),
      };
    const timers: (() => void)[] = [];
    let readsBetween = 0;
    const { sliced } = stepper(() => {
      // Timers fire between two slices of the query: the search text's slice does nothing.
      const due = timers.splice(0);
      const before = reads;
      for (const fn of due) fn();
      readsBetween += reads - before;
    });
    const model = new ListModel(
      sourceOf(() => view),
      undefined,
      (fn) => timers.push(fn),
      sliced,
    );
    const answer = await model.ask(query());
    assert.equal(answer.counts.total, 480);
    assert.equal(readsBetween, 0, 'no search text was made while the query was answered');
    // Once answered, the slice held is scheduled again and makes the text.
    assert.equal(timers.length, 1);
    const before = reads;
    while (timers.length > 0) timers.shift()!();
    assert.ok(reads - before >= 480, `${reads - before} annotation reads after the query`);
  });

  it('follows a new view ahead of the windows: their next questions are lookups', async () => {
    let view = { ...fleet(50, 6, 1), seq: 1 };
    const { model, slices } = stepped(() => view);
    const scrolled = query({ text: 'eu', top: 400, find: { key: 'k3' } });
    const grouped = query({ groupBy: 'region' });
    const first = query();
    // Three lists asked: the two asked last are followed.
    for (const q of [first, scrolled, grouped]) await model.ask(q);
    view = { ...fleet(50, 6, 2), seq: 2 };
    let before = slices();
    await model.follow();
    assert.ok(slices() - before > 3, 'the lists were made again in slices');
    for (const q of [scrolled, grouped]) {
      before = slices();
      const got = await model.ask(q);
      assert.equal(slices() - before, 0, `${q.filter.text || q.filter.groupBy}: no work left`);
      assert.deepEqual(got, new ListModel(sourceOf(() => view)).answer(q), 'the new view');
      assert.equal(got.seq, 2);
    }
    // The list asked before them was not made again: the window showing it works for it.
    before = slices();
    const old = await model.ask({ ...first, id: ++nextId });
    assert.ok(slices() - before > 0);
    assert.equal(old.seq, 2);
  });

  it('while it follows, answers the lists built at once from the view windows know', async () => {
    let view = { ...fleet(50, 6, 1), seq: 1 };
    const old = view;
    const asked: Promise<ListAnswer>[] = [];
    let during: (() => void) | null = null;
    const { sliced, slices } = stepper(() => {
      const fn = during;
      during = null;
      fn?.();
    });
    const model = new ListModel(
      sourceOf(() => view),
      undefined,
      (fn) => fn(),
      sliced,
    );
    const scrolled = query({ text: 'eu', top: 300 });
    await model.ask(scrolled);
    view = { ...fleet(50, 6, 2), seq: 2 };
    let before = -1;
    let doneAt = -1;
    during = () => {
      before = slices();
      // The same list further down, and a list never built: asked in the follow's first slice.
      asked.push(
        model.ask({ ...scrolled, id: ++nextId, top: 900 }).then((a) => {
          sameAt = slices();
          return a;
        }),
      );
      asked.push(model.ask(query({ text: 'us' })));
    };
    let sameAt = -1;
    await model.follow().then(() => (doneAt = slices()));
    const [same, fresh] = await Promise.all(asked);
    assert.equal(same!.seq, 1, 'the list built: from the view the window was told about');
    assert.deepEqual(
      same,
      new ListModel(sourceOf(() => old)).answer({ ...scrolled, id: same!.id, top: 900 }),
    );
    assert.ok(before >= 0 && sameAt === before, 'answered at once');
    assert.ok(doneAt > before + 3, 'while the follow went on');
    assert.equal(fresh!.seq, 2, 'a list not built waits for the follow and is of the new view');
    const after = await model.ask({ ...scrolled, id: ++nextId });
    assert.equal(after.seq, 2, 'once followed, the new view');
  });

  // At 100,000 alerts under churn merges come one after another: a follow was often queued
  // behind a query or the follow before it, and a window scrolling its list (made, and told
  // about) waited behind all of it, 150–500 ms.
  it('while a follow waits its turn, answers the lists windows were told about at once', async () => {
    let view = { ...fleet(50, 6, 1), seq: 1 };
    const { model, slices } = stepped(() => view);
    const scrolled = query({ text: 'eu', top: 300 });
    await model.ask(scrolled);
    view = { ...fleet(50, 6, 2), seq: 2 };
    await model.follow();
    const told = view;
    view = { ...fleet(50, 6, 3), seq: 3 };
    // Work ahead of the next follow: a list never built (a window typing), then the follow.
    let queuedDone = false;
    const typing = model.ask(query({ text: 'us' }));
    const followed = model.follow().then(() => (queuedDone = true));
    const before = slices();
    const same = await model.ask({ ...scrolled, id: ++nextId, top: 900 });
    assert.equal(queuedDone, false, 'answered before the work queued ahead of it was done');
    assert.ok(slices() - before <= 1, `answered at once: ${slices() - before} slices went by`);
    assert.equal(same.seq, 2, 'from the view the window was told about');
    assert.deepEqual(
      same,
      new ListModel(sourceOf(() => told)).answer({ ...scrolled, id: same.id, top: 900 }),
    );
    await Promise.all([typing, followed]);
    const after = await model.ask({ ...scrolled, id: ++nextId });
    assert.equal(after.seq, 3, 'once followed, the new view');
    // No follow waiting: a list is answered on the view as it is, not from what was told.
    view = { ...fleet(50, 6, 4), seq: 4 };
    assert.equal((await model.ask({ ...scrolled, id: ++nextId })).seq, 4);
  });

  it("a follow's slices are background work, and go first while a query waits behind it", async () => {
    let view = { ...fleet(30, 5, 1), seq: 1 };
    const urgency: { what: string; urgent: boolean }[] = [];
    let asking = false;
    const sliced: Sliced = async (make, urgent) => {
      const what = asking ? 'query' : 'follow';
      const steps = make({ due: () => true });
      for (;;) {
        const r = steps.next();
        if (r.done) return r.value;
        urgency.push({ what, urgent: urgent() });
        await Promise.resolve();
      }
    };
    const model = new ListModel(
      sourceOf(() => view),
      undefined,
      (fn) => fn(),
      sliced,
    );
    await model.follow();
    assert.ok(urgency.length > 0 && urgency.every((u) => !u.urgent), 'alone: background');
    urgency.length = 0;
    view = { ...fleet(30, 5, 2), seq: 2 };
    const followed = model.follow();
    asking = false;
    const answered = model.ask(query({ text: 'eu' }));
    await followed;
    asking = true;
    await answered;
    const during = urgency.filter((u) => u.what === 'follow');
    assert.ok(during.length > 0 && during.every((u) => u.urgent), 'a query waits: first');
    assert.ok(urgency.filter((u) => u.what === 'query').every((u) => u.urgent));
  });

  it('follows once for the view changes made before it begins, and never rejects', async () => {
    let view = { ...fleet(20, 4, 1), seq: 1 };
    let reads = 0;
    let fail = false;
    const { sliced } = stepper();
    const model = new ListModel(
      sourceOf(() => {
        reads++;
        if (fail) throw new Error('no view');
        return view;
      }),
      undefined,
      (fn) => fn(),
      sliced,
    );
    await model.ask(query());
    const asked = model.ask(query({ text: 'us' }));
    view = { ...fleet(20, 4, 2), seq: 2 };
    const a = model.follow();
    view = { ...fleet(20, 4, 3), seq: 3 };
    const b = model.follow();
    assert.equal(a, b, 'one follow for both changes');
    reads = 0;
    await Promise.all([asked, a]);
    // The query, then the follow's two lists, each reading the view once when it begins.
    assert.equal(reads, 3);
    const c = model.follow();
    assert.notEqual(c, a, 'a change after the follow began follows again');
    await c;
    fail = true;
    await model.follow();
    fail = false;
    assert.equal((await model.ask(query())).seq, 3);
  });

  it('with no list asked yet, a follow prepares the groups for the first', async () => {
    const view = { ...fleet(30, 5, 1), seq: 1 };
    const { model, slices } = stepped(() => view);
    await model.follow();
    assert.ok(slices() > 0, 'groups prepared');
    const q = query();
    assert.deepEqual(await model.ask(q), new ListModel(sourceOf(() => view)).answer(q));
  });

  it('a failed query does not stop the next', async () => {
    let fail = true;
    const view = fleet(10, 3);
    const model = new ListModel(
      sourceOf(() => {
        if (fail) throw new Error('no view');
        return view;
      }),
      undefined,
      (fn) => fn(),
      stepper().sliced,
    );
    await assert.rejects(model.ask(query()), /no view/);
    fail = false;
    assert.equal((await model.ask(query())).counts.total, 30);
  });
});

describe('ListModel: what the window no longer works out from alerts it holds', () => {
  function withSilences(): ViewSnapshot {
    const view = fleet(3, 4);
    for (const fp of Object.keys(view.alerts)) view.alerts[fp] = { ...view.alerts[fp]!, ...ACTIVE };
    const mute = (fp: string, keys: string[]) =>
      (view.alerts[fp] = { ...view.alerts[fp]!, state: 'suppressed', silencedBy: keys });
    mute('g0a0', ['c1/ack']);
    mute('g0a1', ['c1/ack', 'c1/other']);
    mute('g0a2', ['c1/ack']);
    mute('g0a3', ['c1/ack']);
    mute('g1a0', ['c1/other']);
    view.alerts['g2a0'] = {
      ...view.alerts['g2a0']!,
      state: 'suppressed',
      inhibitedBy: ['g1a1', 'gone'],
    };
    const silence = (key: string, mine: boolean) =>
      ({
        key,
        state: 'active',
        ack: { mine },
      }) as unknown as ViewSnapshot['silences'][string];
    view.silences = { 'c1/ack': silence('c1/ack', true), 'c1/other': silence('c1/other', false) };
    return view;
  }
  const all = { showSilenced: true, showInhibited: true };

  it('counts and lists what each silence mutes', () => {
    const model = new ListModel(sourceOf(withSilences));
    assert.deepEqual(model.affected(), { 'c1/ack': 4, 'c1/other': 2 });
    const other = model.silenced('c1/other');
    assert.equal(other.total, 2);
    assert.deepEqual(other.alerts.map((a) => a.fingerprint).sort(), ['g0a1', 'g1a0']);
  });

  it('says which selected items are still in view', () => {
    const model = new ListModel(sourceOf(withSilences));
    assert.deepEqual(
      model.present([
        { groupKey: 'k1' },
        { groupKey: 'gone' },
        { fingerprint: 'g0a0', clusterId: 'c1' },
        { fingerprint: 'g0a0', clusterId: 'c2' },
        { fingerprint: 'nope', clusterId: 'c1' },
      ]),
      [true, false, true, false, false],
    );
  });

  it('sends with rows what their components read: acks, inhibitors, group labels', () => {
    const model = new ListModel(sourceOf(withSilences));
    const q = query({ height: 5_000 });
    const a = model.answer({ ...q, filter: { ...q.filter, ...all } });
    const g0 = a.items.find((r) => r.key === 'k0');
    const g1 = a.items.find((r) => r.key === 'k1');
    assert.ok(g0?.kind === 'group' && g1?.kind === 'group');
    assert.deepEqual([...g0.silencedBy].sort(), ['c1/ack', 'c1/other']);
    assert.equal(g0.allAckedByMe, true);
    assert.equal(g1.allAckedByMe, false);
    // How many are acknowledged, by anyone: the header says "1 of 4", not the group handled.
    assert.deepEqual(g0.acked, { alerts: 4, of: 4 });
    assert.deepEqual(g1.acked, { alerts: 1, of: 4 });
    const inhibited = a.items.find((r) => r.kind === 'alert' && r.alert.fingerprint === 'g2a0');
    assert.ok(inhibited?.kind === 'alert');
    assert.equal(inhibited.clusterId, 'c1');
    assert.equal(inhibited.groupLabels['alertname'], 'NodeDown');
    assert.deepEqual(
      inhibited.inhibitors?.map((i) => i.fingerprint),
      ['g1a1'],
      'only inhibitors in the view',
    );
  });

  it('follows a change of silences alone: the group row says whose acknowledgement it is', () => {
    let view = withSilences();
    const model = new ListModel(sourceOf(() => view));
    const q = query({ height: 5_000 });
    const ask = () => model.answer({ ...q, id: ++nextId, filter: { ...q.filter, ...all } });
    const g0 = () => ask().items.find((r) => r.key === 'k0');
    assert.equal((g0() as { allAckedByMe?: boolean }).allAckedByMe, true);
    // Another install's ack now (the ledger forgot it): the same alert and group records.
    const ack = { ...view.silences['c1/ack']!, ack: { by: 'someone', mine: false } };
    view = { ...view, seq: view.seq + 1, silences: { ...view.silences, 'c1/ack': ack } };
    assert.equal((g0() as { allAckedByMe?: boolean }).allAckedByMe, false);
  });

  it('counts severities by any name a server sends, "__proto__" too', () => {
    const view = fleet(2, 3);
    for (const [i, fp] of Object.keys(view.alerts).entries())
      view.alerts[fp] = { ...view.alerts[fp]!, ...ACTIVE, severity: i < 2 ? '__proto__' : 'info' };
    const counts = new ListModel(sourceOf(() => view)).answer(query()).counts;
    assert.equal(Object.getOwnPropertyDescriptor(counts.bySeverity, '__proto__')?.value, 2);
    assert.equal(counts.bySeverity['info'], 4);
    assert.equal(counts.byState.active, 6);
  });
});

describe('ListModel alert rows say what their group shares', () => {
  it('each alert row carries its group’s common labels, wherever the answer starts', () => {
    // Groups of 30 alerts sharing region per group (made for every group before a first
    // answer; now only for the rows sent): rows are taken down from the viewport and up from
    // it, so a row's group header may be above the answer's first row.
    const view = fleet(20, 30);
    for (const g of Object.values(view.groups)) {
      const region = Number(g.key.slice(1)) % 2 === 0 ? 'eu' : 'us';
      for (const fp of g.alerts) {
        const a = view.alerts[fp]!;
        view.alerts[fp] = { ...a, labels: { ...a.labels, region, zone: `${g.key}-z` } };
      }
    }
    const model = new ListModel(sourceOf(() => view));
    const first = model.answer(query());
    for (const top of [0, first.height / 3, first.height / 2 + 17, first.height - 300]) {
      const a = model.answer(query({ top }));
      let checked = 0;
      for (const row of a.items) {
        if (row.kind !== 'alert') continue;
        const g = view.groups[row.viewGroupKey]!;
        const region = Number(g.key.slice(1)) % 2 === 0 ? 'eu' : 'us';
        assert.equal(row.groupCommon.region, region, `${row.key} at ${top}`);
        assert.equal(row.groupCommon.zone, `${g.key}-z`, `${row.key} at ${top}`);
        checked++;
      }
      assert.ok(checked > 10, `${checked} alert rows at ${top}`);
    }
  });
});

describe('sections count each alert once', () => {
  it('an alert in two groups of a section counts once, as the list does', () => {
    const view = fleet(4, 6);
    for (const fp of Object.keys(view.alerts)) view.alerts[fp] = { ...view.alerts[fp]!, ...ACTIVE };
    // Group k1 also holds two of k0's alerts (a second receiver's route, or a second
    // Alertmanager's group of the same alert).
    const k1 = view.groups['k1']!;
    view.groups['k1'] = { ...k1, alerts: [...k1.alerts, 'g0a0', 'g0a1'] };
    const model = new ListModel(sourceOf(() => view));
    const a = model.answer(query({ groupBy: 'region', height: 50_000 }));
    const sections = a.items.filter((r) => r.kind === 'section');
    assert.ok(sections.length >= 2);
    const sum = sections.reduce((n, r) => n + (r.kind === 'section' ? r.alerts : 0), 0);
    assert.equal(sum, a.counts.shown, 'the sections add up to "N of M"');
    assert.equal(a.counts.shown, 24);
  });
});
