// The links an on-call engineer reaches for first, read from an alert's annotations: its
// runbook and its dashboard. Annotation names vary between rule sets (kube-prometheus writes
// `runbook_url`, others `runbook`, Grafana `dashboardUrl`), so several spellings are accepted,
// case-insensitively; only an absolute http(s) URL becomes a link (format/links.ts).
import type { AlertView } from '$core/model/view.ts';
import { safeHttpUrl } from '../format/links.ts';

const RUNBOOK = ['runbook_url', 'runbook', 'runbookurl', 'runbook_link', 'playbook_url'];
const DASHBOARD = [
  'dashboard_url',
  'dashboard',
  'dashboardurl',
  'grafana_url',
  'grafana_dashboard',
];

export interface AlertLinks {
  runbook: string | null;
  dashboard: string | null;
}

function pick(annotations: Record<string, string>, names: readonly string[]): string | null {
  for (const key in annotations) {
    if (!names.includes(key.toLowerCase())) continue;
    const url = safeHttpUrl(annotations[key]);
    if (url) return url;
  }
  return null;
}

/** The runbook and dashboard of one alert (null where it has none). */
export function linksOf(a: AlertView): AlertLinks {
  return { runbook: pick(a.annotations, RUNBOOK), dashboard: pick(a.annotations, DASHBOARD) };
}

/**
 * A group's links: those of its first alert that has each (alerts of one rule share them).
 * Looks at a bounded number of alerts: a group may hold 10,000.
 */
export function groupLinksOf(alerts: readonly AlertView[]): AlertLinks {
  const out: AlertLinks = { runbook: null, dashboard: null };
  for (let i = 0; i < alerts.length && i < 50; i++) {
    const l = linksOf(alerts[i]!);
    out.runbook ??= l.runbook;
    out.dashboard ??= l.dashboard;
    if (out.runbook && out.dashboard) break;
  }
  return out;
}
