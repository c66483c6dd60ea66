// Only our own window's top frame, showing our own page, may call the bridge over IPC. An
// iframe, a navigated-away page or any other webContents is refused. Pure decision; ipc.ts
// gathers the facts from the IPC event.
import { APP_HOST, APP_SCHEME } from './app-protocol.ts';

export type AppLocation =
  /** Production: app://amtray/index.html, served from `root` (out/renderer). */
  | { kind: 'app'; root: string }
  /** npm run dev (never in a packaged app): the Vite dev server on this machine. */
  | { kind: 'dev'; origin: string };

export interface SenderFacts {
  /** webContents.id of the sender. */
  webContentsId: number;
  /** True when event.senderFrame is the sender's main frame (not an iframe). */
  isMainFrame: boolean;
  /** event.senderFrame.url (empty when the frame is gone). */
  frameUrl: string;
}

export function isAppUrl(raw: string, app: AppLocation): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (app.kind === 'dev') {
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === new URL(app.origin).origin
    );
  }
  return (
    url.protocol === `${APP_SCHEME}:` &&
    url.host === APP_HOST &&
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/index.html'
  );
}

export function isTrustedSender(
  sender: SenderFacts,
  trusted: { webContentsId: number | undefined; app: AppLocation },
): boolean {
  return (
    trusted.webContentsId !== undefined &&
    sender.webContentsId === trusted.webContentsId &&
    sender.isMainFrame &&
    isAppUrl(sender.frameUrl, trusted.app)
  );
}
