// Alertmanager's UTF-8 matcher parser (matcher/parse: lexer.go, token.go, parse.go), the one
// 0.27+ tries first. Ported state for state so that what it accepts, the values it yields and
// its error texts ("7:17: \"\\xf0\\x9f\": invalid input") are the server's. Positions are in
// runes (code points), as upstream counts them. Conformance: test/core/matchers.
import type { Matcher } from '../api/types.ts';
import { goUnquote, isGoSpace } from './go-text.ts';
import { newMatcher, ParseFailure, type MatchType } from './matcher.ts';

type Kind =
  | 'EOF'
  | 'OpenBrace'
  | 'CloseBrace'
  | 'Comma'
  | 'Equals'
  | 'NotEquals'
  | 'Matches'
  | 'NotMatches'
  | 'Quoted'
  | 'Unquoted';

interface Position {
  offsetStart: number;
  offsetEnd: number;
  columnStart: number;
  columnEnd: number;
}

interface Token extends Position {
  kind: Kind;
  value: string;
}

const EOF = -1;
const EOF_TOKEN: Token = {
  kind: 'EOF',
  value: '',
  offsetStart: 0,
  offsetEnd: 0,
  columnStart: 0,
  columnEnd: 0,
};
const RESERVED = new Set([...'{}!=~,\\"\'`'].map((c) => c.codePointAt(0) as number));

function isReserved(r: number): boolean {
  return isGoSpace(r) || RESERVED.has(r);
}

/** A lexer error: the failure plus the column where it starts. */
function lexError(message: string, p: Position): ParseFailure {
  return new ParseFailure(message, p.columnStart);
}

class Lexer {
  /** The input as runes; offsets index this array (upstream indexes bytes, same positions). */
  readonly runes: string[];
  err: ParseFailure | undefined;
  start = 0;
  pos = 0;
  width = 0;
  column = 0;
  cols = 0;

  constructor(input: string) {
    this.runes = [...input];
  }

  text(from: number, to: number): string {
    return this.runes.slice(from, to).join('');
  }

  scan(): Token {
    if (this.err) throw this.err;
    for (let r = this.#next(); r !== EOF; r = this.#next()) {
      if (r === 0x7b) return this.#emit('OpenBrace');
      if (r === 0x7d) return this.#emit('CloseBrace');
      if (r === 0x2c) return this.#emit('Comma');
      if (r === 0x3d || r === 0x21) {
        this.#rewind();
        return this.#guard(() => this.#scanOperator());
      }
      if (r === 0x22) {
        this.#rewind();
        return this.#guard(() => this.#scanQuoted());
      }
      if (!isReserved(r)) {
        this.#rewind();
        return this.#scanUnquoted();
      }
      if (isGoSpace(r)) {
        this.#skip();
        continue;
      }
      const p = this.position();
      this.err = lexError(
        `${p.columnStart}:${p.columnEnd}: ${this.text(p.offsetStart, p.offsetEnd)}: invalid input`,
        p,
      );
      throw this.err;
    }
    return EOF_TOKEN;
  }

