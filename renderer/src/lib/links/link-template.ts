// Link templates (Settings): a name and a URL with Alertmanager's placeholders
// `{{ .Labels.name }}` and `{{ .Annotations.name }}`, filled from one alert or group.
// The template is the user's own text (bounded by the settings schema); the values are server
// strings and untrusted: each is clipped, URL-encoded, and only an http(s) result is a link.
// A label the alert does not have fills in as the empty string — what Alertmanager's own
// templates print for a missing key of its string maps — so `?ns={{ .Labels.namespace }}`
// still opens the dashboard, unfiltered. Other `{{ ... }}` text is left as written.
import { safeHttpUrl } from '../format/links.ts';

export interface LinkTemplate {
  name: string;
  url: string;
}

/** Longest template (and filled URL) considered: the bridge's openExternal takes 8192. */
export const MAX_TEMPLATE_CHARS = 2048;
const MAX_URL_CHARS = 8192;
/** A value longer than this is clipped before encoding (an annotation may be megabytes). */
const MAX_VALUE_CHARS = 1024;

// Linear on the template only (never run on server text): no nested quantifiers.
const PLACEHOLDER = /\{\{-?\s*\.(Labels|Annotations)\.([A-Za-z_][A-Za-z0-9_]{0,127})\s*-?\}\}/g;

/** The template filled from these labels and annotations when it gives an http(s) URL. */
export function fillLinkTemplate(
  template: string,
  labels: Readonly<Record<string, string>>,
  annotations: Readonly<Record<string, string>>,
): string | null {
  if (template.length > MAX_TEMPLATE_CHARS) return null;
  let tooLong = false;
  const filled = template.replace(PLACEHOLDER, (_m, kind: string, name: string) => {
    const source = kind === 'Labels' ? labels : annotations;
    const raw = Object.hasOwn(source, name) ? (source[name] ?? '') : '';
    const value = encodeURIComponent(raw.slice(0, MAX_VALUE_CHARS));
    if (value.length > MAX_URL_CHARS) tooLong = true;
    return value;
  });
  if (tooLong || filled.length > MAX_URL_CHARS) return null;
  return safeHttpUrl(filled);
}

/** Whether a template is worth saving: a non-empty name and a URL that starts http(s). */
export function templateProblem(t: LinkTemplate): string | null {
  if (!t.name.trim()) return 'A name is required';
  if (t.url.length > MAX_TEMPLATE_CHARS) return `At most ${MAX_TEMPLATE_CHARS} characters`;
  if (!/^https?:\/\//i.test(t.url.trim())) return 'The URL must start with http:// or https://';
  return null;
}
