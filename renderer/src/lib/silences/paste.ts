// A matcher list pasted into a matcher field (`alertname="RedisDown", cluster="prod-eu-2"`,
// `{job=~"api|web"}`, one per line) becomes that many matchers, read by the project's own
// parser (the server's rules: $core/matchers/parse.ts). In a label name field one matcher is
// enough to be a matcher; a value may hold `=` on its own (`a=b`), so there it takes braces or
// two matchers. Anything else is pasted as text.
import type { Matcher } from '$core/api/types.ts';
import { parseMatchers } from '$core/matchers/parse.ts';

const MAX = 64 * 1024;

export function pastedMatchers(text: string, into: 'name' | 'value'): Matcher[] | null {
  const s = text.trim();
  if (s === '' || s.length > MAX || !/[=~]/.test(s)) return null;
  const ms =
    read(s) ??
    read(
      s
        .split(/\r?\n/)
        .filter((l) => l.trim() !== '')
        .join(','),
    );
  if (!ms || ms.length === 0) return null;
  if (into === 'value' && ms.length < 2 && !s.startsWith('{')) return null;
  return ms;
}

function read(s: string): Matcher[] | null {
  try {
    return parseMatchers(s);
  } catch {
    return null;
  }
}
