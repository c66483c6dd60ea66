// The shape of the window's list questions, in a plain module (no runes): the list window and
// the browser shell's early connection (early.ts) build the first query with these same
// functions, so the early one is the same JSON the window would send and the window takes its
// answer instead of asking again (bridge/ws-client.ts, prefetched requests).
import type { Collapsed, ListFind, ListQuery } from '$core/list/list-query.ts';
import type { UiSettings } from '$core/settings/types.ts';

export type FilterValue = UiSettings['filter'];

/** What decides the list's rows (not where the window is in it). */
export interface ListParams {
  filter: ListQuery['filter'];
  collapsed: Collapsed;
}

/** Nothing collapsed: how the list opens. */
export const NOTHING_COLLAPSED: Collapsed = { all: false, except: [] };

/** A filter as the window holds and saves it (a plain copy, in one key order). */
export function filterValue(f: {
  text: string;
  showActive: boolean;
  showSilenced: boolean;
  showInhibited: boolean;
  showUnprocessed: boolean;
  receivers: readonly string[];
  instances: readonly string[];
  groupBy?: string | undefined;
  myTeam?: boolean | undefined;
}): FilterValue {
  return {
    text: f.text,
    showActive: f.showActive,
    showSilenced: f.showSilenced,
    showInhibited: f.showInhibited,
    showUnprocessed: f.showUnprocessed,
    receivers: [...f.receivers],
    instances: [...f.instances],
    groupBy: f.groupBy ?? '',
    ...(f.myTeam === true ? { myTeam: true } : {}),
  };
}

/** The list's params for a filter and collapse state (one shape: the window compares keys). */
export function listParams(
  filter: { value: ListQuery['filter']; groupBy: string },
  collapsed: Collapsed,
): ListParams {
  return { filter: { ...filter.value, groupBy: filter.groupBy }, collapsed };
}

/** A list query as sent (one key order: prefetched queries are matched by their JSON). */
export function listQuery(
  id: number,
  params: ListParams,
  top: number,
  height: number,
  find?: ListFind,
): ListQuery {
  return { id, ...params, top, height, ...(find ? { find } : {}) };
}

/** The window's first list query for the remembered filter, at the window's height. */
export function firstListQuery(saved: FilterValue, height: number): ListQuery {
  const value = filterValue(saved);
  return listQuery(1, listParams({ value, groupBy: value.groupBy }, NOTHING_COLLAPSED), 0, height);
}
