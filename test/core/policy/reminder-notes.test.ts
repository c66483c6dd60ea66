// What reminders say (main/core/policy/reminder-notes.ts): the alert's name first, so a title
// cut at its end still names what fires; one notification for a group due; one for everything
// due together when that is several groups (four at once were four notifications).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { AlertView } from '../../../main/core/model/view.ts';
import { NoteMaker } from '../../../main/core/policy/notification-build.ts';
import { reminderNotes } from '../../../main/core/policy/reminder-notes.ts';
import type { DueReminder } from '../../../main/core/policy/reminders.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { alert, MIN, snapshot, T0 } from './view-fixtures.ts';

const settings = defaultSettings();
const order = settings.severityOrder;

function due(a: AlertView, groupKey: string, minutes: number): DueReminder {
  return {
    event: {
      type: 'alert-reminder',
      fingerprint: a.fingerprint,
      clusterId: 'c1',
      groupKey,
      severity: a.severity,
      alertname: a.labels['alertname'] ?? '',
      unackedForMs: minutes * MIN,
    },
    alert: a,
    watched: undefined as unknown as DueReminder['watched'],
  };
}

function notes(list: DueReminder[]) {
  const view = snapshot({ alerts: list.map((d) => d.alert) });
  const make = new NoteMaker({ view, nowMs: T0, count: { made: 0 }, settings });
  return reminderNotes(make, view, list, settings.notifications, order);
}

const crit = (name: string, i = 0) =>
  alert({
    labels: { alertname: name, severity: 'critical', host: `h${i}` },
    annotations: { summary: `${name} summary ${i}` },
  });

describe('reminder notes', () => {
  it('one alert: its name and severity first, then that it still fires unacknowledged', () => {
    const [n, ...more] = notes([due(crit('PostgresReplicationLag'), 'g1', 15)]);
    assert.equal(more.length, 0);
    assert.equal(
      n!.title,
      'PostgresReplicationLag (critical): still firing, unacknowledged for 15 min',
    );
    assert.equal(n!.silenceable, true, 'Silence and Acknowledge offered');
  });

  it('one group due: its shared summary once, then what tells the alerts apart', () => {
    const same = (host: string) =>
      alert({
        labels: { alertname: 'HighErrorRate', severity: 'critical', host },
        annotations: { summary: 'checkout 5xx rate above 5%' },
      });
    const [n, ...more] = notes([due(same('web-1'), 'g1', 15), due(same('web-2'), 'g1', 15)]);
    assert.equal(more.length, 0);
    assert.equal(n!.body, 'on prod\ncheckout 5xx rate above 5%\nhost=web-1, host=web-2');
  });

  it('several groups due together: one notification naming them, each on a line', () => {
    const list = [
      due(crit('PostgresReplicationLag', 1), 'g1', 15),
      due(crit('PostgresReplicationLag', 2), 'g1', 15),
      due(crit('PaymentsGatewayDown'), 'g2', 20),
      due(crit('KubeAPIDown'), 'g3', 15),
      due(crit('CoreDNSDown'), 'g4', 15),
    ];
    const out = notes(list);
    assert.equal(out.length, 1, 'one reminder, not four');
    const n = out[0]!;
    assert.match(
      n.title,
      /^PostgresReplicationLag x2, \w+, \+2 more: still firing, unacknowledged for 20 min$/,
    );
    const lines = (n.body ?? '').split('\n');
    assert.equal(lines.length, 4, 'a line per group');
    assert.match(lines[0]!, /^PostgresReplicationLag x2 on /);
    assert.ok(
      lines.some((l) => /^PaymentsGatewayDown on .*: PaymentsGatewayDown summary 0/.test(l)),
    );
    assert.equal(n.events.length, 5, 'every reminder is recorded');
    assert.equal(n.urgency, 'critical');
  });
});
