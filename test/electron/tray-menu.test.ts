// The tray's menu model, tooltip and icon for given snapshots.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GroupView, ViewSnapshot } from '../../main/core/model/view.ts';
import {
  UNTIL_RESUMED_ISO,
  buildTrayMenu,
  trayIconState,
  menuText,
  type MenuItemModel,
} from '../../main/electron/tray-menu.ts';
import { emptySnapshot } from '../support/fake-core.ts';
import { standaloneCluster } from '../support/views.ts';

const ORDER = ['critical', 'error', 'warning', 'info'];
const NOW = Date.parse('2026-03-01T12:00:00Z');

function group(
  key: string,
  severity: string,
  active: number,
  labels: Record<string, string>,
): GroupView {
  return {
    key,
    clusterId: 'instance:am1',
    receivers: ['team-a'],
    labels,
    alerts: [],
    counts: { active, suppressed: 0, unprocessed: 0 },
    severity,
    stale: false,
  };
}

function snapshotWith(
  groups: GroupView[],
  patch: Partial<ViewSnapshot['summary']> = {},
): ViewSnapshot {
  const s = emptySnapshot();
  s.clusters = {
    'instance:am1': standaloneCluster('am1'),
  };
  for (const g of groups) s.groups[g.key] = g;
  s.summary = { ...s.summary, ...patch };
  return s;
}

function find(items: MenuItemModel[], id: string): MenuItemModel | undefined {
  for (const item of items) {
    if (item.type !== 'item') continue;
    if (item.id === id) return item;
    const inner = item.submenu && find(item.submenu, id);
    if (inner) return inner;
  }
  return undefined;
}

const ids = (items: MenuItemModel[]) => items.map((i) => (i.type === 'item' ? i.id : '-'));

