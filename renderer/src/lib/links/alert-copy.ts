// An alert as text or Markdown for a chat or a ticket: name, state, since when, where it was
// seen (instance or cluster), labels, annotations and links. Server strings are untrusted:
// each is clipped and the counts are bounded; in Markdown, text is escaped so a label value
// cannot add links or formatting, and values sit in code spans sized to their backticks.
import type { AlertView } from '$core/model/view.ts';
import { ageSince } from '../format/time.ts';
import { alertLinks, type AlertLinks } from './alert-links.ts';
import type { LinkTemplate } from './link-template.ts';

const MAX_LABELS = 50;
const MAX_ANNOTATIONS = 20;
const MAX_VALUE = 500;

export interface CopyContext {
  now: number;
  /** Where it was seen: instance or cluster names. */
  where: readonly string[];
  templates: readonly LinkTemplate[];
}

const clip = (s: string) => (s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE)}…` : s);
const oneLine = (s: string) => clip(s).replace(/[\r\n]+/g, ' ');

function linkList(l: AlertLinks): { name: string; href: string }[] {
  return [
    ...(l.runbook ? [{ name: 'runbook', href: l.runbook }] : []),
    ...(l.dashboard ? [{ name: 'dashboard', href: l.dashboard }] : []),
    ...l.templates,
  ];
}

function entries(o: Readonly<Record<string, string>>, max: number): [string, string][] {
  const out: [string, string][] = [];
  for (const k in o) if (out.push([k, o[k]!]) >= max) break;
  return out;
}

/** Summary and description first (what is wrong), then the rest; link annotations once. */
function annotationOrder(a: AlertView, links: { href: string }[]): [string, string][] {
  const hrefs = new Set(links.map((l) => l.href));
  const rank = (k: string) => (k === 'summary' ? 0 : k === 'description' ? 1 : 2);
  return entries(a.annotations, MAX_ANNOTATIONS)
    .filter(([, v]) => !hrefs.has(v.trim()))
    .sort((x, y) => rank(x[0]) - rank(y[0]));
}

/** Plain text: one fact per line, what is wrong right under the name. */
export function alertAsText(a: AlertView, c: CopyContext): string {
  const links = linkList(alertLinks(a.labels, a.annotations, c.templates));
  const notes = annotationOrder(a, links);
  const head = notes.filter(([k]) => k === 'summary' || k === 'description');
  const lines = [
    `${oneLine(a.labels['alertname'] ?? '(no alertname)')} — ${a.state}, since ${a.startsAt} (${ageSince(a.startsAt, c.now)})`,
    ...head.map(([k, v]) => `${oneLine(k)}: ${oneLine(v)}`),
    `Where: ${c.where.map(oneLine).join(', ') || 'unknown'}`,
    `Labels: ${entries(a.labels, MAX_LABELS)
      .map(([k, v]) => `${oneLine(k)}="${oneLine(v)}"`)
      .join(', ')}`,
  ];
  for (const [k, v] of notes.slice(head.length)) lines.push(`${oneLine(k)}: ${oneLine(v)}`);
  for (const l of links) lines.push(`${oneLine(l.name)}: ${l.href}`);
  return lines.join('\n');
}

/**
 * Markdown text: what could format or link (`*`, `_`, `` ` ``, `[`, `]`, `<`, `>`, `|`, `~`,
 * `\\`) escaped so server text stays text. Not `.`, `-` or `(`: they only matter at the start
 * of a line or after `]`, never where these values go, and "grafana\\.example" pasted into a
 * tool that does not render Markdown reads wrong.
 */
export function mdText(s: string): string {
  return oneLine(s).replace(/[\\`*_[\]|<>~]/g, '\\$&');
}

/** A code span that holds any text: fenced with one backtick more than the longest run. */
export function mdCode(s: string): string {
  const v = oneLine(s);
  let longest = 0;
  for (const m of v.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(longest + 1);
  const pad = v.startsWith('`') || v.endsWith('`') || v === '' ? ' ' : '';
  return `${fence}${pad}${v}${pad}${fence}`;
}

export function alertAsMarkdown(a: AlertView, c: CopyContext): string {
  const lines = [
    `**${mdText(a.labels['alertname'] ?? '(no alertname)')}** — ${a.state} since ${a.startsAt} (${ageSince(a.startsAt, c.now)})`,
    `- **Where:** ${c.where.map(mdText).join(', ') || 'unknown'}`,
    `- **Labels:** ${entries(a.labels, MAX_LABELS)
      .map(([k, v]) => mdCode(`${k}="${v}"`))
      .join(' ')}`,
  ];
  const links = linkList(alertLinks(a.labels, a.annotations, c.templates));
  for (const [k, v] of annotationOrder(a, links)) lines.push(`- **${mdText(k)}:** ${mdText(v)}`);
  // A URL in <...> may hold ( ) and spaces are already %20: only http(s) URLs get here.
  if (links.length > 0)
    lines.push(`- **Links:** ${links.map((l) => `[${mdText(l.name)}](<${l.href}>)`).join(', ')}`);
  return lines.join('\n');
}
