// `c` / `C` and the detail's Copy buttons: the selected alert (or a group's shown alerts, the
// first few) as text or Markdown on the clipboard, with a toast saying what was copied.
import type { AlertView } from '$core/model/view.ts';
import type { ListRow as Row } from '$core/list/list-query.ts';
import type { AppStore } from '../app/app-store.svelte.ts';
import { alertAsMarkdown, alertAsText } from './alert-copy.ts';

/** A group copies this many of its alerts; a ticket needs examples, not 10,000 alerts. */
const MAX_GROUP_ALERTS = 20;

export function copyAlerts(alerts: readonly AlertView[], store: AppStore, markdown: boolean): void {
  const view = store.view;
  const templates = store.settings?.ui.linkTemplates ?? [];
  const parts = alerts.slice(0, MAX_GROUP_ALERTS).map((a) => {
    const where = a.instances.map((id) => view.instances[id]?.name ?? id);
    const c = { now: store.now, where, templates };
    return markdown ? alertAsMarkdown(a, c) : alertAsText(a, c);
  });
  if (alerts.length > MAX_GROUP_ALERTS)
    parts.push(`(${alerts.length - MAX_GROUP_ALERTS} more alerts not copied)`);
  const what = markdown ? 'Markdown' : 'text';
  const n = Math.min(alerts.length, MAX_GROUP_ALERTS);
  navigator.clipboard.writeText(parts.join('\n\n')).then(
    () =>
      store.notifications.flash({
        title: `Copied as ${what}`,
        body: `${n} alert${n === 1 ? '' : 's'}`,
      }),
    () => store.notifications.flash({ title: 'Copy failed', body: 'The clipboard refused it' }),
  );
}

/** The row's alerts copied; false when nothing is selected. */
export function copyRow(row: Row | null, store: AppStore, markdown: boolean): boolean {
  if (!row || row.kind === 'section') return false;
  copyAlerts(row.kind === 'alert' ? [row.alert] : row.alerts, store, markdown);
  return true;
}