  /** Remembers a scan error: upstream's lexer refuses to scan further once it failed. */
  #guard(fn: () => Token): Token {
    try {
      return fn();
    } catch (e) {
      if (e instanceof ParseFailure) this.err = e;
      throw e;
    }
  }

  #expectedError(expected: string): ParseFailure {
    const p = this.position();
    if (p.offsetEnd >= this.runes.length) {
      return lexError(
        `${p.columnStart}:${p.columnEnd}: unexpected end of input, expected one of '${expected}'`,
        p,
      );
    }
    return lexError(
      `${p.columnStart}:${p.columnEnd}: ${this.text(p.offsetStart, p.offsetEnd)}: expected one of '${expected}'`,
      p,
    );
  }

  #scanOperator(): Token {
    if (this.#accept('!')) {
      if (this.#accept('=')) return this.#emit('NotEquals');
      if (this.#accept('~')) return this.#emit('NotMatches');
      throw this.#expectedError('=~');
    }
    if (this.#accept('=')) {
      if (this.#accept('~')) return this.#emit('Matches');
      return this.#emit('Equals');
    }
    throw this.#expectedError('!=');
  }

  #scanQuoted(): Token {
    this.#expect('"');
    let escaped = false;
    for (let r = this.#next(); r !== EOF; r = this.#next()) {
      if (escaped) escaped = false;
      else if (r === 0x5c) escaped = true;
      else if (r === 0x22) {
        this.#rewind();
        break;
      }
    }
    if (!this.#accept('"')) {
      const p = this.position();
      throw lexError(
        `${p.columnStart}:${p.columnEnd}: ${this.text(p.offsetStart, p.offsetEnd)}: missing end "`,
        p,
      );
    }
    return this.#emit('Quoted');
  }

  #scanUnquoted(): Token {
    for (let r = this.#next(); r !== EOF; r = this.#next()) {
      if (isReserved(r)) {
        this.#rewind();
        break;
      }
    }
    return this.#emit('Unquoted');
  }

  peek(): Token {
    const { start, pos, width, column, cols } = this;
    try {
      return this.scan();
    } finally {
      this.start = start;
      this.pos = pos;
      this.width = width;
      this.column = column;
      this.cols = cols;
    }
  }

  position(): Position {
    return {
      offsetStart: this.start,
      offsetEnd: this.pos,
      columnStart: this.column,
      columnEnd: this.cols,
    };
  }

  #accept(valid: string): boolean {
    const r = this.#next();
    if (r !== EOF && valid.includes(String.fromCodePoint(r))) return true;
    this.#rewind();
    return false;
  }

  #expect(valid: string): void {
    if (!this.#accept(valid)) throw this.#expectedError(valid);
  }

  #emit(kind: Kind): Token {
    const t: Token = { kind, value: this.text(this.start, this.pos), ...this.position() };
    this.start = this.pos;
    this.column = this.cols;
    return t;
  }

  #next(): number {
    if (this.pos >= this.runes.length) {
      this.width = 0;
      return EOF;
    }
    const r = (this.runes[this.pos] as string).codePointAt(0) as number;
    this.width = 1;
    this.pos++;
    this.cols++;
    return r;
  }

  #rewind(): void {
    this.pos -= this.width;
    if (this.width > 0) this.cols--;
  }

  #skip(): void {
    this.start = this.pos;
    this.column = this.cols;
  }
}

const OPERATORS: Partial<Record<Kind, MatchType>> = {
  Equals: '=',
  NotEquals: '!=',
  Matches: '=~',
  NotMatches: '!~',
};

/** Wraps an error as upstream's `fmt.Errorf("%w: %w", err, sentinel)`. */
function wrap(err: unknown, sentinel: string): ParseFailure {
  if (err instanceof ParseFailure)
    return new ParseFailure(`${err.message}: ${sentinel}`, err.column);
  throw err;
}

/** `end of input` as upstream's errEOF, at the lexer's current column. */
class EndOfInput extends ParseFailure {
  constructor(column: number) {
    super('end of input', column);
  }
}

class Parser {
  readonly matchers: Matcher[] = [];
  hasOpenBrace = false;
  constructor(readonly l: Lexer) {}

  parse(): Matcher[] {
    let fn: (() => unknown) | null = () => this.parseOpenBrace();
    while (fn) fn = fn() as (() => unknown) | null;
    return this.matchers;
  }

  parseOpenBrace(): (() => unknown) | null {
    try {
      this.hasOpenBrace = this.accept('OpenBrace');
    } catch (e) {
      if (e instanceof EndOfInput) return () => this.parseEOF();
      throw e;
    }
    let hasCloseBrace: boolean;
    try {
      hasCloseBrace = this.acceptPeek('CloseBrace');
    } catch (e) {
      if (e instanceof EndOfInput) return () => this.parseCloseBrace();
      throw e;
    }
    return hasCloseBrace ? () => this.parseCloseBrace() : () => this.parseMatcher();
  }

  parseCloseBrace(): (() => unknown) | null {
    const col = () => this.l.position().columnEnd;
    if (this.hasOpenBrace) {
      try {
        this.expect('CloseBrace');
      } catch (e) {
        if (!(e instanceof ParseFailure)) throw e;
        throw new ParseFailure(`0:${col()}: ${e.message}: expected close brace`, col());
      }
    } else {
      let closed = true;
      try {
        this.expect('CloseBrace');
      } catch (e) {
        if (!(e instanceof ParseFailure)) throw e;
        closed = false;
      }
      if (closed) throw new ParseFailure(`0:${col()}: }: expected opening brace`, col() - 1);
    }
    return () => this.parseEOF();
  }

