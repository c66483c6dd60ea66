// prepareGroups ($core/list/prepared-groups.ts) with its previous result kept, told by the
// window's view stream which groups changed (list-changes.ts): what the alert list derives
// through.
import type { AlertView, GroupView } from '$core/model/view.ts';
import { prepareGroups, type Changes, type PreparedGroups } from '$core/list/prepared-groups.ts';
import type { ListChanges } from './list-changes.ts';

/**
 * prepareGroups with its previous result kept: what a component derives through. Reading the
 * view's changes does not consume them, so preparing again (Svelte re-running the derivation)
 * gives the same list.
 */
export class GroupPreparer {
  #last: PreparedGroups | null = null;
  /** The version of the view's changes `#last` was prepared at. */
  #version = 0;
  readonly #changes: ListChanges | undefined;

  /** `changes`: the view's record of changed groups, sealed by the view store per update. */
  constructor(changes?: ListChanges) {
    this.#changes = changes;
  }

  prepare(
    groups: Record<string, GroupView> | readonly GroupView[],
    alerts: Record<string, AlertView>,
    order: readonly string[],
  ): PreparedGroups {
    const c = this.#changes;
    let changes: Changes | undefined;
    if (c) {
      changes = { groups: c.since(this.#version), alertCount: c.alertCount };
      this.#version = c.version;
    }
    return (this.#last = prepareGroups(this.#last, groups, alerts, order, changes));
  }
}
