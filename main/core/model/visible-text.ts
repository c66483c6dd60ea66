// Label values, names and comments come from servers and colleagues: a newline, a tab, padding
// spaces, a zero-width space or a bidi override (U+202E) in them is real data that decides what
// a matcher matches, yet invisible or destructive when drawn as is (U+202E reverses all the
// text after it). Everywhere a value is shown, these characters become visible markers, and
// the value is isolated so nothing in it can reorder its neighbours. The raw value is never
// changed: markers are for display only, edits and copies use the value itself.

export interface TextPart {
  text: string;
  /** Set on a marker: what the character really is (for a tooltip or screen reader). */
  hidden?: string;
}

const NAMED: Record<string, [string, string]> = {
  '\n': ['↵', 'line break (\\n)'],
  '\t': ['⇥', 'tab (\\t)'],
  '\r': ['␍', 'carriage return (\\r)'],
};

// Controls, format characters (zero-width, bidi embeddings, overrides and isolates, word
// joiners, BOM), line/paragraph separators and every space that is not U+0020. ZWJ (U+200D)
// and variation selectors are left alone inside emoji sequences, where they are how emoji work.
const HIDDEN_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x001f],
  [0x007f, 0x00a0],
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x1680, 0x1680],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x2000, 0x200f],
  [0x2028, 0x202f],
  [0x205f, 0x206f],
  [0x3000, 0x3000],
  [0x3164, 0x3164],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
];

function isHidden(code: number): boolean {
  // Printable ASCII, nearly every character of real labels: answered without the range walk
  // (every chip of every row drawn goes through here).
  if (code >= 0x20 && code < 0x7f) return false;
  for (const [a, b] of HIDDEN_RANGES) if (code >= a && code <= b) return true;
  return false;
}

function anyHidden(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isHidden(s.charCodeAt(i))) return true;
  return false;
}

const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;

function codeOf(ch: string): string {
  return `U+${(ch.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
}

function isEmojiJoiner(s: string, i: number): boolean {
  if (s[i] !== '\u200d') return false;
  const before = s.slice(Math.max(0, i - 2), i);
  const after = s.slice(i + 1, i + 3);
  return PICTOGRAPHIC.test(before) && PICTOGRAPHIC.test(after);
}

/** True when drawing `s` as is would hide or reorder something. */
export function hasHiddenCharacters(s: string): boolean {
  if (s.startsWith(' ') || s.endsWith(' ')) return true;
  // Emoji joiners alone are not hidden: look closer only when a candidate is present.
  return anyHidden(s) && partsOf(s).some((p) => p.hidden !== undefined);
}

/** `s` as text runs and markers. Plain values come back as one part, cheaply. */
export function visibleParts(s: string): TextPart[] {
  if (!hasHiddenCharacters(s)) return [{ text: s }];
  return partsOf(s);
}

function partsOf(s: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  const flush = () => {
    if (plain) parts.push({ text: plain });
    plain = '';
  };
  const lead = s.length - s.trimStart().length;
  const trail = s.length - s.trimEnd().length;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    const padding = ch === ' ' && (i < lead || i >= s.length - trail);
    if (padding) {
      flush();
      parts.push({ text: '␣', hidden: 'space at the start or end' });
      continue;
    }
    if (ch === ' ' || !isHidden(ch.charCodeAt(0)) || isEmojiJoiner(s, i)) {
      plain += ch;
      continue;
    }
    flush();
    const named = NAMED[ch];
    parts.push(
      named
        ? { text: named[0], hidden: named[1] }
        : { text: `⟨${codeOf(ch)}⟩`, hidden: `invisible character ${codeOf(ch)}` },
    );
  }
  flush();
  return parts;
}

/** Markers inline, for plain-text places (notifications, menus, tooltips). */
export function visibleText(s: string): string {
  if (!hasHiddenCharacters(s)) return s;
  return visibleParts(s)
    .map((p) => p.text)
    .join('');
}

// Right-to-left scripts: the only characters left (after markers replace the bidi controls)
// that can reorder neutral text around them.
const RTL =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;

/**
 * Plain text that cannot reorder its surroundings: markers for hidden characters, and a
 * first-strong isolate (U+2068 ... U+2069) around a value holding right-to-left letters.
 */
export function isolatedText(s: string): string {
  const v = visibleText(s);
  return RTL.test(v) ? `\u2068${v}\u2069` : v;
}

/**
 * A server's value inside a sentence of plain text (the window title, the tray tooltip, the
 * top bar): markers for hidden characters, and isolated (U+2068 ... U+2069) whenever it is
 * anything but plain text, so `safe\u202Egnp.exe` reads `safe⟨U+202E⟩gnp.exe` and neither
 * it nor the sentence can reorder the other. Plain values stay as they are.
 */
export function isolatedValue(s: string): string {
  const v = visibleText(s);
  return v !== s || RTL.test(v) ? `\u2068${v}\u2069` : v;
}

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * Free text (a summary, a comment) for plain-text places: kept as written, line breaks
 * included, but isolated when it holds bidi controls or right-to-left letters, so that an
 * override inside it ends with it.
 */
export function isolatedProse(s: string): string {
  return BIDI_CONTROLS.test(s) || RTL.test(s) ? `\u2068${s}\u2069` : s;
}
