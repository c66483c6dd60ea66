// Matcher syntax as Alertmanager accepts it in filters, amtool and its UI:
//   name op value        op: =  !=  =~  !~
// - name: unquoted (`alertname`, `job`) or double-quoted for any UTF-8 name (`"service.name"`);
// - value: double-quoted with escapes, or unquoted up to the next `,` / `}` (trailing spaces
//   trimmed); an empty value is allowed (`a=""`, `a=`);
// - escapes in quoted text: \" \\ \n and Go-style \t \r \a \b \f \v \xHH \uHHHH \UHHHHHHHH
//   \ooo; any other backslash is kept literally (as Alertmanager's classic parser does, so
//   regexes like "foo\.bar" work);
// - lists: comma-separated, optionally wrapped in `{...}`, trailing comma allowed.
// formatMatcher prints the canonical form `name="value"` that every Alertmanager version
// (classic and UTF-8 parser) reads back identically.
import type { Matcher } from './types.ts';

export type MatchOperator = '=' | '!=' | '=~' | '!~';

export class MatcherParseError extends Error {
  /** 0-based offset (UTF-16 code unit) in the input where the problem is. */
  readonly position: number;
  readonly input: string;

  constructor(message: string, position: number, input: string) {
    super(`${message} at position ${position}`);
    this.name = 'MatcherParseError';
    this.position = position;
    this.input = input;
  }
}

export function operatorOf(m: Pick<Matcher, 'isRegex' | 'isEqual'>): MatchOperator {
  if (m.isRegex) return m.isEqual ? '=~' : '!~';
  return m.isEqual ? '=' : '!=';
}

export function matcherFromOperator(name: string, op: MatchOperator, value: string): Matcher {
  return { name, value, isRegex: op === '=~' || op === '!~', isEqual: op === '=' || op === '=~' };
}

/** Characters that end an unquoted label name. */
const NAME_STOP = new Set([...'{}!=~,"\'`\\']);
const SIMPLE_NAME = /^[A-Za-z_:][A-Za-z0-9_:]*$/;

function isSpace(ch: string | undefined): boolean {
  return ch !== undefined && /\s/.test(ch);
}

class Parser {
  pos = 0;
  constructor(readonly input: string) {}

  error(message: string, at = this.pos): MatcherParseError {
    return new MatcherParseError(message, at, this.input);
  }

  peek(): string | undefined {
    return this.input[this.pos];
  }

  atEnd(): boolean {
    return this.pos >= this.input.length;
  }

  skipSpace(): void {
    while (isSpace(this.peek())) this.pos++;
  }

  describe(): string {
    const ch = this.peek();
    return ch === undefined ? 'end of input' : `'${ch}'`;
  }

  /** One matcher starting at pos; `inList` makes `,` and `}` end an unquoted value. */
  matcher(inList: boolean): Matcher {
    this.skipSpace();
    const name = this.name();
    this.skipSpace();
    const op = this.operator();
    this.skipSpace();
    const value = this.peek() === '"' ? this.quoted('value') : this.unquotedValue(inList);
    return matcherFromOperator(name, op, value);
  }

  name(): string {
    if (this.peek() === '"') {
      const at = this.pos;
      const name = this.quoted('label name');
      if (name === '') throw this.error('empty label name', at);
      return name;
    }
    const start = this.pos;
    while (!this.atEnd() && !NAME_STOP.has(this.peek() as string) && !isSpace(this.peek())) {
      this.pos++;
    }
    if (this.pos === start) throw this.error(`expected a label name, found ${this.describe()}`);
    return this.input.slice(start, this.pos);
  }

  operator(): MatchOperator {
    const two = this.input.slice(this.pos, this.pos + 2);
    if (two === '=~' || two === '!=' || two === '!~') {
      this.pos += 2;
      return two;
    }
    if (this.peek() === '=') {
      this.pos++;
      return '=';
    }
    throw this.error(`expected an operator (=, !=, =~, !~), found ${this.describe()}`);
  }

  unquotedValue(inList: boolean): string {
    const start = this.pos;
    while (!this.atEnd()) {
      const ch = this.peek() as string;
      if (inList && (ch === ',' || ch === '}')) break;
      if (ch === '"') throw this.error("unexpected '\"' in an unquoted value (quote the value)");
      this.pos++;
    }
    return this.input.slice(start, this.pos).trimEnd();
  }

