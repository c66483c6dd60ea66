// Every endpoint of the API client against a real 3-peer Alertmanager cluster: silences are
// written to one peer and must be readable on all three (gossip); plus cluster-only checks.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import {
  amSkipReason,
  makeAlert,
  startCluster,
  waitFor,
  type AmCluster,
} from '../../support/alertmanager.ts';
import { endpointSuite } from './endpoint-suite.ts';

const skip = amSkipReason();

endpointSuite(
  'client against a real 3-peer Alertmanager cluster',
  async () => {
    const cluster = await startCluster(3);
    return {
      writeUrl: cluster.urls[0] as string,
      readUrls: cluster.urls,
      clustered: true,
      stop: () => cluster.stop(),
    };
  },
  { skip },
);

describe('cluster specifics', { skip }, () => {
  let cluster: AmCluster;
  let clients: AlertmanagerClient[] = [];
  before(async () => {
    cluster = await startCluster(3);
    clients = cluster.urls.map((baseUrl) => new AlertmanagerClient({ baseUrl }));
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await cluster?.stop();
  });

  it('a silence expired on one peer is expired on the others; a silence from any peer gossips', async () => {
    const [a, b, c] = clients as [AlertmanagerClient, AlertmanagerClient, AlertmanagerClient];
    const now = Date.now();
    const id = await c.postSilence({
      matchers: [{ name: 'alertname', value: 'FromPeer2', isRegex: false, isEqual: true }],
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + 3600_000).toISOString(),
      createdBy: 'cluster-test',
      comment: 'written to peer 2',
    });
    // Gossiped to both others before peer 1 expires it (it answers 500 "silence not found"
    // until the silence has reached it).
    for (const peer of [a, b]) {
      await waitFor(async () => (await peer.getSilence(id)).status.state === 'active', {
        timeoutMs: 30_000,
        message: 'silence gossiped to peers 0 and 1',
      });
    }
    await b.deleteSilence(id);
    for (const peer of clients) {
      await waitFor(async () => (await peer.getSilence(id)).status.state === 'expired', {
        timeoutMs: 30_000,
        message: 'expiry gossiped',
      });
    }
  });

  it('alerts do not gossip: an alert posted to one peer is listed only there', async () => {
    const [a, b] = clients as [AlertmanagerClient, AlertmanagerClient];
    await a.postAlerts([makeAlert({ alertname: 'OnlyOnPeer0' })]);
    const listed = await waitFor(async () => {
      const alerts = await a.getAlerts({ filter: ['alertname="OnlyOnPeer0"'] });
      return alerts.length === 1 ? alerts : undefined;
    });
    assert.equal(listed[0]?.labels.alertname, 'OnlyOnPeer0');
    assert.deepEqual(await b.getAlerts({ filter: ['alertname="OnlyOnPeer0"'] }), []);
  });
});
