// Who may talk to the browser shell. The server listens on 127.0.0.1 only, but any web page
// the user visits can also reach 127.0.0.1: so the Host header must be ours (DNS rebinding),
// the bridge WebSocket needs the random token from the URL we printed, and its Origin must be
// our own page (a foreign page cannot set Origin). Pure decisions, tested without sockets.
import { timingSafeEqual } from 'node:crypto';

export interface AccessPolicy {
  port: number;
  token: string;
}

export function servedOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** Host headers a request to us can legitimately carry. */
export function isOwnHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

export function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type UpgradeDecision =
  { ok: true } | { ok: false; status: 400 | 401 | 403 | 404; reason: string };

export function checkUpgrade(
  req: {
    url?: string | undefined;
    headers: { host?: string | undefined; origin?: string | undefined };
  },
  policy: AccessPolicy,
): UpgradeDecision {
  if (!isOwnHost(req.headers.host, policy.port)) {
    return { ok: false, status: 403, reason: 'foreign Host header' };
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '', servedOrigin(policy.port));
  } catch {
    return { ok: false, status: 400, reason: 'bad request URL' };
  }
  if (url.pathname !== '/bridge') return { ok: false, status: 404, reason: 'no such endpoint' };
  const token = url.searchParams.get('token');
  if (!token || !tokensEqual(token, policy.token)) {
    return { ok: false, status: 401, reason: 'missing or wrong token' };
  }
  const origin = req.headers.origin;
  const allowed = [servedOrigin(policy.port), `http://localhost:${policy.port}`];
  if (!origin || !allowed.includes(origin)) {
    return { ok: false, status: 403, reason: 'foreign or missing Origin' };
  }
  return { ok: true };
}
