// From one poll cycle's outcome (events, notifications, what was withheld) to history rows.
// Labels are copied from the view so the timeline filters with the same matchers as the
// alert list; resolved alerts take theirs from the previous view (they are gone from the new).
import { formatMatchers } from '../matchers/format.ts';
import type { CoreEvent } from '../model/events.ts';
import type { AlertView, ViewSnapshot } from '../model/view.ts';
import { alertNameOf } from '../model/alert-name.ts';
import type { CycleReport } from '../service.ts';
import type { HistoryRecord } from './record.ts';
import { valuesOf } from '../model/record-values.ts';

/** A notification's title and body in one line, bounded (bodies are already bounded). */
const MAX_DETAIL = 500;

function cut(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > MAX_DETAIL ? `${one.slice(0, MAX_DETAIL - 1)}…` : one;
}

function alertFields(alert: AlertView | undefined, severity?: string): Partial<HistoryRecord> {
  if (!alert) return severity !== undefined ? { severity } : {};
  return {
    labels: alert.labels,
    alertname: alertNameOf(alert.labels),
    severity: severity ?? alert.severity,
  };
}

/** The first group of `view` holding the alert on the cluster (index built lazily, once). */
class GroupIndex {
  #index: Map<string, string> | undefined;
  readonly #view: ViewSnapshot | undefined;
  constructor(view: ViewSnapshot | undefined) {
    this.#view = view;
  }
  find(clusterId: string, fingerprint: string): string | undefined {
    if (!this.#view) return undefined;
    if (!this.#index) {
      this.#index = new Map();
      for (const g of Object.values(this.#view.groups)) {
        for (const fp of g.alerts) {
          const k = `${g.clusterId}\u0000${fp}`;
          if (!this.#index.has(k)) this.#index.set(k, g.key);
        }
      }
    }
    return this.#index.get(`${clusterId}\u0000${fingerprint}`);
  }
}

function silenceDetail(view: ViewSnapshot, prev: ViewSnapshot | undefined, key: string): string {
  const s = view.silences[key] ?? prev?.silences[key];
  if (!s) return key;
  const by = s.createdBy ? ` by ${s.createdBy}` : '';
  const comment = s.comment ? `: ${s.comment}` : '';
  return cut(`${formatMatchers(s.matchers)}${by}${comment}`);
}

/**
 * History rows for one cycle, in event order; notifications and withheld ones last. `known`
 * gives the recorder's record of an open alert (its group and labels), so a resolution does
 * not need an index of the previous view's groups (built only when it lacks one).
 */
export function recordsOfCycle(
  c: CycleReport,
  known: (clusterId: string, fingerprint: string) => HistoryRecord | undefined = () => undefined,
): HistoryRecord[] {
  const { view, previous, at } = c;
  const groups = new GroupIndex(view);
  const prevGroups = new GroupIndex(previous);
  const out: HistoryRecord[] = [];
  const alertRecord = (
    kind: HistoryRecord['kind'],
    e: Extract<CoreEvent, { fingerprint: string }>,
    alert: AlertView | undefined,
    extra: Partial<HistoryRecord> = {},
  ): HistoryRecord => {
    const groupKey =
      ('groupKey' in e ? e.groupKey : undefined) ??
      known(e.clusterId, e.fingerprint)?.groupKey ??
      groups.find(e.clusterId, e.fingerprint) ??
      prevGroups.find(e.clusterId, e.fingerprint);
    return {
      at,
      kind,
      clusterId: e.clusterId,
      fingerprint: e.fingerprint,
      ...(groupKey !== undefined ? { groupKey } : {}),
      ...alertFields(alert, 'severity' in e ? e.severity : undefined),
      ...(alert ? {} : { alertname: e.alertname }),
      ...extra,
    };
  };

  for (const e of c.events) {
    switch (e.type) {
      case 'alert-firing':
        out.push(alertRecord('fired', e, view.alerts[e.fingerprint]));
        break;
      case 'alert-resolved':
        out.push(
          alertRecord('resolved', e, view.alerts[e.fingerprint] ?? previous?.alerts[e.fingerprint]),
        );
        break;
      case 'alert-suppressed': {
        const alert = view.alerts[e.fingerprint];
        const status = alert?.statusByCluster[e.clusterId];
        const silence = status?.silencedBy[0];
        if (silence !== undefined) {
          // Suppressed by an acknowledgement (silences/ack.ts): recorded as such.
          const ack = (view.silences[silence] ?? previous?.silences[silence])?.ack;
          out.push(
            alertRecord(ack ? 'acknowledged' : 'silenced', e, alert, {
              silenceKey: silence,
              detail: silenceDetail(view, previous, silence),
            }),
          );
        } else {
          const by = status?.inhibitedBy[0];
          const inhibitor = by !== undefined ? view.alerts[by] : undefined;
          out.push(
            alertRecord(
              'inhibited',
              e,
              alert,
              inhibitor ? { detail: `by ${alertNameOf(inhibitor.labels)}` } : {},
            ),
          );
        }
        break;
      }
      case 'alert-unsuppressed':
        out.push(alertRecord('unsuppressed', e, view.alerts[e.fingerprint]));
        break;
      case 'severity-escalated':
        out.push(
          alertRecord('severity-changed', e, view.alerts[e.fingerprint], {
            detail: `${e.from || '(none)'} → ${e.to || '(none)'}`,
          }),
        );
        break;
      case 'instance-unreachable':
        out.push({ at, kind: 'instance-down', instanceId: e.instanceId, detail: cut(e.message) });
        break;
      case 'instance-recovered':
        out.push({ at, kind: 'instance-up', instanceId: e.instanceId });
        break;
      case 'silence-created':
      case 'silence-edited':
      case 'silence-expired':
        out.push({
          at,
          kind: e.type,
          clusterId: e.clusterId,
          silenceKey: e.silenceKey,
          detail: silenceDetail(view, previous, e.silenceKey),
        });
        break;
      case 'silence-expiring':
      case 'silence-attention':
      case 'silence-duplicate-expired':
        break; // notices, not changes: their notification (or why withheld) is recorded below
    }
  }

  for (const n of c.notifications) {
    out.push({
      at,
      kind: 'notified',
      ...targetFields(n.target),
      detail: cut(`${n.title}: ${n.body}`),
    });
  }
  for (const w of c.withheld) {
    const e = w.event;
    const base: HistoryRecord =
      'fingerprint' in e
        ? alertRecord('withheld', e, view.alerts[e.fingerprint] ?? previous?.alerts[e.fingerprint])
        : {
            at,
            kind: 'withheld',
            ...('instanceId' in e ? { instanceId: e.instanceId } : {}),
            ...('silenceKey' in e ? { silenceKey: e.silenceKey, clusterId: e.clusterId } : {}),
          };
    out.push({ ...base, kind: 'withheld', detail: `${w.reason} (${e.type})` });
  }
  return out;
}

function targetFields(t: { [k: string]: string | undefined } | undefined): Partial<HistoryRecord> {
  if (!t) return {};
  const out: Partial<HistoryRecord> = {};
  if (t.clusterId !== undefined) out.clusterId = t.clusterId;
  if (t.instanceId !== undefined) out.instanceId = t.instanceId;
  if (t.fingerprint !== undefined) out.fingerprint = t.fingerprint;
  if (t.groupKey !== undefined) out.groupKey = t.groupKey;
  if (t.silenceKey !== undefined) out.silenceKey = t.silenceKey;
  return out;
}

/** What fires in `view` as open records (not recorded), by cluster + NUL + fingerprint. */
export function openRecordsOf(view: ViewSnapshot): Map<string, HistoryRecord> {
  const out = new Map<string, HistoryRecord>();
  for (const g of valuesOf(view.groups)) {
    for (const fp of g.alerts) {
      const key = `${g.clusterId}\u0000${fp}`;
      const alert = view.alerts[fp];
      if (out.has(key) || !alert) continue;
      out.set(key, {
        at: 0,
        kind: 'fired',
        clusterId: g.clusterId,
        fingerprint: fp,
        groupKey: g.key,
        alertname: alertNameOf(alert.labels),
        severity: alert.severity,
        labels: alert.labels,
      });
    }
  }
  return out;
}
