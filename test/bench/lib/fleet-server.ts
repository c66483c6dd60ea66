// A real Alertmanager holding a fleet of alerts, shared by the cases that need one (posting
// 10,000 alerts takes a few seconds; the cases only read).
import {
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { BENCH_CONFIG, fleetPostable, type FleetOptions } from './fixtures.ts';

const BATCH = 500;

export interface FleetServer {
  am: AmProcess;
  fleet: FleetOptions;
  /** Bytes of one GET /api/v2/alerts/groups response. */
  groupsBytes: number;
  groupCount: number;
}

/** Starts a server and posts `fleet.alerts` alerts in batches, waiting until all are grouped. */
export async function startFleetServer(fleet: FleetOptions): Promise<FleetServer> {
  const am = await startAlertmanager({ config: BENCH_CONFIG });
  try {
    for (let from = 0; from < fleet.alerts; from += BATCH) {
      await postAlerts(am.url, fleetPostable(fleet, from, Math.min(fleet.alerts, from + BATCH)));
    }
    // Alerts are inserted into aggregation groups asynchronously: wait until all are there.
    const { bytes, groups } = await waitFor(
      async () => {
        const res = await fetch(`${am.url}/api/v2/alerts/groups`);
        const text = await res.text();
        const body = JSON.parse(text) as { alerts: unknown[] }[];
        const n = body.reduce((s, g) => s + g.alerts.length, 0);
        return n === fleet.alerts ? { bytes: Buffer.byteLength(text), groups: body.length } : false;
      },
      {
        timeoutMs: 120_000,
        intervalMs: 1000,
        message: `server did not group ${fleet.alerts} alerts`,
      },
    );
    return { am, fleet, groupsBytes: bytes, groupCount: groups };
  } catch (err) {
    await am.stop();
    throw err;
  }
}
