// Passing one request on to a real server, as the test proxies in front of Alertmanager do
// (switchable proxy, TLS front, hostile-server behaviours): same method, path and headers with
// the Host rewritten; the real status, headers and body streamed back.
import { request, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * Starts the upstream request to `target` (a base URL) for `req`; the caller sends the body
 * (`end(body)` or `req.pipe(up)`) and decides what an upstream error does. A server that dies
 * while answering cuts the client off mid-body, as it would be without the proxy.
 */
export function requestUpstream(
  target: string,
  req: IncomingMessage,
  res: ServerResponse,
): ClientRequest {
  return request(
    `${target}${req.url ?? '/'}`,
    { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
    (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.on('aborted', () => res.destroy());
      upRes.on('error', () => res.destroy());
      upRes.pipe(res);
    },
  );
}
