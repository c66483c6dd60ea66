// The list's preparation steps (main/core/list: generators that yield when a pace is due) run
// to the end at once, as the tests that compare lists built from scratch call them.
import type { AlertView, GroupView } from '../../main/core/model/view.ts';
import { drain, NEVER } from '../../main/core/list/pace.ts';
import {
  prepareGroupsSteps,
  type Changes,
  type PreparedGroups,
} from '../../main/core/list/prepared-groups.ts';
import { flattenRowsSteps, type GroupRow, type Row } from '../../main/core/list/rows.ts';
import { sectionRowsSteps } from '../../main/core/list/sections.ts';

export function prepareGroups(
  prev: PreparedGroups | null,
  groups: Record<string, GroupView> | readonly GroupView[],
  alerts: Record<string, AlertView>,
  order: readonly string[],
  changes?: Changes,
): PreparedGroups {
  return drain(prepareGroupsSteps(prev, groups, alerts, order, changes, NEVER));
}

export function flattenRows(groups: readonly GroupRow[], collapsed: ReadonlySet<string>): Row[] {
  return drain(flattenRowsSteps(groups, collapsed, NEVER));
}

export function sectionRows(
  groups: readonly GroupRow[],
  label: string,
  collapsed: ReadonlySet<string>,
  clusterName?: (clusterId: string) => string,
): Row[] {
  return drain(sectionRowsSteps(groups, label, collapsed, NEVER, clusterName));
}
