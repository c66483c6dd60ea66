// Serving the built renderer (out/renderer) to the local browser: GET/HEAD only, security
// headers, and the rules of core/security/served-files.ts (known MIME types, nothing outside
// the root, the page's CSP tag written from the header's policy).
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  contentTypeOf,
  realFileInside,
  resolveStaticPath,
  withCspMeta,
} from '../core/security/served-files.ts';

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
  const type = file ? contentTypeOf(file) : undefined;
  const found = file && type ? await realFileInside(root, file) : undefined;
  if (!found || !type) {
    plain(res, 404, 'not found', headers);
    return;
  }
  // The page is tiny and carries the CSP tag; everything else is streamed as it is.
  const page = found.path.endsWith('.html')
    ? Buffer.from(withCspMeta(await readFile(found.path, 'utf8'), csp))
    : undefined;
  res.writeHead(200, {
    ...headers,
    'Content-Type': type,
    'Content-Length': String(page ? page.length : found.size),
    // index.html is tiny and names hashed assets; never let an old one stick.
    'Cache-Control': page ? 'no-store' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (page) {
    res.end(page);
    return;
  }
  createReadStream(found.path)
    .on('error', () => res.destroy())
    .pipe(res);
}
