// Labels and annotations are untrusted text. A value only becomes a link when it parses as an
// absolute http(s) URL; anything else (javascript:, data:, relative paths) stays plain text.

/** The normalised URL when `value` is an absolute http(s) URL, else null. */
export function safeHttpUrl(value: string | undefined | null): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  try {
    const url = new URL(trimmed);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.href;
  } catch {
    return null;
  }
}

export interface AnnotationEntry {
  name: string;
  value: string;
  /** Set when the value is an http(s) URL that may be opened externally. */
  href: string | null;
}

const FIRST = ['summary', 'description', 'message'];

/** Annotations in reading order: summary, description, then the rest by name; links marked. */
export function orderAnnotations(annotations: Record<string, string>): AnnotationEntry[] {
  const names = Object.keys(annotations);
  names.sort((a, b) => {
    const ia = FIRST.indexOf(a);
    const ib = FIRST.indexOf(b);
    if (ia !== -1 || ib !== -1) return (ia === -1 ? 99 : ia) - (ib === -1 ? 99 : ib);
    // runbook_url right after the prose: it is what the on-call engineer reaches for next.
    if (a === 'runbook_url') return -1;
    if (b === 'runbook_url') return 1;
    return a.localeCompare(b);
  });
  return names.map((name) => {
    const value = annotations[name] ?? '';
    return { name, value, href: safeHttpUrl(value) };
  });
}
