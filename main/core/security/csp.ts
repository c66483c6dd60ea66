// The renderer's Content-Security-Policy, sent as a response header by both shells in
// addition to the <meta> tag in renderer/index.html (a header also covers responses the
// meta tag cannot, and both must pass). No inline script, no eval, no remote origin.

export interface CspOptions {
  /** Extra connect-src sources, e.g. the browser shell's own ws://127.0.0.1:<port>. */
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
