// The one-piece reference for ObjectArraySplitter (main/core/api/group-split.ts): the same JSON
// grammar over a whole text at once, written the plain way, so the chunked splitter is held to
// it wherever the chunks are cut (group-split.test.ts).

function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipWs(text: string, i: number): number {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

/** Index just after the object starting at `start` (a `{`), or -1. */
function objectEnd(text: string, start: number): number {
  let depth = 0;
  const n = text.length;
  for (let i = start; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, the one not escaped by an odd run of backslashes.
      let q = i;
      for (;;) {
        q = text.indexOf('"', q + 1);
        if (q < 0) return -1;
        let b = q - 1;
        while (text.charCodeAt(b) === 0x5c) b--;
        if ((q - 1 - b) % 2 === 0) break;
      }
      i = q;
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
      if (depth === 0) return c === 0x7d ? i + 1 : -1;
    }
  }
  return -1;
}

/** [start, end) of each element of a JSON array of objects, or undefined for any other text. */
export function splitObjectArray(text: string): [number, number][] | undefined {
  let i = skipWs(text, 0);
  if (text.charCodeAt(i) !== 0x5b) return undefined;
  i = skipWs(text, i + 1);
  const out: [number, number][] = [];
  if (text.charCodeAt(i) === 0x5d) return skipWs(text, i + 1) === text.length ? out : undefined;
  for (;;) {
    if (text.charCodeAt(i) !== 0x7b) return undefined;
    const end = objectEnd(text, i);
    if (end < 0) return undefined;
    out.push([i, end]);
    i = skipWs(text, end);
    const c = text.charCodeAt(i);
    if (c === 0x2c) {
      i = skipWs(text, i + 1);
    } else if (c === 0x5d) {
      return skipWs(text, i + 1) === text.length ? out : undefined;
    } else {
      return undefined;
    }
  }
}
