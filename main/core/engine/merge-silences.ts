// Silences of the merged view: one copy per cluster (every peer returns each silence), the
// most recently updated copy wins; each record says whether it is an acknowledgement (and
// ours) and whether it needs attention. Few enough to rebuild whenever a source's data or the
// notes change; an equal record keeps the previous object.
import type { MergedView, SilenceView } from '../model/view.ts';
import { silenceKeyOf } from '../model/keys.ts';
import { keyedRecord } from '../model/own-keys.ts';
import { ackOf } from '../silences/ack.ts';
import { occurrenceOf } from '../schedules/identity.ts';
import { deepEqual } from './equal.ts';
import type { SilenceNotes, SourceEntry } from './merge-input.ts';
import { silenceRecord } from './merge-records.ts';

export function mergeSilences(
  sources: readonly SourceEntry[],
  prev: MergedView | undefined,
  notes: SilenceNotes | undefined,
): Record<string, SilenceView> {
  const silences = keyedRecord<SilenceView>();
  const silenceUpdated = new Map<string, number>();
  for (const { instance, clusterId } of sources) {
    for (const s of instance.data.silences) {
      const key = silenceKeyOf(clusterId, s.id);
      const updated = Date.parse(s.updatedAt);
      const had = silenceUpdated.get(key);
      if (had !== undefined && !(updated > had)) continue;
      silenceUpdated.set(key, updated);
      silences[key] = silenceRecord(clusterId, s);
    }
  }
  if (notes) {
    for (const key in silences) {
      const rec = silences[key]!;
      const ack = ackOf(rec, notes.ownAcks);
      if (ack) rec.ack = ack;
      const occurrence = occurrenceOf(rec);
      if (occurrence) rec.schedule = { id: occurrence.scheduleId, occurrence: occurrence.key };
      const attention = rec.state === 'active' ? notes.attention.get(key) : undefined;
      if (attention) rec.attention = attention;
    }
  }
  if (prev) {
    for (const key in silences) {
      const old = prev.silences[key];
      if (old && deepEqual(old, silences[key])) silences[key] = old;
    }
  }
  return silences;
}

/** Same notes by content (a handful of entries: the silences that need attention). */
export function sameNotes(a: SilenceNotes | undefined, b: SilenceNotes | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.ownAcks !== b.ownAcks) return false;
  if (a.attention === b.attention) return true;
  if (a.attention.size !== b.attention.size) return false;
  for (const [key, value] of a.attention) if (!deepEqual(value, b.attention.get(key))) return false;
  return true;
}
