// The notification text uses the configured severity label (not a hard-coded `severity`) and
// carries the alert's runbook link when it is an http(s) URL.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { CoreEvent } from '../../../main/core/model/events.ts';
import { NotificationPolicy } from '../../../main/core/policy/notify.ts';
import { groupLines } from '../../../main/core/policy/notification-text.ts';
import { defaultSettings } from '../../../main/core/settings/defaults.ts';
import { alert, snapshot, T0 } from './view-fixtures.ts';

const NONE = { initialClusters: new Set<string>() };

function decideOne(labels: Record<string, string>, annotations: Record<string, string> = {}) {
  const a = { ...alert({ labels, annotations }), severity: labels.priority ?? '' };
  const view = snapshot({ alerts: [a] });
  view.summary.severityLabel = 'priority';
  const settings = defaultSettings();
  settings.severityLabel = 'priority';
  const events: CoreEvent[] = [
    {
      type: 'alert-firing',
      fingerprint: a.fingerprint,
      clusterId: 'c1',
      severity: a.severity,
      alertname: labels.alertname ?? '',
    },
  ];
  return new NotificationPolicy().decide(events, view, settings, T0, NONE);
}

describe('notification text', () => {
  it('leaves out the configured severity label, keeps a label that is merely called severity', () => {
    const [n] = decideOne({ alertname: 'DiskFull', priority: 'P1', severity: 'x', host: 'db-1' });
    assert.ok(n);
    assert.match(n.title, /DiskFull \(P1\)/);
    assert.doesNotMatch(n.body, /priority=/);
    assert.match(n.body, /severity=x/);
  });

  it('carries an http(s) runbook link, never another scheme', () => {
    const [withRunbook] = decideOne(
      { alertname: 'A', priority: 'P2' },
      { runbook_url: 'https://runbooks.example/a' },
    );
    assert.equal(withRunbook?.runbookUrl, 'https://runbooks.example/a');
    const [hostile] = decideOne(
      { alertname: 'B', priority: 'P2' },
      { runbook_url: 'javascript:alert(1)' },
    );
    assert.equal(hostile?.runbookUrl, undefined);
  });
});

describe('groupLines: the alerts of one group told apart', () => {
  const a = (
    labels: Record<string, string>,
    summary?: string,
  ): { labels: Record<string, string>; annotations: Record<string, string> } => ({
    labels: { alertname: 'HighErrorRate', severity: 'critical', service: 'checkout', ...labels },
    annotations: summary ? { summary } : {},
  });

  it('a shared summary once, then what differs (a reminder read the same line twice)', () => {
    assert.deepEqual(
      groupLines(
        [
          a({ instance: 'web-1' }, 'checkout 5xx above 5%'),
          a({ instance: 'web-2' }, 'checkout 5xx above 5%'),
        ],
        'severity',
      ),
      ['checkout 5xx above 5%', 'instance=web-1, instance=web-2'],
    );
  });

  it('several summaries: each after its differing labels; more than three counted', () => {
    const list = [1, 2, 3, 4].map((i) => a({ instance: `web-${i}` }, `errors on web-${i}`));
    assert.deepEqual(groupLines(list, 'severity'), [
      'instance=web-1: errors on web-1',
      'instance=web-2: errors on web-2',
      'instance=web-3: errors on web-3',
      '+1 more',
    ]);
  });

  it('nothing differs and no summary: no lines (never an empty one)', () => {
    assert.deepEqual(groupLines([a({}), a({})], 'severity'), []);
  });
});
