// The browser shell's bridge address: its own host, the token from the page's own URL
// (?token=...). One function for the early connection (early.ts) and the bridge (index.ts).
export function bridgeSocketUrl(loc: Pick<Location, 'search' | 'protocol' | 'host'>): string {
  const token = new URLSearchParams(loc.search).get('token') ?? '';
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${loc.host}/bridge?token=${encodeURIComponent(token)}`;
}
