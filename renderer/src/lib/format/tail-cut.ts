// Where a text cut short of room keeps its end: the last characters are drawn whole and the
// ellipsis goes before them ("checkout-api-7d9f…-x2k4p", "127.0.0.1:…:19093"), for texts whose
// telling part is their end. Pods, replicas and ordinals of one workload differ at the end, and
// so do Alertmanagers named by host and port; an ellipsis at the end hid exactly that. Texts
// that differ earlier (hosts with a shared domain and port, "ip-10-3-0-37.….internal:9100")
// keep the ellipsis at the end. The CSS (app.css `.cut`) shrinks only the head.

/** Texts this long or shorter are never split (short of room they are cut at the end). */
export const SPLIT_FROM = 14;
/** The least and most of the end kept whole. */
const TAIL_MIN = 6;
const TAIL_MAX = 12;

/**
 * Where the kept end of a label value starts, or 0 when it is not split: values whose last
 * part, after a `-` or `_`, is short and holds a digit or is a generated suffix (a pod's
 * `-x2k4p`, a StatefulSet's `-12`, `…-west-2`). Never a port or a domain ending: those are
 * alike between neighbours.
 */
export function tailStart(text: string): number {
  if (text.length <= SPLIT_FROM) return 0;
  const m = /[-_]([a-z0-9]{1,8})$/i.exec(text);
  if (!m || !/\d|^[a-z0-9]{5}$/.test(m[1]!)) return 0;
  return clampStart(text, m.index);
}

/**
 * Where the kept end of a name starts among the names it sits beside (all the Alertmanagers'
 * names), or 0: split only when the names differ in their last characters, kept from where
 * they start to differ.
 */
export function tailStartAmong(text: string, others: readonly string[]): number {
  if (text.length <= SPLIT_FROM) return 0;
  // An HA cluster named after its members ("127.0.0.1:19093, 127.0.0.1:19095"): kept from
  // where it differs, it read "1…3, 127.0.0.1:19095" (walk-through). Its first member whole,
  // cut at the end, reads as a name.
  if (text.includes(', ')) return 0;
  let prefix = text.length;
  let differsAtEnd = false;
  for (const o of others) {
    if (o === text) continue;
    let p = 0;
    while (p < prefix && p < o.length && o.charCodeAt(p) === text.charCodeAt(p)) p++;
    prefix = p;
    if (o.length === 0 || o.charCodeAt(o.length - 1) !== text.charCodeAt(text.length - 1)) {
      differsAtEnd = true;
    }
  }
  return differsAtEnd ? clampStart(text, prefix) : 0;
}

/**
 * `at`, moved to keep at least TAIL_MIN characters and to start at a separator when one is
 * near ("-prod-12", not "rod-12"), never splitting a character.
 */
function clampStart(text: string, at: number): number {
  let i = Math.min(text.length - TAIL_MIN, at);
  for (let j = i; j >= text.length - TAIL_MAX && j >= 0; j--) {
    if (SEPARATORS.includes(text[j]!)) {
      i = j;
      break;
    }
  }
  while (i > 0 && joinsBefore(text.charCodeAt(i))) i--;
  return i;
}

const SEPARATORS = '-_.:/';

/** A low surrogate, a combining mark or a zero-width joiner belongs with the character before. */
function joinsBefore(c: number): boolean {
  return (
    (c >= 0xdc00 && c <= 0xdfff) ||
    (c >= 0x0300 && c <= 0x036f) ||
    c === 0x200d ||
    (c >= 0xfe00 && c <= 0xfe0f)
  );
}