  parseMatcher(): (() => unknown) | null {
    let t: Token;
    try {
      t = this.expect('Quoted', 'Unquoted');
    } catch (e) {
      throw wrap(e, 'expected label name');
    }
    const name = this.unquote(t);
    try {
      t = this.expect('Equals', 'NotEquals', 'Matches', 'NotMatches');
    } catch (e) {
      throw wrap(e, "expected an operator such as '=', '!=', '=~' or '!~'");
    }
    const op = OPERATORS[t.kind] as MatchType;
    try {
      t = this.expect('Unquoted', 'Quoted');
    } catch (e) {
      throw wrap(e, 'expected label value');
    }
    const value = this.unquote(t);
    const made = newMatcher(op, name, value);
    if (typeof made === 'string') {
      throw new ParseFailure(`failed to create matcher: ${made}`, t.columnStart, 'regex');
    }
    this.matchers.push(made);
    return () => this.parseEndOfMatcher();
  }

  parseEndOfMatcher(): (() => unknown) | null {
    let t: Token;
    try {
      t = this.expectPeek('Comma', 'CloseBrace');
    } catch (e) {
      if (e instanceof EndOfInput) return () => this.parseCloseBrace();
      throw wrap(e, 'expected a comma or close brace');
    }
    return t.kind === 'Comma' ? () => this.parseComma() : () => this.parseCloseBrace();
  }

  parseComma(): (() => unknown) | null {
    try {
      this.expect('Comma');
    } catch (e) {
      throw wrap(e, 'expected a comma');
    }
    let t: Token;
    try {
      t = this.expectPeek('CloseBrace', 'Unquoted', 'Quoted');
    } catch (e) {
      if (e instanceof EndOfInput) return () => this.parseCloseBrace();
      throw wrap(e, 'expected a matcher or close brace after comma');
    }
    return t.kind === 'CloseBrace' ? () => this.parseCloseBrace() : () => this.parseMatcher();
  }

  parseEOF(): null {
    let t: Token;
    try {
      t = this.l.scan();
    } catch (e) {
      throw wrap(e, 'expected end of input');
    }
    if (t.kind !== 'EOF') {
      throw new ParseFailure(
        `${t.columnStart}:${t.columnEnd}: ${t.value}: expected end of input`,
        t.columnStart,
      );
    }
    return null;
  }

  unquote(t: Token): string {
    if (t.kind !== 'Quoted') return t.value;
    const v = goUnquote(t.value);
    if (v === undefined) {
      throw new ParseFailure(
        `${t.columnStart}:${t.columnEnd}: ${t.value}: invalid input`,
        t.columnStart,
      );
    }
    return v;
  }

  accept(...kinds: Kind[]): boolean {
    const ok = this.acceptPeek(...kinds);
    if (ok) this.l.scan();
    return ok;
  }

  acceptPeek(...kinds: Kind[]): boolean {
    const t = this.l.peek();
    if (t.kind === 'EOF') throw new EndOfInput(this.l.position().columnEnd);
    return kinds.includes(t.kind);
  }

  expect(...kinds: Kind[]): Token {
    const t = this.expectPeek(...kinds);
    this.l.scan();
    return t;
  }

  expectPeek(...kinds: Kind[]): Token {
    const t = this.l.peek();
    if (t.kind === 'EOF') throw new EndOfInput(this.l.position().columnEnd);
    if (!kinds.includes(t.kind)) {
      throw new ParseFailure(
        `${t.columnStart}:${t.columnEnd}: unexpected ${t.value}`,
        t.columnStart,
      );
    }
    return t;
  }
}

/** matcher/parse.Matchers: zero or more matchers, optionally in braces. */
export function utf8ParseMatchers(input: string): Matcher[] {
  return new Parser(new Lexer(input)).parse();
}

/** matcher/parse.Matcher: exactly one matcher. */
export function utf8ParseMatcher(input: string): Matcher {
  const ms = utf8ParseMatchers(input);
  if (ms.length === 1) return ms[0] as Matcher;
  if (ms.length === 0) throw new ParseFailure('no matchers', 0);
  throw new ParseFailure(`expected 1 matcher, found ${ms.length}`, 0);
}
