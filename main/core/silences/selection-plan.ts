// Silencing a multi-selection: one silence per cluster (silences never cross clusters), whose
// matchers cover every selected group and alert there (union-matchers.ts), checked against the
// cluster's current alerts with the same preview the silence form uses (preview.ts): what it
// matches beyond the selection is listed, never hidden. Groups are silenced by their group
// labels and alerts by their labels minus the volatile ones, as "Silence group…" and
// "Silence alert…" do, so one selected row means the same silence either way.
import type { AlertView, GroupView, ViewSnapshot } from '../model/view.ts';
import type {
  ClusterSelectionPlan,
  SelectionItem,
  SelectionPlan,
} from '../model/selection-plan.ts';
import { alertNameOf } from '../model/alert-name.ts';
import { previewSilence } from './preview.ts';
import { unionMatchers, type UnionItem } from './union-matchers.ts';

interface ClusterPart {
  items: UnionItem[];
  selected: Set<string>;
  /** Groups selected here (an alert inside one is covered by it). */
  groups: GroupView[];
  alerts: AlertView[];
}

function groupItem(g: GroupView, alerts: Readonly<Record<string, AlertView>>): UnionItem {
  const labels = new Map<string, string[]>();
  for (const [k, v] of Object.entries(g.labels)) if (v !== '') labels.set(k, [v]);
  // A group without labels (group_by: []) is silenced by its alerts' names, as quick.ts does.
  if (labels.size === 0) {
    const names = new Set<string>();
    for (const fp of g.alerts) {
      const n = alerts[fp] ? alertNameOf(alerts[fp].labels) : '';
      if (n !== '') names.add(n);
    }
    if (names.size > 0) labels.set('alertname', [...names]);
  }
  const what = Object.values(g.labels).join(' / ') || 'group without labels';
  return { what, labels };
}

function alertItem(a: AlertView, volatileLabels: readonly string[]): UnionItem {
  const volatile = new Set(volatileLabels);
  const all = Object.entries(a.labels).filter(([, v]) => v !== '');
  const kept = all.filter(([k]) => !volatile.has(k));
  const labels = new Map((kept.length > 0 ? kept : all).map(([k, v]) => [k, [v]]));
  return { what: alertNameOf(a.labels) || 'alert without a name', labels };
}

/**
 * Splits the selection by cluster and plans one silence for each: its matchers, or why there
 * is none, and what it would match now compared with what is selected.
 */
export async function planSelection(
  snapshot: ViewSnapshot,
  selection: readonly SelectionItem[],
  volatileLabels: readonly string[],
): Promise<SelectionPlan> {
  const parts = new Map<string, ClusterPart>();
  const partOf = (clusterId: string): ClusterPart => {
    let p = parts.get(clusterId);
    if (!p) parts.set(clusterId, (p = { items: [], selected: new Set(), groups: [], alerts: [] }));
    return p;
  };
  let gone = 0;
  const seen = new Set<string>();
  for (const item of selection) {
    if ('groupKey' in item) {
      const g = Object.hasOwn(snapshot.groups, item.groupKey)
        ? snapshot.groups[item.groupKey]
        : undefined;
      if (!g) gone++;
      else if (!seen.has(`g:${g.key}`)) {
        seen.add(`g:${g.key}`);
        partOf(g.clusterId).groups.push(g);
      }
      continue;
    }
    const a = Object.hasOwn(snapshot.alerts, item.fingerprint)
      ? snapshot.alerts[item.fingerprint]
      : undefined;
    if (!a || !a.clusters.includes(item.clusterId)) gone++;
    else if (!seen.has(`a:${item.clusterId}\u0000${a.fingerprint}`)) {
      seen.add(`a:${item.clusterId}\u0000${a.fingerprint}`);
      partOf(item.clusterId).alerts.push(a);
    }
  }

  const clusters: ClusterSelectionPlan[] = [];
  for (const [clusterId, p] of [...parts].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
    for (const g of p.groups) {
      p.items.push(groupItem(g, snapshot.alerts));
      for (const fp of g.alerts) if (Object.hasOwn(snapshot.alerts, fp)) p.selected.add(fp);
    }
    let count = p.groups.length;
    for (const a of p.alerts) {
      // Already covered by its selected group: it adds nothing but would narrow nothing either.
      if (p.selected.has(a.fingerprint)) continue;
      p.items.push(alertItem(a, volatileLabels));
      p.selected.add(a.fingerprint);
      count++;
    }
    const selected = [...p.selected];
    const union = unionMatchers(p.items);
    if (!union.ok) {
      clusters.push({
        clusterId,
        matchers: [],
        problem: union.reason,
        notes: [],
        items: count,
        selected,
        matched: [],
        outside: [],
        missed: [],
        unknown: 0,
      });
      continue;
    }
    const preview = await previewSilence(snapshot, clusterId, union.matchers);
    const matched = new Set(preview.fingerprints);
    clusters.push({
      clusterId,
      matchers: union.matchers,
      notes: union.notes,
      items: count,
      selected,
      matched: preview.fingerprints,
      outside: preview.fingerprints.filter((fp) => !p.selected.has(fp)),
      missed: selected.filter((fp) => !matched.has(fp)),
      unknown: preview.unknown,
    });
  }
  return { clusters, gone };
}
