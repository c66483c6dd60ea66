// Where a link opens. In Electron the window is not a browser: the shell hands the URL to the
// system browser ('app:openExternal') and the window says so once that worked (the browser may
// open on another desktop). In the browser shell the window already is a tab of the user's
// browser: the link opens in a new tab there. Handing it to the shell's process instead ran
// xdg-open wherever that process runs (nothing, on a machine without a desktop) while the
// window said "opened".
import { safeHttpUrl } from '../format/links.ts';

export type LinkOpened = 'browser' | 'tab';

export interface LinkOpeners {
  /** The shell's system-browser hand-over (Electron); absent in the browser shell. */
  shell?: (url: string) => Promise<void>;
  /** A new tab of this browser (window.open with noopener and noreferrer). */
  tab: (url: string) => void;
}

/**
 * Opens an http(s) link: where it went, or throws why not (the caller says so: never a
 * silent nothing). Only http(s) URLs are opened, in either shell.
 */
export async function openLink(url: string, openers: LinkOpeners): Promise<LinkOpened> {
  const safe = safeHttpUrl(url);
  if (!safe) throw new Error('Only http(s) links are opened.');
  if (openers.shell) {
    await openers.shell(safe);
    return 'browser';
  }
  openers.tab(safe);
  return 'tab';
}
