// What the window asks about a multi-selection of groups and alerts before silencing it, and
// what the core answers: per cluster, the one matcher set that covers the selection there
// (silences/union-matchers.ts) and what it would match now (silences/preview.ts), said plainly
// enough to tell "exactly the selection" from "also these others".
import type { LabelSet, Matcher } from '../api/types.ts';

/** Most rows one plan takes (the bridge refuses more; the window says so first). */
export const MAX_SELECTION_ITEMS = 5000;

/** One selected row: a group of the view, or an alert on one cluster. */
export type SelectionItem = { groupKey: string } | { fingerprint: string; clusterId: string };

export interface ClusterSelectionPlan {
  clusterId: string;
  /** The one silence's matchers (AND-ed); [] when `problem` says why there is none. */
  matchers: Matcher[];
  /** Why no single silence can cover this cluster's part of the selection (plain words). */
  problem?: string;
  /** Things the user should know about the matchers (a label left out, why). */
  notes: string[];
  /** How many selected items (groups and alerts) fall on this cluster. */
  items: number;
  /** Fingerprints of the cluster's alerts the selection holds now. */
  selected: string[];
  /** Fingerprints the matchers match now (empty with a problem). */
  matched: string[];
  /** Matched but not selected: what the silence would hit beyond the selection. */
  outside: string[];
  /** Selected but not matched (only when the matching budget kept a test from running). */
  missed: string[];
  /** Alerts the matching budget did not evaluate (the server decides). */
  unknown: number;
  /**
   * The labels of the first PLAN_SHOWN alerts listed (outside first, then matched), at most
   * PLAN_LABELS of each: the window holds no alerts of its own (issue 29).
   */
  labels?: Record<string, LabelSet>;
}

/** Alerts a plan lists by name and labels, and labels listed per alert. */
export const PLAN_SHOWN = 40;
export const PLAN_LABELS = 13;

/** The alerts a plan lists, in the order the window lists them: outside first. */
export function planShown(p: Pick<ClusterSelectionPlan, 'outside' | 'matched'>): string[] {
  const outside = new Set(p.outside);
  return [...p.outside, ...p.matched.filter((fp) => !outside.has(fp))].slice(0, PLAN_SHOWN);
}

export interface SelectionPlan {
  /** One entry per cluster, by cluster id. */
  clusters: ClusterSelectionPlan[];
  /** Selected items no longer in the view (resolved, or the group went away). */
  gone: number;
}
