// Serving the built renderer (out/renderer) to the local browser: GET/HEAD only, known MIME
// types, security headers, and no path outside the root (.., encoded .., symlinks out).
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
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
  '.webmanifest': 'application/manifest+json',
};

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

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

function plain(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string>,
): void {
  res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

export async function serveStatic(
  root: string,
  req: IncomingMessage,
  res: ServerResponse,
  csp: string,
): Promise<void> {
  const headers = securityHeaders(csp);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    plain(res, 405, 'method not allowed', { ...headers, Allow: 'GET, HEAD' });
    return;
  }
  const file = resolveStaticPath(root, req.url ?? '/');
  const type = file ? MIME_TYPES[extname(file).toLowerCase()] : undefined;
  if (!file || !type) {
    plain(res, 404, 'not found', headers);
    return;
  }
  let size: number;
  try {
    // A symlink inside the build pointing outside it is refused too.
    const real = await realpath(file);
    const realRoot = await realpath(root);
    if (!real.startsWith(realRoot + sep)) throw new Error('outside root');
    const st = await stat(real);
    if (!st.isFile()) throw new Error('not a file');
    size = st.size;
  } catch {
    plain(res, 404, 'not found', headers);
    return;
  }
  res.writeHead(200, {
    ...headers,
    'Content-Type': type,
    'Content-Length': String(size),
    // index.html is tiny and names hashed assets; never let an old one stick.
    'Cache-Control': file.endsWith('index.html') ? 'no-store' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
