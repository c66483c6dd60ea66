// Label colouring (karma's idea): per label name, either every value gets a stable colour of
// its own (the same value is the same colour everywhere, every run), or listed values get the
// colour the user picked. Colours are named classes (app.css: readable in light and dark, and
// no inline styles, which the CSP forbids).
import { LABEL_COLOURS, type LabelColour, type UiSettings } from '$core/settings/types.ts';

export type LabelColourRules = UiSettings['labelColours'];

/** FNV-1a: a stable small hash of the value. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function labelColour(
  name: string,
  value: string,
  rules: LabelColourRules | undefined,
): LabelColour | undefined {
  const rule = rules?.[name];
  if (!rule) return undefined;
  if (Object.keys(rule).length === 0) return LABEL_COLOURS[hash(value) % LABEL_COLOURS.length];
  return rule[value];
}

/**
 * The rules as the settings field reads them, one label per line:
 *   `team`                              a colour per value
 *   `severity: critical=red, warning=orange`
 */
export function parseLabelColourRules(text: string): {
  rules: LabelColourRules;
  errors: string[];
} {
  const rules: LabelColourRules = {};
  const errors: string[] = [];
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = (colon === -1 ? line : line.slice(0, colon)).trim();
    if (name === '') {
      errors.push(`line ${i + 1}: a label name comes first`);
      continue;
    }
    const map: Record<string, LabelColour> = {};
    const rest = colon === -1 ? '' : line.slice(colon + 1);
    for (const pair of rest.split(',')) {
      if (pair.trim() === '') continue;
      const eq = pair.lastIndexOf('=');
      const value = pair.slice(0, eq).trim();
      const colour = pair.slice(eq + 1).trim() as LabelColour;
      if (eq === -1 || !LABEL_COLOURS.includes(colour)) {
        errors.push(
          `line ${i + 1}: "${pair.trim()}" should be value=colour, colour one of ${LABEL_COLOURS.join(', ')}`,
        );
        continue;
      }
      map[value] = colour;
    }
    rules[name] = map;
  }
  return { rules, errors };
}

export function formatLabelColourRules(rules: LabelColourRules): string {
  return Object.entries(rules)
    .map(([name, map]) => {
      const pairs = Object.entries(map).map(([v, c]) => `${v}=${c}`);
      return pairs.length > 0 ? `${name}: ${pairs.join(', ')}` : name;
    })
    .join('\n');
}
