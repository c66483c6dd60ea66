// One way to say what went wrong with a server, compact and exact, for every place that shows
// it (banners, instance rows, toasts, notifications, test connection): the HTTP status with
// the server's own text ("HTTP 404: not here"), auth failures called auth failures, and the
// endpoint never repeated ("GET /status: GET /status: ..." was a prefix added twice).
import { isNotConfigured, type SerializedError } from './errors.ts';

function withoutEndpoint(message: string, endpoint: string): string {
  let m = message;
  while (endpoint && m.startsWith(`${endpoint}: `)) m = m.slice(endpoint.length + 2);
  return m;
}

export function describeError(e: SerializedError): string {
  const body = e.serverMessage ? `: ${e.serverMessage}` : '';
  if (e.kind === 'http' && e.status !== undefined && isNotConfigured(e.status, e.serverMessage))
    return `no Alertmanager configuration for this tenant (HTTP ${e.status})${body}`;
  // No status: no request was made (a secret is missing from the store): its own message,
  // "No password stored for prod", never a 401 nobody sent.
  if (e.kind === 'auth' && e.status !== undefined) {
    return e.status === 403
      ? `not allowed for this account (HTTP 403)${body}`
      : `authentication failed (HTTP ${e.status ?? 401})${body}`;
  }
  if (e.kind === 'http' && e.status !== undefined) {
    return e.status === 503 ? `server busy (HTTP 503)${body}` : `HTTP ${e.status}${body}`;
  }
  return withoutEndpoint(e.message, e.endpoint);
}

/** `describeError` with the request it was about, for a detail line or a tooltip. */
export function describeErrorAt(e: SerializedError): string {
  return e.endpoint ? `${e.endpoint}: ${describeError(e)}` : describeError(e);
}
