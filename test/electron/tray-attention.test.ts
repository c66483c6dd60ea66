// The tray says what needs attention and when notifications are held: "2 critical
// unacknowledged" in the tooltip while criticals fire unacknowledged, and quiet hours (or
// notifications off) in the tooltip and as a menu line; a snooze keeps its Resume item.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTrayMenu } from '../../main/electron/tray-menu.ts';
import { emptySnapshot } from '../support/fake-core.ts';

const ORDER = ['critical', 'error', 'warning', 'info'];
const NOW = Date.parse('2026-03-01T12:00:00Z');
const base = { now: NOW, severityOrder: ORDER, formatTime: () => '13:00' };

describe('tray attention and quiet state', () => {
  it('counts critical alerts nobody acknowledged in the tooltip', () => {
    const s = emptySnapshot();
    s.summary = { ...s.summary, firing: 3, bySeverity: { critical: 2, warning: 1 } };
    s.summary.unacknowledged = 2;
    const m = buildTrayMenu(s, base);
    assert.equal(
      m.tooltip,
      'Alertmanager Tray: 3 firing (2 critical, 1 warning) · 2 critical unacknowledged',
    );
    s.summary.unacknowledged = 0;
    assert.doesNotMatch(buildTrayMenu(s, base).tooltip, /unacknowledged/);
  });

  it('quiet hours: a menu line and the tooltip say so', () => {
    const m = buildTrayMenu(emptySnapshot(), { ...base, quiet: 'quiet until 07:00' });
    assert.equal(m.tooltip, 'Alertmanager Tray: nothing firing · quiet until 07:00');
    const line = m.items.find((i) => i.type === 'item' && i.id === 'quiet');
    assert.deepEqual(line, {
      type: 'item',
      id: 'quiet',
      label: 'Quiet until 07:00: notifications held',
      enabled: false,
    });
    const off = buildTrayMenu(emptySnapshot(), { ...base, quiet: 'notifications off' });
    assert.ok(off.items.some((i) => i.type === 'item' && i.label.startsWith('Notifications off')));
  });

  it('a snooze is said by its Resume item, not twice', () => {
    const m = buildTrayMenu(emptySnapshot(), {
      ...base,
      snoozeUntil: '2026-03-01T13:00:00.000Z',
      quiet: 'quiet until 07:00',
    });
    assert.equal(m.tooltip, 'Alertmanager Tray: nothing firing · notifications paused until 13:00');
    assert.ok(!m.items.some((i) => i.type === 'item' && i.id === 'quiet'));
  });
});
