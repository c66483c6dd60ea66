// The links of an alert or a group: its runbook and dashboard (annotations, under the names
// rule authors use) and the user's link templates, each an http(s) URL or nothing.
import { safeHttpUrl } from '../format/links.ts';
import { fillLinkTemplate, type LinkTemplate } from './link-template.ts';

export interface NamedLink {
  name: string;
  href: string;
}

export interface AlertLinks {
  runbook: string | null;
  dashboard: string | null;
  templates: NamedLink[];
}

/** Annotation names read as the runbook, first found wins (kube-prometheus, Grafana, karma). */
const RUNBOOK = ['runbook_url', 'runbook', 'runbookUrl', 'runbook_link', 'playbook'];
const DASHBOARD = ['dashboard_url', 'grafana_url', 'dashboard', 'grafana_dashboard_url'];
/** A row shows a few template links; more would push the row's text off screen. */
const MAX_TEMPLATE_LINKS = 8;

/** Annotation names are matched without case (`Runbook`, `runbookURL`); at most this many read. */
const NAMES_READ = 200;

function first(names: readonly string[], annotations: Readonly<Record<string, string>>) {
  const byLower = new Map<string, string>();
  let read = 0;
  for (const k in annotations) {
    if (++read > NAMES_READ) break;
    const lower = k.toLowerCase();
    if (!byLower.has(lower)) byLower.set(lower, k);
  }
  for (const n of names) {
    const key = byLower.get(n.toLowerCase());
    if (key === undefined) continue;
    const href = safeHttpUrl(annotations[key]);
    if (href) return href;
  }
  return null;
}

export function alertLinks(
  labels: Readonly<Record<string, string>>,
  annotations: Readonly<Record<string, string>>,
  templates: readonly LinkTemplate[],
): AlertLinks {
  const named: NamedLink[] = [];
  for (const t of templates.slice(0, MAX_TEMPLATE_LINKS)) {
    const href = fillLinkTemplate(t.url, labels, annotations);
    if (href) named.push({ name: t.name, href });
  }
  return {
    runbook: first(RUNBOOK, annotations),
    dashboard: first(DASHBOARD, annotations),
    templates: named,
  };
}

/** How many of a group's alerts, and of their annotations, are compared (bounded work). */
const COMMON_SAMPLE = 200;
const COMMON_NAMES = 100;

/**
 * The annotations every alert of a group shares (same value), over its first alerts: a
 * group row links the runbook its alerts have in common.
 */
export function commonAnnotations(
  alerts: readonly { annotations: Readonly<Record<string, string>> }[],
): Record<string, string> {
  const sample = alerts.slice(0, COMMON_SAMPLE);
  const [head, ...rest] = sample;
  if (!head) return {};
  if (rest.length === 0) return { ...head.annotations };
  const common: Record<string, string> = {};
  let n = 0;
  for (const name in head.annotations) {
    if (++n > COMMON_NAMES) break;
    const v = head.annotations[name]!;
    if (rest.every((a) => a.annotations[name] === v)) common[name] = v;
  }
  return common;
}

/** The links of a list row: one alert's, or what a group's (shown) alerts have in common. */
export function linksOf(
  labels: Readonly<Record<string, string>>,
  alerts: readonly { annotations: Readonly<Record<string, string>> }[],
  templates: readonly LinkTemplate[],
): AlertLinks {
  return alertLinks(labels, commonAnnotations(alerts), templates);
}
