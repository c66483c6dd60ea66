// A stored secret is bound to the origin (scheme, host, port) it was stored for, as browsers
// bind saved credentials: an instance whose URL now names another server never gets it, and
// the settings form asks for it again. Pure, so the core (which refuses) and the window
// (which asks before Save) say the same words.

/** `https://a:9093/x` -> `https://a:9093` (default ports omitted); undefined when unparsable. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Why a stored password or token is not sent to `current` (it was stored for `stored`). */
export function secretOriginMessage(o: {
  kind: 'password' | 'token';
  stored: string | undefined;
  current: string;
}): string {
  return o.stored === undefined
    ? `The stored ${o.kind} has no server recorded; enter it again for ${o.current}`
    : `The stored ${o.kind} is for ${o.stored}; enter it again for ${o.current}`;
}
