// @ts-check
// The stand-in's `protocol` module, shaped (and type-checked: tsconfig.json next to this file)
// like Electron's: privileged schemes only before the app is ready, handlers only after, one
// handler per scheme. `request(url)` is what Chromium does when the page loads an app:// URL.

/** @typedef {import('electron').Protocol} Protocol */
/** @typedef {import('electron').CustomScheme} CustomScheme */
/** @typedef {(request: Request) => Response | Promise<Response>} Handler */

/**
 * @param {{ isReady: () => boolean, report: (msg: object) => void }} host
 */
export function createProtocol(host) {
  /** @type {CustomScheme[] | undefined} */
  let privileged;
  /** @type {Map<string, Handler>} */
  const handlers = new Map();

  /** @type {Pick<Protocol, 'registerSchemesAsPrivileged' | 'handle' | 'unhandle' | 'isProtocolHandled'>} */
  const protocol = {
    registerSchemesAsPrivileged(customSchemes) {
      if (host.isReady()) {
        throw new Error(
          'protocol.registerSchemesAsPrivileged should be called before app is ready',
        );
      }
      if (privileged)
        throw new Error('protocol.registerSchemesAsPrivileged can only be called once');
      privileged = customSchemes;
      host.report({ type: 'privileged-schemes', schemes: customSchemes });
    },
    handle(scheme, handler) {
      if (!host.isReady())
        throw new Error('protocol.handle cannot be used before the app is ready');
      if (handlers.has(scheme)) throw new Error(`Failed to register protocol: ${scheme}`);
      handlers.set(scheme, handler);
      host.report({ type: 'protocol-handle', scheme });
    },
    unhandle(scheme) {
      handlers.delete(scheme);
    },
    isProtocolHandled(scheme) {
      return handlers.has(scheme);
    },
  };

  /**
   * Loads `url` as the page would. Without a handler for its scheme, or for a scheme that was
   * not registered as standard, it fails like Chromium does (ERR_UNKNOWN_URL_SCHEME).
   * @param {string} url
   * @param {string} [method]
   */
  async function request(url, method = 'GET') {
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = handlers.get(scheme);
    const standard = privileged?.some((s) => s.scheme === scheme && s.privileges?.standard);
    if (!handler || !standard) return { error: 'net::ERR_UNKNOWN_URL_SCHEME' };
    const response = await handler(new Request(url, { method }));
    const type = response.headers.get('content-type') ?? '';
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      length: bytes.length,
      ...(/^text\/(html|plain)/.test(type) ? { text: bytes.toString('utf8') } : {}),
    };
  }

  return { protocol, request };
}
