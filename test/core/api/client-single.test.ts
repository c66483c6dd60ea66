// Every endpoint of the API client against one real Alertmanager (clustering disabled).
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
import { endpointSuite, rejectsWith } from './endpoint-suite.ts';

endpointSuite(
  'client against a real single Alertmanager',
  async () => {
    const am = await startAlertmanager();
    return { writeUrl: am.url, readUrls: [am.url], clustered: false, stop: () => am.stop() };
  },
  { skip: amSkipReason() },
);

describe('client against a real Alertmanager under a path prefix', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  let client: AlertmanagerClient;
  before(async () => {
    am = await startAlertmanager({ routePrefix: '/alertmanager' });
    client = new AlertmanagerClient({ baseUrl: `${am.url}/` });
  });
  after(async () => {
    await client?.close();
    await am?.stop();
  });

  it('reaches /alertmanager/api/v2 and nothing at the root', async () => {
    assert.equal(client.baseUrl, `http://127.0.0.1:${am.port}/alertmanager`);
    assert.equal((await client.getStatus()).cluster.status, 'disabled');
    await client.postAlerts([makeAlert({ alertname: 'Prefixed' })]);
    const groups = await waitFor(async () => {
      const g = await client.getAlertGroups({ filter: ['alertname="Prefixed"'] });
      return g.length > 0 ? g : undefined;
    });
    assert.equal(groups[0]?.receiver.name, 'team-a');
    const root = new AlertmanagerClient({ baseUrl: `http://127.0.0.1:${am.port}` });
    try {
      const err = await rejectsWith(root.getStatus(), 'http', 404);
      assert.equal(err.endpoint, 'GET /status');
    } finally {
      await root.close();
    }
  });
});
