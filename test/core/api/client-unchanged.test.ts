// A poll whose body is byte for byte the previous one hands back the previous result object
// (no decode, parse or validation): what lets the engine skip a quiet instance entirely.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import {
  amSkipReason,
  makeAlert,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';

describe('client: unchanged poll bodies', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let client: AlertmanagerClient;
  before(async () => {
    am = await startAlertmanager();
    client = new AlertmanagerClient({ baseUrl: am.url });
  });
  after(async () => {
    await client?.close();
    await am?.stop();
  });

  it('returns the same object while nothing changes and a new one after a change', async () => {
    await client.postAlerts([makeAlert({ alertname: 'Quiet' })]);
    const first = await waitFor(async () => {
      const g = await client.getAlertGroups();
      return g.length > 0 ? g : undefined;
    });
    const again = await client.getAlertGroups();
    assert.equal(again, first, 'same body -> same result object');
    const s1 = await client.getSilences();
    assert.equal(await client.getSilences(), s1);

    // Another query is another memo: a filtered poll never answers for the unfiltered one.
    const filtered = await client.getAlertGroups({ filter: ['alertname="Nope"'] });
    assert.deepEqual(filtered, []);
    assert.equal(await client.getAlertGroups(), first);

    await client.postAlerts([makeAlert({ alertname: 'Loud' })]);
    const changed = await waitFor(async () => {
      const g = await client.getAlertGroups();
      return g !== first ? g : undefined;
    });
    assert.equal(changed.length, 2);
    assert.deepEqual(changed.map((g) => g.labels.alertname).sort(), ['Loud', 'Quiet']);

    await client.postSilence({
      matchers: [{ name: 'alertname', value: 'Loud', isRegex: false, isEqual: true }],
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 3600_000).toISOString(),
      createdBy: 'test',
      comment: 'unchanged test',
    });
    const s2 = await client.getSilences();
    assert.notEqual(s2, s1);
    assert.equal(s2.length, 1);
  });
});
