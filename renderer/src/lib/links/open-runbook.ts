// The `o` key: the selected alert's runbook (or the one a selected group's alerts share),
// opened in the system browser (Electron) or a new tab (browser shell): lib/links/open-link.ts.
import type { ListRow as Row } from '$core/list/list-query.ts';
import { linksOf } from './alert-links.ts';
import type { LinkOpened } from './open-link.ts';

/**
 * Opens the row's runbook: where it went (null: not opened, said already), or false when the
 * row has none.
 */
export function openRunbook(
  row: Row | null,
  store: { openExternal(url: string): Promise<LinkOpened | null> },
): Promise<LinkOpened | null> | false {
  if (!row || row.kind === 'section') return false;
  const { runbook } =
    row.kind === 'alert'
      ? linksOf(row.alert.labels, [row.alert], [])
      : linksOf(row.group.labels, row.alerts, []);
  if (!runbook) return false;
  return store.openExternal(runbook);
}
