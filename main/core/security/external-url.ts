// The one rule for handing a URL to the OS browser (bridge app:openExternal, window.open from
// the renderer, generatorURL links): http(s) only, so a label or annotation controlled by
// whoever sends alerts can never launch javascript:, file:, data: or a custom protocol handler.

/** The normalised URL when it may be opened externally, else undefined. */
export function safeExternalUrl(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length === 0 || input.length > 8192) return undefined;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname) return undefined;
  return url.href;
}
