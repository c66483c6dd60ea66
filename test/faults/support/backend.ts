// The fixture most fault tests share: a real Alertmanager holding a few firing alerts, and the
// hostile server in front of it forwarding the poll paths (so a test can swap one path for a
// fault and back).
import {
  makeAlert,
  postAlerts,
  startAlertmanager,
  waitFor,
  type AmProcess,
} from '../../support/alertmanager.ts';
import { startHostileServer, type HostileServer } from '../../support/hostile-server.ts';
import type { PostableAlert } from '../../../main/core/api/types.ts';
import { forwardTo, POLL_PATHS } from './forward.ts';

export interface Backend {
  am: AmProcess;
  hostile: HostileServer;
  /** The alerts posted at start (all firing for an hour). */
  base: PostableAlert[];
  /** Routes every poll path to the real server again. */
  restore(): void;
  close(): Promise<void>;
}

export const BASE_ALERTNAME = 'FaultBase';

/** `count` firing warnings `FaultBase` n=0..count-1, with a fixed startsAt (as Prometheus sends). */
export function baseAlerts(count: number, startsAt: string, endsAt: string): PostableAlert[] {
  return Array.from({ length: count }, (_, n) =>
    makeAlert(
      { alertname: BASE_ALERTNAME, severity: 'warning', n: String(n) },
      { startsAt, endsAt, annotations: { summary: `base alert ${n}` } },
    ),
  );
}

export async function startBackend(count = 5): Promise<Backend> {
  const am = await startAlertmanager();
  let hostile: HostileServer | undefined;
  try {
    const now = Date.now();
    const base = baseAlerts(
      count,
      new Date(now - 10 * 60_000).toISOString(),
      new Date(now + 60 * 60_000).toISOString(),
    );
    await postAlerts(am.url, base);
    await waitFor(async () => {
      const res = await fetch(`${am.url}/api/v2/alerts`);
      return ((await res.json()) as unknown[]).length === count;
    });
    const h = await startHostileServer();
    hostile = h;
    const restore = (): void => {
      for (const p of POLL_PATHS) h.setRoute(p, forwardTo(am.url));
    };
    restore();
    return {
      am,
      hostile: h,
      base,
      restore,
      async close() {
        await h.close();
        await am.stop();
      },
    };
  } catch (err) {
    await hostile?.close();
    await am.stop();
    throw err;
  }
}
