// Display order of severities, shared by the merged view (group severity), the tray menu and
// the window's lists: listed values by their position in severityOrder, then values nobody
// listed, then alerts without the label. (The notification policy ranks differently on
// purpose: see policy/severity.ts, where an unknown value counts as at least a warning.)

export function displaySeverityRank(severity: string, order: readonly string[]): number {
  if (severity === '') return order.length + 1;
  const i = order.indexOf(severity);
  return i === -1 ? order.length : i;
}
