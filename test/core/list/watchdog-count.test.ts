// What "N dead-man's switch hidden" counts (main/core/list/watchdog-hide.ts): the alerts the
// list's hide takes out, tested per group when the group's labels hold the matcher's label and
// per alert otherwise; an alert in two groups (two receivers' routes) counts once; a watchdog
// of two matchers is not hidden, so nothing is counted.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AlertView } from '../../../main/core/model/view.ts';
import { watchdogCount } from '../../../main/core/list/watchdog-hide.ts';

const alert = (fingerprint: string, labels: Record<string, string>) =>
  ({ fingerprint, labels }) as unknown as AlertView;

describe('watchdogCount', () => {
  const wd = alert('w1', { alertname: 'Watchdog', cluster: 'eu' });
  const wd2 = alert('w2', { alertname: 'Watchdog', cluster: 'us' });
  const disk = alert('d1', { alertname: 'DiskFull', cluster: 'eu' });

  it('counts per group when the group has the label, per alert when not, once each', () => {
    const groups: Parameters<typeof watchdogCount>[0] = [
      { group: { labels: { alertname: 'Watchdog' } }, sorted: [wd, wd2] },
      { group: { labels: { alertname: 'DiskFull' } }, sorted: [disk] },
      // group_by: [cluster]: the watchdog shares a group with others.
      { group: { labels: { cluster: 'eu' } }, sorted: [wd, disk] },
    ];
    assert.equal(watchdogCount(groups, 'alertname="Watchdog"'), 2);
    assert.equal(watchdogCount(groups.slice(2), 'alertname="Watchdog"'), 1);
    assert.equal(watchdogCount(groups, 'alertname=~"Watch.*"'), 2);
  });

  it('counts nothing for no, a broken or a two-matcher watchdog', () => {
    const groups: Parameters<typeof watchdogCount>[0] = [
      { group: { labels: {} }, sorted: [wd, disk] },
    ];
    assert.equal(watchdogCount(groups, ''), 0);
    assert.equal(watchdogCount(groups, 'alertname="Watchdog'), 0);
    assert.equal(watchdogCount(groups, 'alertname="Watchdog", cluster="eu"'), 0);
  });
});
