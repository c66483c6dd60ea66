// Creates a silence straight on a server, as anyone who can reach its API could (no tray app
// involved): for tests of what the core and the window make of other people's silences.
import assert from 'node:assert/strict';
import type { Matcher } from '../../main/core/api/types.ts';

/** POST /api/v2/silences for an hour (or `durationMs`) from now; resolves to its id. */
export async function postSilence(
  url: string,
  matchers: Matcher[],
  comment = 'posted by a test',
  durationMs = 3_600_000,
): Promise<string> {
  const now = Date.now();
  const res = await fetch(`${url.replace(/\/+$/, '')}/api/v2/silences`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      matchers,
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + durationMs).toISOString(),
      createdBy: 'someone',
      comment,
    }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return (JSON.parse(text) as { silenceID: string }).silenceID;
}
