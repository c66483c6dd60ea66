// The real-server harness itself: a single server and a 3-peer cluster start, answer, gossip
// and stop cleanly; kill() + start() brings a server back on the same port with its storage.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  amSkipReason,
  makeAlert,
  postAlerts,
  startAlertmanager,
  startCluster,
  waitFor,
  type AmCluster,
  type AmProcess,
} from '../../support/alertmanager.ts';

interface StatusBody {
  cluster: { status: string; peers?: { name: string; address: string }[] };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  assert.equal(res.status, 200, `${url} -> ${res.status}`);
  return (await res.json()) as T;
}

describe('harness: single server', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  before(async () => {
    am = await startAlertmanager();
  });
  after(() => am?.stop());

  it('serves the API with clustering disabled and the default receivers', async () => {
    const status = await getJson<StatusBody>(`${am.url}/api/v2/status`);
    assert.equal(status.cluster.status, 'disabled');
    const receivers = await getJson<{ name: string }[]>(`${am.url}/api/v2/receivers`);
    assert.deepEqual(receivers.map((r) => r.name).sort(), [
      'blackhole',
      'pager',
      'team-a',
      'team-b',
    ]);
  });

  it('keeps silences across kill() and start() on the same port', async () => {
    const now = Date.now();
    const res = await fetch(`${am.url}/api/v2/silences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        matchers: [{ name: 'alertname', value: 'Persist', isRegex: false, isEqual: true }],
        startsAt: new Date(now).toISOString(),
        endsAt: new Date(now + 3600_000).toISOString(),
        createdBy: 'harness',
        comment: 'survives restart',
      }),
    });
    assert.equal(res.status, 200);
    const { silenceID } = (await res.json()) as { silenceID: string };
    // A graceful stop snapshots silences; a SIGKILL may lose the newest, so stop with keepData.
    const port = am.port;
    await am.stop({ keepData: true });
    assert.equal(am.running, false);
    await am.start();
    assert.equal(am.port, port);
    const silence = await getJson<{ id: string }>(`${am.url}/api/v2/silence/${silenceID}`);
    assert.equal(silence.id, silenceID);
    await am.kill();
    assert.equal(am.running, false);
    await assert.rejects(fetch(`${am.url}/-/ready`));
    await am.start();
    assert.equal(am.running, true);
  });

  it('posts alerts that then show up', async () => {
    await postAlerts(am.url, [makeAlert({ alertname: 'HarnessAlert', severity: 'warning' })]);
    const alerts = await waitFor(async () => {
      const list = await getJson<{ labels: Record<string, string> }[]>(`${am.url}/api/v2/alerts`);
      return list.length > 0 ? list : undefined;
    });
    assert.equal(alerts[0]?.labels.alertname, 'HarnessAlert');
  });
});

describe('harness: route prefix', { skip: amSkipReason() }, () => {
  let am: AmProcess;
  before(async () => {
    am = await startAlertmanager({ routePrefix: '/alertmanager' });
  });
  after(() => am?.stop());

  it('serves the API under the prefix', async () => {
    assert.match(am.url, /\/alertmanager$/);
    await getJson<StatusBody>(`${am.url}/api/v2/status`);
  });
});

describe('harness: 3-peer cluster', { skip: amSkipReason() }, () => {
  let cluster: AmCluster;
  before(async () => {
    cluster = await startCluster(3);
  });
  after(() => cluster?.stop());

  it('every peer is ready and lists all three peers', async () => {
    assert.equal(cluster.urls.length, 3);
    for (const url of cluster.urls) {
      const status = await getJson<StatusBody>(`${url}/api/v2/status`);
      assert.equal(status.cluster.status, 'ready');
      assert.equal(status.cluster.peers?.length, 3);
    }
  });
});

describe('harness: startup failure', { skip: amSkipReason() }, () => {
  it("rejects with the server's stderr when the config is invalid", async () => {
    await assert.rejects(
      startAlertmanager({ config: 'route:\n  receiver: nowhere\nreceivers: []\n' }),
      (err: Error) => {
        assert.match(err.message, /did not become ready/);
        assert.match(err.message, /stderr:/);
        assert.match(err.message, /nowhere/);
        return true;
      },
    );
  });
});

describe('harness: missing binary', () => {
  it('returns a skip message naming the Debian package, or throws with CI=true', () => {
    const saved = { bin: process.env.ALERTMANAGER_BIN, ci: process.env.CI };
    try {
      process.env.ALERTMANAGER_BIN = '/nonexistent/alertmanager';
      process.env.CI = 'false';
      const reason = amSkipReason();
      assert.equal(typeof reason, 'string');
      assert.match(String(reason), /prometheus-alertmanager/);
      process.env.CI = 'true';
      assert.throws(() => amSkipReason(), /prometheus-alertmanager/);
    } finally {
      if (saved.bin === undefined) delete process.env.ALERTMANAGER_BIN;
      else process.env.ALERTMANAGER_BIN = saved.bin;
      if (saved.ci === undefined) delete process.env.CI;
      else process.env.CI = saved.ci;
    }
  });
});