describe('tray menu model', () => {
  it('Start from template: one click per template, a cluster submenu when there are several', () => {
    const templates = [{ id: 't1', name: 'DB maintenance' }];
    const one = snapshotWith([]);
    one.clusters = { c1: { ...standaloneCluster('c1'), id: 'c1' } };
    const m1 = buildTrayMenu(one, { now: NOW, severityOrder: ORDER, templates });
    const item = find(m1.items, 'template:t1');
    assert.ok(item && item.type === 'item');
    assert.deepEqual(item.action, { type: 'start-template', templateId: 't1', clusterId: 'c1' });
    const two = snapshotWith([]);
    two.clusters = {
      c1: { ...standaloneCluster('c1'), id: 'c1' },
      c2: { ...standaloneCluster('c2'), id: 'c2' },
    };
    const m2 = buildTrayMenu(two, { now: NOW, severityOrder: ORDER, templates });
    const picked = find(m2.items, 'template:t1:c2');
    assert.ok(picked && picked.type === 'item');
    assert.deepEqual(picked.action, { type: 'start-template', templateId: 't1', clusterId: 'c2' });
    assert.equal(
      find(buildTrayMenu(one, { now: NOW, severityOrder: ORDER }).items, 'templates'),
      undefined,
    );
  });

  it('quiet snapshot: nothing firing, ok icon, the fixed items', () => {
    const m = buildTrayMenu(snapshotWith([]), { now: NOW, severityOrder: ORDER });
    assert.equal(m.icon, 'ok');
    assert.equal(m.tooltip, 'Alertmanager Tray: nothing firing');
    assert.deepEqual(ids(m.items), [
      'no-alerts',
      '-',
      'open',
      'pause',
      'refresh',
      'settings',
      '-',
      'quit',
    ]);
    const pause = find(m.items, 'pause');
    assert.ok(pause?.type === 'item' && pause.submenu);
    assert.deepEqual(
      pause.submenu.map((i) => (i.type === 'item' ? i.action : undefined)),
      [
        { type: 'snooze', untilIso: '2026-03-01T12:30:00.000Z' },
        { type: 'snooze', untilIso: '2026-03-01T13:00:00.000Z' },
        { type: 'snooze', untilIso: UNTIL_RESUMED_ISO },
      ],
    );
  });

  it('lists firing groups worst first, top N, each with Acknowledge and Silence for 15m/1h/4h/1d', () => {
    const groups = [
      group('g-warn', 'warning', 5, { alertname: 'HighLatency' }),
      group('g-crit', 'critical', 1, { alertname: 'DiskFull' }),
      group('g-info', 'info', 9, { alertname: 'Info' }),
      group('g-quiet', 'critical', 0, { alertname: 'AllSilenced' }),
      group('g-crit2', 'critical', 3, { alertname: 'NodeDown', job: 'node' }),
    ];
    const m = buildTrayMenu(
      snapshotWith(groups, {
        worst: 'critical',
        firing: 18,
        bySeverity: { critical: 4, warning: 5, info: 9 },
      }),
      { now: NOW, severityOrder: ORDER, maxGroups: 3 },
    );
    assert.deepEqual(ids(m.items).slice(0, 4), [
      'group:g-crit2',
      'group:g-crit',
      'group:g-warn',
      'more-groups',
    ]);
    const top = m.items[0];
    assert.ok(top?.type === 'item');
    // Label names where a group has several (a bare "NodeDown · node" is unreadable).
    assert.equal(top.label, '[critical] NodeDown · job=node (3)');
    assert.deepEqual(
      top.submenu?.flatMap((i) => (i.type === 'item' && i.action ? [i.action] : [])),
      [
        { type: 'open-window', navigate: { view: 'alerts', groupKey: 'g-crit2' } },
        { type: 'ack-group', groupKey: 'g-crit2' },
        { type: 'silence-group', groupKey: 'g-crit2', durationMs: 15 * 60_000 },
        { type: 'silence-group', groupKey: 'g-crit2', durationMs: 3_600_000 },
        { type: 'silence-group', groupKey: 'g-crit2', durationMs: 4 * 3_600_000 },
        { type: 'silence-group', groupKey: 'g-crit2', durationMs: 86_400_000 },
      ],
    );
    const more = find(m.items, 'more-groups');
    assert.ok(more?.type === 'item');
    assert.equal(more.label, '1 more…');
    assert.equal(find(m.items, 'group:g-quiet'), undefined);
    assert.equal(m.icon, 'critical');
    assert.equal(m.tooltip, 'Alertmanager Tray: 18 firing (4 critical, 5 warning, 9 info)');
  });

  it('icon: warning, unreachable, stale, paused; critical shows even when paused', () => {
    const base = { now: NOW, severityOrder: ORDER };
    assert.equal(buildTrayMenu(snapshotWith([], { worst: 'warning' }), base).icon, 'warning');
    assert.equal(
      buildTrayMenu(snapshotWith([], { worst: 'unreachable', unreachableInstances: ['am1'] }), base)
        .icon,
      'unreachable',
    );
    assert.equal(
      buildTrayMenu(snapshotWith([], { staleClusters: ['c'] }), base).icon,
      'unreachable',
    );
    const paused = { ...base, snoozeUntil: '2026-03-01T13:00:00.000Z' };
    assert.equal(buildTrayMenu(snapshotWith([], { worst: 'warning' }), paused).icon, 'paused');
    assert.equal(buildTrayMenu(snapshotWith([], { worst: 'critical' }), paused).icon, 'critical');
    // A snooze in the past is no pause.
    const over = { ...base, snoozeUntil: '2026-03-01T11:00:00.000Z' };
    assert.equal(buildTrayMenu(snapshotWith([]), over).icon, 'ok');
  });

  it('paused: a Resume item and the pause in the tooltip', () => {
    const m = buildTrayMenu(snapshotWith([]), {
      now: NOW,
      severityOrder: ORDER,
      snoozeUntil: '2026-03-01T13:00:00.000Z',
      formatTime: () => '13:00',
    });
    const resume = find(m.items, 'resume');
    assert.ok(resume?.type === 'item');
    assert.deepEqual(resume.action, { type: 'snooze', untilIso: null });
    assert.equal(find(m.items, 'pause'), undefined);
    assert.equal(m.tooltip, 'Alertmanager Tray: nothing firing · notifications paused until 13:00');
    const forever = buildTrayMenu(snapshotWith([]), {
      now: NOW,
      severityOrder: ORDER,
      snoozeUntil: UNTIL_RESUMED_ISO,
    });
    assert.match(forever.tooltip, /notifications paused$/);
  });

  it('instances with no data are listed and counted', () => {
    const s = snapshotWith([], {
      worst: 'unreachable',
      unreachableInstances: ['am1', 'am2'],
      missingData: ['am1', 'am2'],
    });
    s.instances.am1 = { name: 'prod-eu' } as ViewSnapshot['instances'][string];
    const m = buildTrayMenu(s, { now: NOW, severityOrder: ORDER });
    const item = find(m.items, 'unreachable');
    assert.ok(item?.type === 'item');
    assert.equal(item.label, 'No data from: prod-eu, am2');
    assert.equal(m.tooltip, 'Alertmanager Tray: nothing firing · no data from 2 instances');
    assert.equal(m.icon, 'unreachable');
  });

  it('a dead instance never hides a critical alert: critical with the no-data badge', () => {
    const s = snapshotWith([], {
      worst: 'critical',
      firing: 5,
      bySeverity: { critical: 5 },
      unreachableInstances: ['am2'],
      missingData: ['am2'],
    });
    const m = buildTrayMenu(s, { now: NOW, severityOrder: ORDER });
    assert.equal(m.icon, 'critical-nodata');
    assert.match(m.tooltip, /5 firing \(5 critical\).*no data from 1 instance/);
    assert.equal(
      trayIconState({ ...s, summary: { ...s.summary, worst: 'warning' } }, false),
      'warning-nodata',
    );
    assert.equal(trayIconState(s, true), 'critical-nodata', 'paused never hides critical');
    assert.equal(
      trayIconState({ ...s, summary: { ...s.summary, worst: 'warning' } }, true),
      'paused-nodata',
    );
  });

  it('a peer down while its cluster answers is degraded, not missing data', () => {
    const s = snapshotWith([], {
      worst: 'ok',
      unreachableInstances: ['am2'],
      degradedClusters: ['c1'],
    });
    s.clusters.c1 = { name: 'prod' } as ViewSnapshot['clusters'][string];
    const m = buildTrayMenu(s, { now: NOW, severityOrder: ORDER });
    assert.equal(m.icon, 'ok');
    assert.equal(find(m.items, 'unreachable'), undefined);
    const item = find(m.items, 'degraded');
    assert.ok(item?.type === 'item');
    assert.equal(item.label, 'Degraded (a peer is down): prod');
    assert.equal(m.tooltip, 'Alertmanager Tray: nothing firing · 1 cluster degraded');
  });

  it('group entries show how long the oldest active alert has fired', () => {
    const g = group('g-crit', 'critical', 2, { alertname: 'DiskFull' });
    g.alerts = ['f1', 'f2'];
    const s = snapshotWith([g], { worst: 'critical', firing: 2, bySeverity: { critical: 2 } });
    const alert = (fp: string, startsAt: string) =>
      ({ fingerprint: fp, state: 'active', startsAt }) as ViewSnapshot['alerts'][string];
    s.alerts.f1 = alert('f1', new Date(NOW - 12 * 60_000).toISOString());
    s.alerts.f2 = alert('f2', new Date(NOW - 3 * 60_000).toISOString());
    const m = buildTrayMenu(s, { now: NOW, severityOrder: ORDER });
    const item = find(m.items, 'group:g-crit');
    assert.ok(item?.type === 'item');
    assert.equal(item.label, '[critical] DiskFull (2, 12m)');
  });

  it("a group's entry says whose acks silence some of its alerts", () => {
    const g = group('g-crit', 'critical', 1, { alertname: 'DiskFull' });
    g.alerts = ['f1', 'f2', 'f3'];
    const s = snapshotWith([g], { worst: 'critical', firing: 1, bySeverity: { critical: 1 } });
    const alert = (fp: string, silencedBy: string[]) =>
      ({
        fingerprint: fp,
        silencedBy,
        startsAt: new Date(NOW).toISOString(),
      }) as ViewSnapshot['alerts'][string];
    const ack = (id: string, by: string, mine: boolean, state = 'active') =>
      ({
        key: `c1/${id}`,
        id,
        state,
        createdBy: by,
        ack: { by, mine },
      }) as ViewSnapshot['silences'][string];
    s.alerts = {
      f1: alert('f1', ['c1/a']),
      f2: alert('f2', ['c1/b', 'c1/a']),
      f3: alert('f3', []),
    };
    s.silences = { 'c1/a': ack('a', 'me', true), 'c1/b': ack('b', 'alice', false) };
    const label = () =>
      find(buildTrayMenu(s, { now: NOW, severityOrder: ORDER }).items, 'group-acked:g-crit');
    assert.deepEqual(label(), {
      type: 'item',
      id: 'group-acked:g-crit',
      label: 'Acknowledged by you, alice',
      enabled: false,
    });
    // Un-acknowledge ends this install's acks only; alice's is never offered.
    const unack = () =>
      find(buildTrayMenu(s, { now: NOW, severityOrder: ORDER }).items, 'group-unack:g-crit');
    assert.deepEqual(unack(), {
      type: 'item',
      id: 'group-unack:g-crit',
      label: 'Un-acknowledge (notify again)',
      action: { type: 'unack-group', groupKey: 'g-crit', silenceKeys: ['c1/a'] },
    });
    s.silences = { 'c1/b': ack('b', 'alice', false) };
    assert.ok(label(), "alice's ack is said");
    assert.equal(unack(), undefined, "someone else's ack: no Un-acknowledge");
    s.silences = { 'c1/a': ack('a', 'me', false, 'expired') };
    assert.equal(label(), undefined, 'no active ack: nothing said');
  });

  it('silences ending within the hour are listed with Extend 1 hour', () => {
    const s = snapshotWith([]);
    const silence = (key: string, endsInMin: number, state = 'active') =>
      ({
        key,
        id: key.split('/')[1],
        clusterId: 'c1',
        matchers: [{ name: 'alertname', value: 'DiskFull', isRegex: false, isEqual: true }],
        startsAt: new Date(NOW - 3_600_000).toISOString(),
        endsAt: new Date(NOW + endsInMin * 60_000).toISOString(),
        updatedAt: new Date(NOW).toISOString(),
        createdBy: 'a',
        comment: 'c',
        state,
      }) as ViewSnapshot['silences'][string];
    s.silences = {
      'c1/soon': silence('c1/soon', 12),
      'c1/later': silence('c1/later', 90),
      'c1/sooner': silence('c1/sooner', 5),
      'c1/done': silence('c1/done', -5, 'expired'),
    };
    const m = buildTrayMenu(s, { now: NOW, severityOrder: ORDER });
    const ending = m.items.filter((i) => i.type === 'item' && i.id.startsWith('ending:'));
    assert.deepEqual(
      ending.map((i) => (i.type === 'item' ? i.label : '')),
      ['alertname="DiskFull" — ends in 5m', 'alertname="DiskFull" — ends in 12m'],
    );
    const extend = find(m.items, 'extend:c1/soon');
    assert.ok(extend?.type === 'item');
    assert.deepEqual(extend.action, {
      type: 'extend-silence',
      silenceKey: 'c1/soon',
      durationMs: 3_600_000,
    });
  });

  it('offers Undo for the last quick silence while it is given', () => {
    const none = buildTrayMenu(snapshotWith([]), { now: NOW, severityOrder: ORDER });
    assert.equal(find(none.items, 'undo-silence'), undefined);
    const m = buildTrayMenu(snapshotWith([]), {
      now: NOW,
      severityOrder: ORDER,
      undo: { label: 'silence of DiskFull (2)', silenceKeys: ['c1/a', 'c1/b'] },
    });
    const undo = find(m.items, 'undo-silence');
    assert.ok(undo?.type === 'item');
    assert.equal(undo.label, 'Undo: silence of DiskFull (2)');
    assert.deepEqual(undo.action, { type: 'undo-silence', silenceKeys: ['c1/a', 'c1/b'] });
  });

  it('after waking, says what happened while away first, and opens the Timeline', () => {
    const none = buildTrayMenu(snapshotWith([]), { now: NOW, severityOrder: ORDER });
    assert.equal(find(none.items, 'away'), undefined);
    const m = buildTrayMenu(snapshotWith([]), {
      now: NOW,
      severityOrder: ORDER,
      away: { fired: 12, resolved: 9 },
    });
    const away = m.items[0];
    assert.ok(away?.type === 'item');
    assert.equal(away.id, 'away');
    assert.equal(away.label, 'While you were away: 12 fired, 9 resolved');
    assert.deepEqual(away.action, { type: 'open-window', navigate: { view: 'timeline' } });
  });

  it('labels from alerts are made safe for a menu', () => {
    assert.equal(menuText('R&D\nalert'), 'R&&D alert');
    assert.equal(menuText('x'.repeat(100)).length, 60);
  });
});