  /** A double-quoted string starting at pos, escapes decoded. */
  quoted(what: string): string {
    const open = this.pos;
    this.pos++; // opening quote
    let out = '';
    for (;;) {
      if (this.atEnd()) throw this.error(`unterminated quoted ${what} (missing closing '"')`, open);
      const ch = this.input[this.pos] as string;
      if (ch === '"') {
        this.pos++;
        return out;
      }
      if (ch !== '\\') {
        out += ch;
        this.pos++;
        continue;
      }
      out += this.escape();
    }
  }

  /** Decodes the escape at pos (a backslash) and advances past it. */
  escape(): string {
    const at = this.pos;
    const next = this.input[at + 1];
    if (next === undefined) throw this.error('unterminated escape sequence', at);
    const simple: Record<string, string> = {
      '"': '"',
      '\\': '\\',
      n: '\n',
      t: '\t',
      r: '\r',
      a: '\x07',
      b: '\b',
      f: '\f',
      v: '\v',
    };
    const mapped = simple[next];
    if (mapped !== undefined) {
      this.pos += 2;
      return mapped;
    }
    const hexLen = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
    if (hexLen > 0) {
      const digits = this.input.slice(at + 2, at + 2 + hexLen);
      if (digits.length !== hexLen || !/^[0-9a-fA-F]+$/.test(digits)) {
        throw this.error(`invalid \\${next} escape: expected ${hexLen} hex digits`, at);
      }
      const code = parseInt(digits, 16);
      if (next !== 'x' && (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))) {
        throw this.error(`invalid Unicode code point \\${next}${digits}`, at);
      }
      this.pos += 2 + hexLen;
      return String.fromCodePoint(code);
    }
    if (/[0-7]/.test(next)) {
      const digits = this.input.slice(at + 1, at + 4);
      if (!/^[0-7]{3}$/.test(digits) || parseInt(digits, 8) > 255) {
        throw this.error('invalid octal escape: expected 3 octal digits up to \\377', at);
      }
      this.pos += 4;
      return String.fromCharCode(parseInt(digits, 8));
    }
    // Unknown escape: keep the backslash literally (regex escapes such as \. or \d).
    this.pos += 1;
    return '\\';
  }
}

/** Parses one matcher such as `job=~"node|api"` or `severity != info`. */
export function parseMatcher(input: string): Matcher {
  const p = new Parser(input);
  const m = p.matcher(false);
  p.skipSpace();
  if (!p.atEnd()) throw p.error(`unexpected ${p.describe()} after the matcher`);
  return m;
}

/**
 * Parses a comma-separated list, optionally wrapped in braces: `{a="b", c=~"d.*"}`,
 * `a=b, c!=d`. Empty input (or `{}`) gives an empty list.
 */
export function parseMatchers(input: string): Matcher[] {
  const p = new Parser(input);
  p.skipSpace();
  const braced = p.peek() === '{';
  const openAt = p.pos;
  if (braced) p.pos++;
  const out: Matcher[] = [];
  for (;;) {
    p.skipSpace();
    if (p.atEnd()) {
      if (braced) throw p.error("missing closing '}'", openAt);
      return out;
    }
    if (p.peek() === '}') {
      if (!braced) throw p.error("unexpected '}' without an opening '{'");
      p.pos++;
      p.skipSpace();
      if (!p.atEnd()) throw p.error(`unexpected ${p.describe()} after '}'`);
      return out;
    }
    out.push(p.matcher(true));
    p.skipSpace();
    if (p.peek() === ',') {
      p.pos++;
      continue;
    }
    if (p.atEnd() || p.peek() === '}') continue;
    throw p.error(`expected ',' or end of the list, found ${p.describe()}`);
  }
}

/** Double-quoted text that both the classic and the UTF-8 Alertmanager parsers read back. */
function quote(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

function formatName(name: string): string {
  return SIMPLE_NAME.test(name) ? name : quote(name);
}

/** Canonical form: `name="value"` with the operator; names quoted only when needed. */
export function formatMatcher(m: Matcher): string {
  return `${formatName(m.name)}${operatorOf(m)}${quote(m.value)}`;
}

/** `{a="b", c!~"d"}` */
export function formatMatchers(ms: Matcher[]): string {
  return `{${ms.map(formatMatcher).join(', ')}}`;
}
