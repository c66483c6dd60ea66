// A view (filter text, state toggles, receivers, instances, group-by) as a link and back:
// `?view=<query>` on the browser shell's address (its hash is the router's), `alertmanager-tray://view?<query>` for the app. The
// link is untrusted input (anyone can send one): decoding bounds every field and rejects
// anything that is not a view instead of guessing.
import type { SavedView } from '$core/settings/types.ts';

export type ViewState = Omit<SavedView, 'name'>;

const MAX_LINK = 16_384;
const MAX_TEXT = 4096;
const MAX_LIST = 200;
const MAX_ITEM = 256;
const TOGGLES = ['showActive', 'showSilenced', 'showInhibited', 'showUnprocessed'] as const;
const KEYS = new Set(['v', 'q', 'states', 'r', 'i', 'g']);

/** The view as URL query text (no leading `?`). */
export function encodeView(v: ViewState): string {
  const p = new URLSearchParams();
  p.set('v', '1');
  if (v.filter.text) p.set('q', v.filter.text);
  // The toggles as letters of the states shown: a=active s=silenced i=inhibited u=unprocessed.
  p.set(
    'states',
    TOGGLES.filter((t) => v.filter[t])
      .map((t) => t[4]!.toLowerCase())
      .join(''),
  );
  for (const r of v.filter.receivers) p.append('r', r);
  for (const i of v.filter.instances) p.append('i', i);
  if (v.groupBy) p.set('g', v.groupBy);
  return p.toString();
}

/** The view a link's query describes, or null when it is not one of ours. */
export function decodeView(query: string): ViewState | null {
  if (query.length > MAX_LINK) return null;
  const p = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  if (p.get('v') !== '1') return null;
  for (const k of p.keys()) if (!KEYS.has(k)) return null;
  const text = p.get('q') ?? '';
  const states = p.get('states') ?? '';
  const groupBy = p.get('g') ?? '';
  const receivers = p.getAll('r');
  const instances = p.getAll('i');
  if (text.length > MAX_TEXT || groupBy.length > MAX_ITEM || !/^[asiu]{0,4}$/.test(states))
    return null;
  for (const list of [receivers, instances])
    if (list.length > MAX_LIST || list.some((x) => x.length > MAX_ITEM || x === '')) return null;
  return {
    filter: {
      text,
      showActive: states.includes('a'),
      showSilenced: states.includes('s'),
      showInhibited: states.includes('i'),
      showUnprocessed: states.includes('u'),
      receivers,
      instances,
    },
    groupBy,
  };
}

export const APP_LINK_PREFIX = 'alertmanager-tray://view?';

/** The view from a link of either form (`…?view=…` or `alertmanager-tray://view?…`). */
export function viewFromLink(link: string): ViewState | null {
  if (link.length > MAX_LINK) return null;
  if (link.startsWith(APP_LINK_PREFIX)) return decodeView(link.slice(APP_LINK_PREFIX.length));
  let view: string | null;
  try {
    view = new URL(link).searchParams.get('view');
  } catch {
    return null;
  }
  return view === null ? null : decodeView(view);
}

/** This page's address with the view in its query (the hash is the router's; dropped). */
export function browserViewLink(href: string, v: ViewState): string {
  const url = new URL(href);
  url.hash = '';
  url.searchParams.set('view', encodeView(v));
  return url.href;
}
