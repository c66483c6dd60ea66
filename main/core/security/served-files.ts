// The one rule for serving the built renderer (out/renderer) to a window, shared by the
// browser shell (HTTP, main/server/static.ts) and the Electron app:// protocol
// (main/electron/app-protocol.ts): known MIME types only, no path outside the root (.., encoded
// .., backslashes, NUL, symlinks out), and the page's CSP <meta> tag written from the same
// policy the response header carries.
import { realpath, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.wav': 'audio/wav',
  '.webmanifest': 'application/manifest+json',
};

/** The Content-Type for a file we serve, or undefined: a type we do not know is not served. */
export function contentTypeOf(file: string): string | undefined {
  return MIME_TYPES[extname(file).toLowerCase()];
}

/**
 * The file a request path names under `root`, or undefined when it is malformed or would
 * leave the root. `/` is index.html. Pure (no file system access).
 */
export function resolveStaticPath(root: string, urlPath: string): string | undefined {
  const pathOnly = urlPath.split('?')[0]?.split('#')[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathOnly);
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\'))
    return undefined;
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return undefined;
  const relative = decoded === '/' ? 'index.html' : decoded.slice(1);
  if (relative.endsWith('/')) return undefined;
  const full = normalize(join(root, relative));
  const rootWithSep = root.endsWith(sep) ? root : root + sep;
  if (!full.startsWith(rootWithSep)) return undefined;
  return full;
}

/**
 * The real path and size of `file` when it is a regular file inside `root` once symlinks are
 * followed (a link in the build pointing outside it is refused); undefined otherwise.
 */
export async function realFileInside(
  root: string,
  file: string,
): Promise<{ path: string; size: number } | undefined> {
  try {
    const real = await realpath(file);
    const realRoot = await realpath(root);
    if (!real.startsWith(realRoot + sep)) return undefined;
    const st = await stat(real);
    return st.isFile() ? { path: real, size: st.size } : undefined;
  } catch {
    return undefined;
  }
}

const CSP_META = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/i;

/**
 * index.html with its CSP <meta> tag set to `csp` (the header's policy), so both policies the
 * browser enforces are the same one: the tag in the source is strict (`connect-src 'self'`)
 * and only the browser shell, which knows its port, adds its own WebSocket. `frame-ancestors`
 * is left out of the tag (browsers ignore it there, with a console warning); the header keeps
 * it. A page without the tag is returned as it is.
 */
export function withCspMeta(html: string, csp: string): string {
  const meta = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d !== '' && !d.startsWith('frame-ancestors'))
    .join('; ');
  return html.replace(CSP_META, (_m, open: string, close: string) => `${open}${meta}${close}`);
}
