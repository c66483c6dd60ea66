// Grafana-managed Alertmanagers answer /status in their own shape (grafana:
// pkg/services/ngalert/api/tooling/definitions/alertmanager.go, NewGettableStatus): cluster
// "disabled" with no peers, every versionInfo field "N/A", `config` the whole configuration as
// a JSON OBJECT, and uptime null. The client accepts it and the core shows the instance
// healthy, with the configuration readable.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { startHostileServer, type HostileServer } from '../../support/hostile-server.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { watchCore } from '../../faults/support/core.ts';
import { grafanaStatus } from '../../support/flavours.ts';

const PREFIX = '/api/alertmanager/grafana/api/v2';
const GRAFANA_STATUS = grafanaStatus('grafana-default-email');

describe('Grafana-managed /status', () => {
  let srv: HostileServer;
  before(async () => {
    srv = await startHostileServer();
    srv.setRoute(`${PREFIX}/status`, { kind: 'json', body: GRAFANA_STATUS });
    srv.setRoute(`${PREFIX}/alerts/groups`, { kind: 'json', body: [] });
    srv.setRoute(`${PREFIX}/silences`, { kind: 'json', body: [] });
    srv.setRoute(`${PREFIX}/receivers`, { kind: 'json', body: [] });
  });
  after(async () => {
    await srv?.close();
  });

  it('the client reads it: config as JSON text, no uptime, versions N/A', async () => {
    const client = new AlertmanagerClient({ baseUrl: `${srv.url}/api/alertmanager/grafana` });
    try {
      const st = await client.getStatus();
      assert.equal(st.cluster.status, 'disabled');
      assert.equal(st.versionInfo.version, 'N/A');
      assert.equal(st.uptime, undefined);
      assert.deepEqual(JSON.parse(st.config.original), GRAFANA_STATUS.config);
    } finally {
      await client.close();
    }
  });

  it('the core shows the instance healthy', async () => {
    const w = watchCore({
      instances: [{ url: `${srv.url}/api/alertmanager/grafana` }],
      clock: new FakeClock(),
    });
    try {
      await w.core.refresh();
      const s = w.core.snapshot();
      assert.equal(s.instances.i0?.health, 'ok', JSON.stringify(s.instances.i0?.lastError));
      assert.equal(s.instances.i0?.clusterStatus, 'disabled');
      const st = await w.core.getStatus('i0');
      assert.match(st.config.original, /grafana-default-email/);
    } finally {
      await w.stop();
    }
  });
});
