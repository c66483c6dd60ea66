// Only our own window's top frame, showing our own page, may call the bridge over IPC. An
// iframe, a navigated-away page or any other webContents is refused. Pure decision; ipc.ts
// gathers the facts from the IPC event.
import { fileURLToPath } from 'node:url';

export type AppLocation =
  /** Production: file:// of out/renderer/index.html. */
  | { kind: 'file'; indexPath: string }
  /** npm run dev: the Vite dev server. */
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
  if (url.protocol !== 'file:' || (url.host !== '' && url.host !== 'localhost')) return false;
  try {
    return fileURLToPath(new URL(url.pathname, 'file://')) === app.indexPath;
  } catch {
    return false;
  }
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
