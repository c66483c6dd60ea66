// The `o` key: the selected alert's runbook (or the one a selected group's alerts share),
// opened in the system browser.
import type { ListRow as Row } from '$core/list/list-query.ts';
import { linksOf } from './alert-links.ts';

/** Opens the row's runbook; false when it has none (the key then does nothing). */
export function openRunbook(row: Row | null, store: { openExternal(url: string): void }): boolean {
  if (!row || row.kind === 'section') return false;
  const { runbook } =
    row.kind === 'alert'
      ? linksOf(row.alert.labels, [row.alert], [])
      : linksOf(row.group.labels, row.alerts, []);
  if (!runbook) return false;
  store.openExternal(runbook);
  return true;
}
