// Colour class for a severity value: known names keep their colour; other configured values
// take the colour of their rank; values outside the configured order are "unknown" grey.
const NAMED = new Set(['critical', 'error', 'warning', 'info']);
const BY_RANK = ['sev-critical', 'sev-error', 'sev-warning', 'sev-info'];

export function severityClass(severity: string, order: readonly string[]): string {
  if (NAMED.has(severity)) return `sev-${severity}`;
  const i = order.indexOf(severity);
  if (i === -1) return 'sev-unknown';
  return BY_RANK[Math.min(i, BY_RANK.length - 1)] ?? 'sev-unknown';
}
