// The window's page comes from app://amtray/, served by us from out/renderer, not from file://
// (Electron's security checklist: a file:// page is granted more than a web page, and the
// GrantFileProtocolExtraPrivileges fuse is turned off in electron-builder.yml). A standard,
// secure scheme gives the page a real origin ('self' in the CSP, relative URLs, module
// scripts) without CORS: other origins cannot read it. Requests go through the same rules as
// the browser shell's (core/security/served-files.ts). Electron's protocol module is passed
// in: this file imports only its types, so Node tests drive it directly.
import { readFile } from 'node:fs/promises';
import type { CustomScheme, Protocol } from 'electron';
import {
  contentTypeOf,
  realFileInside,
  resolveStaticPath,
  withCspMeta,
} from '../core/security/served-files.ts';

export const APP_SCHEME = 'app';
export const APP_HOST = 'amtray';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** What the window loads. */
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

/**
 * The scheme's privileges. Not corsEnabled (no other origin may read it), no service workers,
 * no bypassCSP; standard + secure make it an origin like https.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/** Must run before the app is ready (Electron's rule for privileged schemes). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
}

export interface AppProtocolOptions {
  /** The built renderer (out/renderer). */
  root: string;
  /** The policy sent as a header and written into the page's CSP tag. */
  csp: string;
}

function refuse(status: 404 | 405, csp: string): Response {
  return new Response(status === 404 ? 'not found' : 'method not allowed', {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      ...(status === 405 ? { Allow: 'GET, HEAD' } : {}),
    },
  });
}

/** The answer to one app:// request: a file of the build, or 404/405. */
export async function appProtocolResponse(
  request: Pick<Request, 'url' | 'method'>,
  opts: AppProtocolOptions,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405, opts.csp);
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return refuse(404, opts.csp);
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refuse(404, opts.csp);
  // url.pathname is still percent-encoded: resolveStaticPath decodes it once and refuses
  // anything that would leave the root.
  const file = resolveStaticPath(opts.root, url.pathname);
  const type = file ? contentTypeOf(file) : undefined;
  const found = file && type ? await realFileInside(opts.root, file) : undefined;
  if (!found || !type) return refuse(404, opts.csp);
  const bytes = await readFile(found.path);
  const body = found.path.endsWith('.html')
    ? Buffer.from(withCspMeta(bytes.toString('utf8'), opts.csp))
    : bytes;
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Length': String(body.length),
      'Content-Security-Policy': opts.csp,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    },
  });
}

/** Serves app:// from the build (after the app is ready). */
export function serveAppProtocol(
  protocol: Pick<Protocol, 'handle'>,
  opts: AppProtocolOptions & { log: (line: string) => void },
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    try {
      return await appProtocolResponse(request, opts);
    } catch (err) {
      opts.log(`app protocol: ${request.url}: ${err instanceof Error ? err.message : String(err)}`);
      return refuse(404, opts.csp);
    }
  });
}
