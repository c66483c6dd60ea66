// The tray for "alerting pipeline silent" (issue 32): its own icon, a tooltip part and a menu
// line that opens the window; a critical alert keeps the critical icon.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ViewSnapshot } from '../../main/core/model/view.ts';
import { buildTrayMenu, trayIconState, type MenuItemModel } from '../../main/electron/tray-menu.ts';
import { emptySnapshot } from '../support/fake-core.ts';
import { standaloneCluster } from '../support/views.ts';

const ORDER = ['critical', 'error', 'warning', 'info'];
const NOW = Date.parse('2026-03-01T12:00:00Z');

function silentSnapshot(patch: Partial<ViewSnapshot['summary']> = {}): ViewSnapshot {
  const s = emptySnapshot();
  s.clusters = { 'instance:am1': { ...standaloneCluster('am1'), name: 'prod' } };
  s.summary = { ...s.summary, worst: 'ok', pipelineSilent: ['instance:am1'], ...patch };
  return s;
}

describe('tray: pipeline silent', () => {
  it('icon, tooltip and a menu line that opens the window', () => {
    const m = buildTrayMenu(silentSnapshot(), { now: NOW, severityOrder: ORDER });
    assert.equal(m.icon, 'pipeline-silent');
    assert.match(m.tooltip, /alerting pipeline silent on prod/);
    const item = m.items.find(
      (i): i is Extract<MenuItemModel, { type: 'item' }> =>
        i.type === 'item' && i.id === 'pipeline-silent',
    );
    assert.equal(item?.label, 'Alerting pipeline silent on prod');
    assert.deepEqual(item?.action, { type: 'open-window', navigate: { view: 'alerts' } });
  });

  it('critical beats it in the icon; the menu line stays', () => {
    const s = silentSnapshot({ worst: 'critical' });
    assert.equal(trayIconState(s, false), 'critical');
    const m = buildTrayMenu(s, { now: NOW, severityOrder: ORDER });
    assert.ok(m.items.some((i) => i.type === 'item' && i.id === 'pipeline-silent'));
  });

  it('a group of only the Watchdog is not listed as firing', () => {
    const s = silentSnapshot({ pipelineSilent: [] });
    const labels = { alertname: 'Watchdog', severity: 'none' };
    s.alerts['wd'] = {
      fingerprint: 'wd',
      labels,
      annotations: {},
      startsAt: '2026-03-01T10:00:00Z',
      endsAt: '2026-03-01T13:00:00Z',
      updatedAt: '2026-03-01T11:59:00Z',
      state: 'active',
      silencedBy: [],
      inhibitedBy: [],
      statusByCluster: { 'instance:am1': { state: 'active', silencedBy: [], inhibitedBy: [] } },
      receivers: ['null'],
      instances: ['am1'],
      clusters: ['instance:am1'],
      severity: 'none',
      stale: false,
    };
    s.groups['g'] = {
      key: 'g',
      clusterId: 'instance:am1',
      receivers: ['null'],
      labels: { alertname: 'Watchdog' },
      alerts: ['wd'],
      counts: { active: 1, suppressed: 0, unprocessed: 0 },
      severity: 'none',
      stale: false,
    };
    const listed = (watchdog: string) =>
      buildTrayMenu(s, { now: NOW, severityOrder: ORDER, watchdog }).items.some(
        (i) => i.type === 'item' && /Watchdog/.test(i.label),
      );
    assert.equal(listed('alertname="Watchdog"'), false);
    assert.equal(listed(''), true, 'with the watch off it is an alert like any other');
  });
});
