// Whether two copies of an alert show the same thing: what the reader uses to give an
// unchanged alert its previous object (alert-reuse.ts), and the merger to tell a changed copy
// (engine/merge-intake.ts). Flat comparisons, no sorting: they run for every alert of a
// changed group.
import type { GettableAlert, LabelSet } from './types.ts';
import { NONE } from '../model/none.ts';

export function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Same flat label set (or annotations), without sorting. */
export function sameLabels(a: LabelSet, b: LabelSet): boolean {
  if (a === b) return true;
  let n = 0;
  for (const k in a) {
    if (a[k] !== b[k]) return false;
    n++;
  }
  for (const _k in b) n--;
  return n === 0;
}

function sameReceivers(a: GettableAlert['receivers'], b: GettableAlert['receivers']): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.name !== b[i]!.name) return false;
  return true;
}

/**
 * Same copy of an alert as far as any record can show: status, receivers, times, link and
 * annotations. Labels are not compared: the fingerprint is their hash. Annotations normally
 * change together with updatedAt (Alertmanager stamps every post), but a proxy or a compatible
 * server may change text alone, so they are compared too (flat, cheap).
 */
export function sameAlert(a: GettableAlert, b: GettableAlert): boolean {
  if (a === b) return true;
  return (
    a.updatedAt === b.updatedAt &&
    a.status.state === b.status.state &&
    sameStrings(a.status.silencedBy, b.status.silencedBy) &&
    sameStrings(a.status.inhibitedBy, b.status.inhibitedBy) &&
    sameStrings(a.status.mutedBy ?? NONE, b.status.mutedBy ?? NONE) &&
    sameReceivers(a.receivers, b.receivers) &&
    a.startsAt === b.startsAt &&
    a.endsAt === b.endsAt &&
    a.generatorURL === b.generatorURL &&
    sameLabels(a.annotations, b.annotations)
  );
}
