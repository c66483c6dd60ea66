// The renderer's Content-Security-Policy, sent as a response header by both shells and written
// into the page's <meta> tag (core/security/served-files.ts: both policies must pass, so they
// are the same one). No inline script, no eval, no remote origin; no WebSocket at all in the
// Electron window, and in the browser shell only to the shell's own port.

export interface CspOptions {
  /** Extra connect-src sources: only the browser shell's own socket (browserShellCsp). */
  connect?: string[];
  /**
   * Vite dev server origin (Electron `npm run dev` only): its HMR socket and the <style>
   * elements it injects for component CSS need to be allowed. Never set in a build.
   */
  devServer?: string;
}

export function buildCsp(opts: CspOptions = {}): string {
  const connect = ["'self'", ...(opts.connect ?? [])];
  const style = ["'self'"];
  if (opts.devServer) {
    const dev = new URL(opts.devServer);
    connect.push(dev.origin, `ws://${dev.host}`);
    style.push("'unsafe-inline'");
  }
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src ${style.join(' ')}`,
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}

/** The browser shell's policy: its bridge WebSocket on its own port, under either host name. */
export function browserShellCsp(port: number): string {
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`browser shell CSP: not a port: ${port}`);
  }
  return buildCsp({ connect: [`ws://127.0.0.1:${port}`, `ws://localhost:${port}`] });
}
