// What a selected row stands for, as plain data (selection.svelte.ts keeps the state): a view
// group by its key, or an alert by its fingerprint on one cluster. Keys are stable across
// polls; row indexes and row keys (which change with sections and collapsing) are not used.
import type { SelectionItem } from '$core/model/selection-plan.ts';
import type { ListRow as Row } from '$core/list/list-query.ts';

export type Items = ReadonlyMap<string, SelectionItem>;

/** The item a row stands for: its view group, or its alert on its group's cluster. */
export function itemOf(row: Row): SelectionItem | null {
  if (row.kind === 'section') return null;
  if (row.kind === 'group') return { groupKey: row.group.key };
  const clusterId = row.clusterId || row.alert.clusters[0];
  return clusterId ? { fingerprint: row.alert.fingerprint, clusterId } : null;
}

/** What the window knows of an item from its row (it holds no groups or alerts of its own). */
export interface ItemInfo {
  name: string;
  clusterId: string;
  /** The silences on its alerts when it was selected (its acks among them). */
  silencedBy: readonly string[];
  /** A group: whether every one of its alerts was under an acknowledgement of yours. */
  allAckedByMe?: boolean;
}

export function infoOf(row: Row): ItemInfo | null {
  if (row.kind === 'section') return null;
  if (row.kind === 'group')
    return {
      name: Object.values(row.group.labels).join(' / ') || 'group',
      clusterId: row.group.clusterId,
      silencedBy: row.silencedBy,
      allAckedByMe: row.allAckedByMe,
    };
  return {
    name: row.alert.labels['alertname'] || 'alert',
    clusterId: row.clusterId || row.alert.clusters[0] || '',
    silencedBy: row.alert.silencedBy,
  };
}

export function keyOf(item: SelectionItem): string {
  return 'groupKey' in item ? `g:${item.groupKey}` : `a:${item.clusterId}\u0000${item.fingerprint}`;
}

/** A new map with the item added, or removed when it was there. */
export function toggled(items: Items, item: SelectionItem): Items {
  const next = new Map(items);
  const k = keyOf(item);
  if (next.has(k)) next.delete(k);
  else next.set(k, item);
  return next;
}

/** A new map with these items added. */
export function withAll(items: Items, add: readonly SelectionItem[]): Items {
  const next = new Map(items);
  for (const item of add) next.set(keyOf(item), item);
  return next;
}

/** The items of a range of rows; a group in the range covers its alerts (not counted twice). */
export function rangeItems(range: readonly Row[]): SelectionItem[] {
  const groups = new Set<string>();
  for (const r of range) if (r.kind === 'group') groups.add(r.key);
  const out: SelectionItem[] = [];
  for (const r of range) {
    const item = r.kind === 'alert' && groups.has(r.groupKey) ? null : itemOf(r);
    if (item) out.push(item);
  }
  return out;
}

export const NONE: Items = new Map();
