// The two pieces of Go's standard library that decide what a matcher string means on the
// server: unicode.IsSpace (the UTF-8 parser's separators) and strconv.Unquote (its quoted
// names and values). Ported rule for rule, because JS's own `\s` and JSON/JS string escapes
// differ from Go's (JS `\s` includes U+FEFF and not U+0085; Go `\x` escapes are raw BYTES, so
// "\xf0\x9f\x99\x82" is one emoji, not four Latin-1 letters).

/** Go's unicode.IsSpace: Latin-1 spaces plus the Unicode White_Space property. */
export function isGoSpace(cp: number): boolean {
  if (cp <= 0xff) {
    return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || cp === 0x85 || cp === 0xa0;
  }
  return (
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}

/** True when the string holds a lone surrogate (not valid UTF-8 once sent to a Go server). */
export function hasLoneSurrogate(s: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
}

const utf8 = new TextEncoder();
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const SIMPLE_ESCAPES: Record<string, number> = {
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
  '\\': 92,
  '"': 34,
};

function hexValue(s: string): number | undefined {
  return /^[0-9a-fA-F]+$/.test(s) ? parseInt(s, 16) : undefined;
}

/**
 * strconv.Unquote for a double-quoted Go string, followed by the UTF-8 validity check
 * Alertmanager applies to the result. Returns undefined where Go returns an error.
 */
export function goUnquote(quoted: string): string | undefined {
  if (quoted.length < 2 || quoted[0] !== '"' || quoted[quoted.length - 1] !== '"') {
    return undefined;
  }
  const body = quoted.slice(1, -1);
  if (hasLoneSurrogate(body)) return undefined;
  const bytes: number[] = [];
  let i = 0;
  while (i < body.length) {
    const ch = body[i] as string;
    if (ch === '\n' || ch === '"') return undefined; // unescaped newline or quote
    if (ch !== '\\') {
      const cp = body.codePointAt(i) as number;
      const len = cp > 0xffff ? 2 : 1;
      for (const b of utf8.encode(body.slice(i, i + len))) bytes.push(b);
      i += len;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return undefined;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      bytes.push(simple);
      i += 2;
      continue;
    }
    if (next === 'x') {
      const v = hexValue(body.slice(i + 2, i + 4));
      if (v === undefined || body.slice(i + 2, i + 4).length !== 2) return undefined;
      bytes.push(v); // a raw byte: several of them may spell one UTF-8 character
      i += 4;
      continue;
    }
    if (next === 'u' || next === 'U') {
      const n = next === 'u' ? 4 : 8;
      const digits = body.slice(i + 2, i + 2 + n);
      const v = digits.length === n ? hexValue(digits) : undefined;
      if (v === undefined || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) return undefined;
      for (const b of utf8.encode(String.fromCodePoint(v))) bytes.push(b);
      i += 2 + n;
      continue;
    }
    if (next >= '0' && next <= '7') {
      const digits = body.slice(i + 1, i + 4);
      if (!/^[0-7]{3}$/.test(digits)) return undefined;
      const v = parseInt(digits, 8);
      if (v > 255) return undefined;
      bytes.push(v);
      i += 4;
      continue;
    }
    return undefined; // \' and every other escape are syntax errors in a "..." string
  }
  try {
    return strictUtf8.decode(new Uint8Array(bytes));
  } catch {
    return undefined; // "quoted string contains invalid UTF-8 code points"
  }
}

/** Go's strings.TrimSpace (unicode.IsSpace at both ends). */
export function goTrimSpace(s: string): string {
  const runes = [...s];
  let a = 0;
  let b = runes.length;
  while (a < b && isGoSpace((runes[a] as string).codePointAt(0) as number)) a++;
  while (b > a && isGoSpace((runes[b - 1] as string).codePointAt(0) as number)) b--;
  return runes.slice(a, b).join('');
}
