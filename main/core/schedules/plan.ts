// What the writer must do so each cluster holds exactly a schedule's occurrences within the
// horizon. Pure: the view's silences in, steps out. Rules:
// - an occurrence in the horizon with no live silence carrying its tag (same schedule, same
//   content hash, same key) is created;
// - a pending occurrence whose hash is old (the schedule was edited), whose key is no longer
//   due (times changed) or was skipped is expired; an ACTIVE one is left alone after an edit
//   (the window the team is in stays as it is) but is expired when skipped ("end early");
// - a deleted schedule's live occurrences are expired;
// - duplicates (two installs writing the same occurrence at once) are resolved the same way
//   by every install: the smallest silence id stays, the others are expired.
// Clusters without fresh data are left alone: missing data never means "not written yet".
import type { MergedView, SilenceView } from '../model/view.ts';
import { occurrenceOf, scheduleHash, type OccurrenceTag } from './identity.ts';
import { occurrencesBetween, type Occurrence } from './occurrences.ts';
import type { Schedule } from './types.ts';

export type ScheduleStep =
  | { kind: 'create'; scheduleId: string; clusterId: string; occurrence: Occurrence }
  | { kind: 'expire'; scheduleId: string; silenceKey: string };

type View = Pick<MergedView, 'silences' | 'instances' | 'clusters'>;

/** The fresh clusters a schedule writes to (its instances' clusters, or every cluster). */
export function targetClusters(s: Schedule, view: View): string[] {
  const ids =
    s.instances.length === 0
      ? Object.keys(view.clusters)
      : s.instances.flatMap((i) => {
          const c = view.instances[i]?.clusterId;
          return c === undefined ? [] : [c];
        });
  return [...new Set(ids)].filter((c) => {
    const cluster = view.clusters[c];
    return cluster !== undefined && !cluster.stale && cluster.health === 'ok';
  });
}

interface Tagged {
  silence: SilenceView;
  tag: OccurrenceTag;
}

/** Live (pending or active) occurrence silences per `<clusterId>\n<scheduleId>`. */
function liveOccurrences(view: View): Map<string, Tagged[]> {
  const out = new Map<string, Tagged[]>();
  for (const key in view.silences) {
    const silence = view.silences[key]!;
    if (silence.state === 'expired') continue;
    const tag = occurrenceOf(silence);
    if (!tag) continue;
    const k = `${silence.clusterId}\n${tag.scheduleId}`;
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push({ silence, tag });
  }
  return out;
}

export function planSchedules(
  schedules: readonly Schedule[],
  removed: ReadonlySet<string>,
  view: View,
  now: number,
  horizonMs: number,
): ScheduleStep[] {
  const steps: ScheduleStep[] = [];
  const live = liveOccurrences(view);
  const fresh = (c: string) => {
    const cluster = view.clusters[c];
    return cluster !== undefined && !cluster.stale && cluster.health === 'ok';
  };
  for (const [k, list] of live) {
    const [clusterId, scheduleId] = k.split('\n') as [string, string];
    if (!removed.has(scheduleId) || !fresh(clusterId)) continue;
    for (const t of list) steps.push({ kind: 'expire', scheduleId, silenceKey: t.silence.key });
  }
  for (const s of schedules) {
    if (removed.has(s.id)) continue;
    const hash = scheduleHash(s);
    const due = s.enabled ? occurrencesBetween(s, now, now + horizonMs) : [];
    const skipped = new Set(s.skipped);
    for (const clusterId of targetClusters(s, view)) {
      const existing = live.get(`${clusterId}\n${s.id}`) ?? [];
      const kept = new Set<string>();
      // Smallest id first: every install keeps the same one of a duplicate pair.
      existing.sort((a, b) => (a.silence.id < b.silence.id ? -1 : 1));
      for (const { silence, tag } of existing) {
        const current = tag.hash === hash && due.some((o) => o.key === tag.key);
        const active = silence.state === 'active';
        const expire =
          skipped.has(tag.key) ||
          (current && kept.has(tag.key)) ||
          (!current && !active && Date.parse(silence.startsAt) > now);
        if (expire) steps.push({ kind: 'expire', scheduleId: s.id, silenceKey: silence.key });
        else if (current || active) kept.add(tag.key);
      }
      for (const occurrence of due) {
        if (kept.has(occurrence.key) || skipped.has(occurrence.key)) continue;
        steps.push({ kind: 'create', scheduleId: s.id, clusterId, occurrence });
      }
    }
  }
  return steps;
}
