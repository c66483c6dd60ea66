// How an occurrence silence names its schedule, so any install (and any colleague's) finds
// the occurrences already written and never writes one twice. Servers that keep silence
// annotations (Alertmanager 0.32+) get annotations; older servers, Grafana and Mimir a tag at
// the end of the comment (as acks tag theirs, silences/ack.ts). Both are read on every
// server. The content hash changes when the schedule's content changes, which is how an edit
// is detected (its future occurrences are rewritten).
import { createHash } from 'node:crypto';
import type { LabelSet } from '../api/types.ts';
import type { Schedule } from './types.ts';

export const SCHEDULE_ANNOTATION = 'alertmanager-tray/schedule';
export const OCCURRENCE_ANNOTATION = 'alertmanager-tray/occurrence';

export interface OccurrenceTag {
  scheduleId: string;
  hash: string;
  /** The occurrence key (local start `YYYY-MM-DDTHH:MM`). */
  key: string;
}

/** Tag: `[tray-schedule:<uuid>/<hash>/<key>]`; bounded, no backtracking (see TAG). */
const TAG = /\[tray-schedule:([0-9a-f-]{8,64})\/([0-9a-f]{8,16})\/(\d{4}-\d\d-\d\dT\d\d:\d\d)\]$/;

/** Hash of what an occurrence is made of (not the name, skips or targets). */
export function scheduleHash(s: Schedule): string {
  const content = JSON.stringify([
    s.matchers,
    s.comment,
    s.rrule,
    s.timeZone,
    s.startDate,
    s.start,
    s.end,
  ]);
  return createHash('sha256').update(content).digest('hex').slice(0, 12);
}

export function occurrenceComment(s: Schedule, key: string, withTag: boolean): string {
  const text = s.comment.trim() || `Scheduled: ${s.name}`;
  return withTag ? `${text} [tray-schedule:${s.id}/${scheduleHash(s)}/${key}]` : text;
}

export function occurrenceAnnotations(s: Schedule, key: string): LabelSet {
  return { [SCHEDULE_ANNOTATION]: `${s.id}/${scheduleHash(s)}`, [OCCURRENCE_ANNOTATION]: key };
}

/** The schedule an occurrence silence belongs to; undefined for any other silence. */
export function occurrenceOf(s: {
  comment: string;
  annotations?: LabelSet | undefined;
}): OccurrenceTag | undefined {
  const a = s.annotations?.[SCHEDULE_ANNOTATION];
  const k = s.annotations?.[OCCURRENCE_ANNOTATION];
  if (a !== undefined && k !== undefined) {
    const [scheduleId, hash] = a.split('/');
    if (scheduleId && hash) return { scheduleId, hash, key: k };
  }
  // Only the comment's tail is examined: server strings are untrusted and unbounded.
  const m = TAG.exec(s.comment.slice(-160));
  return m ? { scheduleId: m[1]!, hash: m[2]!, key: m[3]! } : undefined;
}
