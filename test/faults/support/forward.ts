// Behaviours for the hostile server (test/support/hostile-server.ts) that put a REAL
// Alertmanager behind it: requests are forwarded unchanged, or the real answer is altered on
// the way back (as a broken proxy or a buggy compatible server would). The data always comes
// from the real server; only the fault is ours.
import { requestUpstream } from '../../support/forward-request.ts';
import type { Behaviour } from '../../support/hostile-server.ts';

/** Forwards the request to `target` (a base URL) and streams the real answer back. */
export function forwardTo(target: string): Behaviour {
  return {
    kind: 'handler',
    handle(req, res) {
      const up = requestUpstream(target, req, res);
      // The real server is down: drop the connection like a dead backend would.
      up.on('error', () => res.destroy());
      res.on('close', () => up.destroy());
      up.end();
    },
  };
}

/** Fetches the real answer from `target`, passes its JSON through `edit`, sends the result. */
export function editJson(target: string, edit: (body: unknown) => unknown): Behaviour {
  return {
    kind: 'handler',
    handle(req, res) {
      fetch(`${target}${req.url ?? '/'}`)
        .then(async (upRes) => {
          const body = edit(await upRes.json());
          const text = Buffer.from(JSON.stringify(body), 'utf8');
          res.writeHead(upRes.status, {
            'content-type': 'application/json',
            'content-length': text.length,
          });
          res.end(text);
        })
        .catch(() => res.destroy());
    },
  };
}

/** Fetches the real answer and replaces `search` (a string in it) by raw `bytes`. */
export function spliceBytes(target: string, search: string, bytes: Uint8Array): Behaviour {
  return {
    kind: 'handler',
    handle(req, res) {
      fetch(`${target}${req.url ?? '/'}`)
        .then(async (upRes) => {
          const raw = Buffer.from(await upRes.arrayBuffer());
          const needle = Buffer.from(search, 'utf8');
          const parts: Buffer[] = [];
          let from = 0;
          for (let at = raw.indexOf(needle); at >= 0; at = raw.indexOf(needle, from)) {
            parts.push(raw.subarray(from, at), Buffer.from(bytes));
            from = at + needle.length;
          }
          parts.push(raw.subarray(from));
          const body = Buffer.concat(parts);
          res.writeHead(upRes.status, {
            'content-type': 'application/json',
            'content-length': body.length,
          });
          res.end(body);
        })
        .catch(() => res.destroy());
    },
  };
}

/** The API paths a poll cycle of the core requests. */
export const POLL_PATHS = [
  '/api/v2/status',
  '/api/v2/alerts/groups',
  '/api/v2/silences',
  '/api/v2/receivers',
] as const;
