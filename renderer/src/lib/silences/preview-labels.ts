// The order of the labels on a row of the silence preview: those that tell the previewed
// alerts apart (a pod, an instance) first, the ones they all share after. Each row is one line
// cut at its end; in label order a walk-through saw "cluster=prod-eu instanc…" on every row and
// could not tell which pods the silence would hit.
import type { LabelSet } from '$core/api/types.ts';

/** Label names whose value is not the same on every alert (or that some alerts lack). */
export function varyingNames(alerts: readonly { labels: LabelSet }[]): ReadonlySet<string> {
  const first = alerts[0]?.labels;
  const out = new Set<string>();
  if (!first) return out;
  for (const a of alerts) {
    for (const k of Object.keys(a.labels)) if (a.labels[k] !== first[k]) out.add(k);
    for (const k of Object.keys(first)) if (!(k in a.labels)) out.add(k);
  }
  return out;
}

/** A row's labels but alertname: the varying ones first, each group in label order. */
export function previewLabels(labels: LabelSet, varying: ReadonlySet<string>): [string, string][] {
  const rest = Object.entries(labels).filter(([k]) => k !== 'alertname');
  return [...rest.filter(([k]) => varying.has(k)), ...rest.filter(([k]) => !varying.has(k))];
}
