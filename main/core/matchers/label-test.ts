// A settings matcher (`alertname="Watchdog"`, `team="payments"`) as a test over a label set,
// compiled once per text. Used by the core (dead-man's switch, "my team" notification rule) and
// by the window ("my team" filter), so both agree on what matches.
import type { Matcher } from '../api/types.ts';
import { evaluateAlert } from './evaluate.ts';
import { parseMatchers } from './parse.ts';
import { RegexEngineNotLoaded } from './regex-engine-error.ts';

export type LabelTest = (labels: Readonly<Record<string, string>>) => boolean;

/** A few texts at most are in use (the watchdog, the team): a tiny bounded cache. */
const cache = new Map<string, LabelTest | undefined>();
const CACHE_MAX = 8;

/**
 * The test for `text`, or undefined when the text is empty or does not parse (the settings
 * form reports the error at its field; a broken matcher never matches everything).
 */
export function labelTest(text: string): LabelTest | undefined {
  if (cache.has(text)) return cache.get(text);
  let matchers: Matcher[] = [];
  try {
    matchers = text.trim() === '' ? [] : parseMatchers(text);
  } catch (err) {
    // Not a verdict on the text (the window's RE2 engine is on its way): not cached.
    if (err instanceof RegexEngineNotLoaded) throw err;
    matchers = [];
  }
  const first = matchers.find((m) => !m.isRegex && m.isEqual !== false && m.value !== '');
  const test: LabelTest | undefined =
    matchers.length === 0
      ? undefined
      : (labels) =>
          // An equality matcher first: one property read rejects almost every alert cheaply.
          (first === undefined || labels[first.name] === first.value) &&
          evaluateAlert(matchers, labels, { turnBudget: false }) === 'match';
  if (cache.size >= CACHE_MAX) cache.clear();
  cache.set(text, test);
  return test;
}
