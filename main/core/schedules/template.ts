// A silence started from a template: its matchers, its duration from now, its comment with the
// placeholders filled in ({author}, {date} as YYYY-MM-DD in UTC, {time} as HH:MM UTC).
import type { SilenceDraft } from '../service.ts';
import type { SilenceTemplate } from './types.ts';

export function expandComment(comment: string, author: string, now: number): string {
  const at = new Date(now).toISOString();
  // A fixed set of literal placeholders (no pattern over the user's text beyond these).
  return comment
    .replaceAll('{author}', author)
    .replaceAll('{date}', at.slice(0, 10))
    .replaceAll('{time}', at.slice(11, 16));
}

export function draftFromTemplate(t: SilenceTemplate, author: string, now: number): SilenceDraft {
  return {
    matchers: t.matchers.map((m) => ({ ...m })),
    startsAt: new Date(now).toISOString(),
    endsAt: new Date(now + t.durationMin * 60_000).toISOString(),
    createdBy: author,
    comment: expandComment(t.comment, author, now) || `From template: ${t.name}`,
  };
}
