import WebSocket from 'ws';

/** Opens a raw WebSocket; resolves 'open' or the HTTP status it was refused with. */
export function tryConnect(url: string, origin?: string): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, origin === undefined ? {} : { origin });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
    });
    ws.on('error', () => undefined);
  });
}
