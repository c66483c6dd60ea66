// An unchanged alert of a changed group is the previous body's object again, as an unchanged
// group's text gives the previous group object (alert-groups-reader.ts). A poll that changed a
// few alerts of a group parses the whole group; without this, every unchanged alert of it
// would be held twice: by the merged view's record (built from the previous object) and by the
// poll's data (+70 MB at 100,000 alerts). The merge reads the data as it is given and keeps
// the poll's objects, which are then the ones its records were built from.
//
// Positional first (a server lists its groups and a group's alerts in the same order poll
// after poll); a map is built only when a position does not match.
import type { AlertGroup, GettableAlert, LabelSet } from './types.ts';
import { sameAlert, sameLabels } from './same-alert.ts';

export class AlertReuse {
  #last: readonly AlertGroup[] = [];
  #byKey: Map<string, AlertGroup> | undefined;

  /** The body just read: its groups are the previous ones for the next body. */
  remember(groups: readonly AlertGroup[]): void {
    this.#last = groups;
    this.#byKey = undefined;
  }

  /** The previous body's alerts of the group with this receiver and labels, if it had one. */
  group(index: number, receiver: string, labels: LabelSet): PreviousAlerts | undefined {
    let g = this.#last[index];
    if (g === undefined || g.receiver.name !== receiver || !sameLabels(g.labels, labels)) {
      this.#byKey ??= new Map(this.#last.map((x) => [groupKey(x.receiver.name, x.labels), x]));
      g = this.#byKey.get(groupKey(receiver, labels));
    }
    return g && new PreviousAlerts(g.alerts);
  }
}

/** One group's alerts in the previous body. */
class PreviousAlerts {
  readonly #alerts: readonly GettableAlert[];
  #byFp: Map<string, GettableAlert> | undefined;

  constructor(alerts: readonly GettableAlert[]) {
    this.#alerts = alerts;
  }

  /** The previous object when it shows exactly what `a` (read at position i) shows; else `a`. */
  reuse(i: number, a: GettableAlert): GettableAlert {
    let old = this.#alerts[i];
    if (old === undefined || old.fingerprint !== a.fingerprint) {
      this.#byFp ??= new Map(this.#alerts.map((x) => [x.fingerprint, x]));
      old = this.#byFp.get(a.fingerprint);
    }
    return old !== undefined && sameAlert(old, a) && sameLabels(old.labels, a.labels) ? old : a;
  }
}

function groupKey(receiver: string, labels: LabelSet): string {
  return JSON.stringify([receiver, Object.entries(labels).sort(([a], [b]) => (a < b ? -1 : 1))]);
}
