// `alertmanager-tray://view?…` links (a saved view shared in chat) open the app's window on
// that view: the app registers itself for the scheme; macOS hands the link over in 'open-url',
// Windows and Linux start a second instance with it in argv ('second-instance', or this
// process's own argv at first start). The link is untrusted: only its shape is checked here,
// the window decodes it (renderer/src/lib/saved-views/view-link.ts) and refuses junk.
import type { App } from 'electron';

export const VIEW_LINK_SCHEME = 'alertmanager-tray';
const PREFIX = `${VIEW_LINK_SCHEME}://view?`;
const MAX_LINK = 16_384;

/** The view link among command-line arguments, if any. */
export function viewLinkIn(argv: readonly string[] | undefined): string | null {
  if (!Array.isArray(argv)) return null;
  for (const a of argv.slice(0, 50))
    if (typeof a === 'string' && a.startsWith(PREFIX) && a.length <= MAX_LINK) return a;
  return null;
}

type LinkApp = Pick<App, 'on' | 'setAsDefaultProtocolClient'>;

/** Registers the scheme and calls `open` with each view link handed to the app. */
export function watchViewLinks(
  app: LinkApp,
  argv: readonly string[],
  open: (link: string) => void,
): void {
  app.setAsDefaultProtocolClient(VIEW_LINK_SCHEME);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const link = viewLinkIn([url]);
    if (link) open(link);
  });
  app.on('second-instance', (_event, secondArgv) => {
    const link = viewLinkIn(secondArgv);
    if (link) open(link);
  });
  const first = viewLinkIn(argv);
  if (first) open(first);
}
