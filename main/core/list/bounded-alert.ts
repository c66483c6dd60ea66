// An alert as a list row carries it: label and annotation values cut to a size a row can
// show, and at most so many characters in all, so no row (and no list answer) grows with what
// a server put in one alert (a 1 MB annotation, 10,000 labels). Cut values end in "…" and the
// record says `clipped`; the detail pane shows the whole record. Made once per record object
// (records are replaced, never mutated).
import type { LabelSet } from '../api/types.ts';
import type { AlertView } from '../model/view.ts';

/** One value's characters at most in a row. */
export const ROW_VALUE_CHARS = 4_096;
/** Characters of names and values at most in a row's labels and annotations together. */
export const ROW_TOTAL_CHARS = 256 * 1024;

/** An alert cut to row size says so (the window shows the whole record in its detail). */
export type RowAlert = AlertView & { clipped?: true };

const bounded = new WeakMap<AlertView, RowAlert>();

export function boundedAlert(a: AlertView): RowAlert {
  let b = bounded.get(a);
  if (!b) {
    b = needsCut(a) ? cut(a) : a;
    bounded.set(a, b);
  }
  return b;
}

function needsCut(a: AlertView): boolean {
  let total = 0;
  for (const set of [a.labels, a.annotations])
    for (const k in set) {
      const v = set[k]!;
      if (v.length > ROW_VALUE_CHARS) return true;
      total += k.length + v.length;
      if (total > ROW_TOTAL_CHARS) return true;
    }
  return false;
}

function cut(a: AlertView): RowAlert {
  let room = ROW_TOTAL_CHARS;
  const bound = (set: LabelSet): LabelSet => {
    const out: LabelSet = {};
    for (const k in set) {
      if (room <= 0) break;
      const v = set[k]!;
      const value = v.length > ROW_VALUE_CHARS ? `${v.slice(0, ROW_VALUE_CHARS)}…` : v;
      out[k] = value;
      room -= k.length + value.length;
    }
    return out;
  };
  // Labels first: they identify the alert, and the row's chips are made from them.
  return { ...a, labels: bound(a.labels), annotations: bound(a.annotations), clipped: true };
}
