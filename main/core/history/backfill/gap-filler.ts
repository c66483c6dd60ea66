// Fills a time the app was not watching (stopped, or the system asleep) from Prometheus: for
// each cluster, its Prometheus servers (the instance's override, else those its alerts'
// generatorURLs named) are asked for ALERTS{alertstate="firing"} over the gap; episodes that
// began and ended inside it become 'fired' and 'resolved' records marked as filled, with the
// query's step. A cluster none of whose servers answered gets one 'gap' record with why.
//
// Credentials: Prometheus is another origin than Alertmanager. The instance's TLS files and
// non-credential headers are used as they are; its stored password or token is bound to the
// origin it was stored for (secrets/bound-secrets.ts) and is sent to Prometheus only when
// Prometheus has that same origin (one reverse proxy in front of both). Otherwise the request
// goes without credentials, and a refusal says the secret was not sent, and why.
import { HttpTransport } from '../../api/http.ts';
import { AlertmanagerError } from '../../api/errors.ts';
import { ConnectionSetupError, resolveConnection, type ReadFile } from '../../engine/connection.ts';
import { alertNameOf } from '../../model/alert-name.ts';
import type { ViewSnapshot } from '../../model/view.ts';
import type { SecretStore } from '../../service.ts';
import type { InstanceSettings, Settings } from '../../settings/types.ts';
import type { HistoryRecord } from '../record.ts';
import { externalLabels, queryFiringAlerts, type QueryRange } from './alerts-series.ts';
import { episodesInside, lastEndedAsTheAppLooked, rangeEndingAt } from './episodes.ts';
import { fingerprintOf } from './fingerprint.ts';

/** Longest gap filled; what lies before is recorded as a gap. */
export const MAX_RANGE_MS = 7 * 86_400_000;
const MAX_TIMEOUT_MS = 30_000;
const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Prometheus servers asked per cluster. */
const MAX_SERVERS = 4;
const MAX_REASON = 2_000;

export interface GapFillerOptions {
  settings: () => Settings;
  snapshot: () => ViewSnapshot;
  secrets: SecretStore;
  readFile: ReadFile;
  /**
   * How late the app may see a change (its slowest poll and a margin): the query starts this
   * long before the gap, so an episode that began just before the app stopped, too late for
   * it to see, is filled too (one it did see is found in the file: filled-rows.ts).
   */
  lateMs: number;
}

export interface Gap {
  fromMs: number;
  toMs: number;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Enabled instances per cluster, from the view (the cluster each instance ended up in). */
function clustersOf(settings: Settings, view: ViewSnapshot): Map<string, InstanceSettings[]> {
  const out = new Map<string, InstanceSettings[]>();
  for (const inst of settings.instances) {
    if (!inst.enabled) continue;
    const clusterId = view.instances[inst.id]?.clusterId;
    if (clusterId === undefined) continue;
    const list = out.get(clusterId) ?? [];
    list.push(inst);
    out.set(clusterId, list);
  }
  return out;
}

async function transportFor(
  o: GapFillerOptions,
  instance: InstanceSettings,
  url: string,
): Promise<{ transport: HttpTransport; withheld?: string }> {
  const asProm: InstanceSettings = { ...instance, url };
  let withheld: string | undefined;
  let conn;
  try {
    conn = await resolveConnection(asProm, o.secrets, o.readFile);
  } catch (e) {
    if (!(e instanceof ConnectionSetupError) || e.kind !== 'auth') throw e;
    // The secret belongs to another origin (or is missing): go without it.
    withheld = e.message;
    conn = await resolveConnection({ ...asProm, auth: { type: 'none' } }, o.secrets, o.readFile);
  }
  conn.timeoutMs = Math.min(conn.timeoutMs ?? MAX_TIMEOUT_MS, MAX_TIMEOUT_MS);
  conn.maxBodyBytes = MAX_BODY_BYTES;
  return { transport: new HttpTransport(conn), ...(withheld ? { withheld } : {}) };
}

function reasonOf(e: unknown, withheld: string | undefined): string {
  const message = e instanceof Error ? e.message : String(e);
  if (withheld && e instanceof AlertmanagerError && e.kind === 'auth') {
    return `${message} (${withheld}; not sent to another origin)`;
  }
  return message;
}

/** Records for one server's answer: filled episodes of one cluster. */
async function fillFrom(
  transport: HttpTransport,
  url: string,
  clusterId: string,
  severityLabel: string,
  range: QueryRange,
  seen: { lateMs: number; inView: (fingerprint: string) => boolean },
): Promise<{ records: HistoryRecord[]; note?: string }> {
  const answer = await queryFiringAlerts(transport, range);
  let external: Record<string, string> = {};
  let note: string | undefined;
  try {
    external = await externalLabels(transport);
  } catch (e) {
    note = `external labels unknown (${e instanceof Error ? e.message : String(e)})`;
  }
  const records: HistoryRecord[] = [];
  const filled = { from: 'prometheus' as const, stepMs: range.stepMs };
  const detail = `filled from Prometheus ${url} (step ${range.stepMs / 1000} s)`;
  for (const s of answer.series) {
    const episodes = episodesInside(s.times, range);
    if (episodes.length === 0) continue;
    // As Prometheus sends it: external labels only where the alert has no such label; keys
    // sorted as Alertmanager's JSON has them, so the label set is the one the app stores.
    const merged: Record<string, string> = { ...external, ...s.labels };
    const labels: Record<string, string> = {};
    for (const k of Object.keys(merged).sort()) labels[k] = merged[k]!;
    const severity = labels[severityLabel];
    const fingerprint = fingerprintOf(labels);
    // Its last episode ended as the app came back, and the app's first data holds it: the
    // app saw it firing and records its end itself (a filled copy would be a second one).
    if (
      lastEndedAsTheAppLooked(s.times, episodes, range, seen.lateMs) &&
      seen.inView(fingerprint)
    ) {
      episodes.pop();
    }
    const base = {
      clusterId,
      fingerprint,
      alertname: alertNameOf(labels),
      ...(severity !== undefined ? { severity } : {}),
      labels,
      filled,
      detail,
    };
    // An episode's fired record directly precedes its resolved one (filled-rows.ts pairs them).
    for (const ep of episodes) {
      if (ep.firedAt !== undefined) records.push({ ...base, at: ep.firedAt, kind: 'fired' });
      records.push({ ...base, at: ep.resolvedAt, kind: 'resolved' });
    }
  }
  if (answer.truncated) note = `${note ? `${note}; ` : ''}only the first series were read`;
  return { records, ...(note ? { note } : {}) };
}

/**
 * What happened during `gap`, per cluster: filled records, or a 'gap' record saying why not.
 * `learned` gives the Prometheus servers alerts of each cluster named (prometheus-base.ts).
 */
export async function fillGap(
  o: GapFillerOptions,
  gap: Gap,
  learned: ReadonlyMap<string, readonly string[]>,
): Promise<HistoryRecord[]> {
  const settings = o.settings();
  // The app's first data after the gap (the fill starts as it arrives).
  const view = o.snapshot();
  const out: HistoryRecord[] = [];
  const fromMs = Math.max(gap.fromMs, gap.toMs - MAX_RANGE_MS);
  const queryFrom = Math.max(fromMs - o.lateMs, gap.toMs - MAX_RANGE_MS);
  const range: QueryRange = rangeEndingAt(queryFrom, gap.toMs);
  const gapRecord = (clusterId: string, reason: string, from = gap.fromMs, to = gap.toMs) =>
    out.push({
      at: from,
      kind: 'gap',
      clusterId,
      // Reasons quote servers' errors: bounded.
      detail: `not watched from ${iso(from)} to ${iso(to)}: ${reason.slice(0, MAX_REASON)}`,
    });
  for (const [clusterId, instances] of clustersOf(settings, view)) {
    const seen = {
      lateMs: o.lateMs,
      inView: (fp: string) => view.alerts[fp]?.clusters.includes(clusterId) === true,
    };
    if (fromMs > gap.fromMs) {
      gapRecord(
        clusterId,
        `longer than ${MAX_RANGE_MS / 86_400_000} days, not filled`,
        gap.fromMs,
        fromMs,
      );
    }
    const overridden = instances.filter((i) => i.prometheusUrl);
    const servers: { url: string; instance: InstanceSettings }[] =
      overridden.length > 0
        ? overridden.map((i) => ({ url: i.prometheusUrl!, instance: i }))
        : (learned.get(clusterId) ?? []).map((url) => ({ url, instance: instances[0]! }));
    if (servers.length === 0) {
      gapRecord(
        clusterId,
        "no Prometheus known for this cluster (no alert's generatorURL named one; set one in the instance's settings)",
        fromMs,
      );
      continue;
    }
    const reasons: string[] = [];
    let answered = false;
    /** Resolved times kept per alert: HA Prometheus pairs evaluate the same rules. */
    const kept = new Map<string, number[]>();
    for (const { url, instance } of servers.slice(0, MAX_SERVERS)) {
      let withheld: string | undefined;
      let transport: HttpTransport | undefined;
      try {
        ({ transport, withheld } = await transportFor(o, instance, url));
        const { records, note } = await fillFrom(
          transport,
          url,
          clusterId,
          settings.severityLabel,
          range,
          seen,
        );
        answered = true;
        // One episode per alert and end (within two steps: the pair's evaluations differ);
        // a fired record goes with the resolved one after it.
        for (let i = 0; i < records.length; i++) {
          const episode = records[i]!.kind === 'fired' ? records.slice(i, i + 2) : [records[i]!];
          i += episode.length - 1;
          const end = episode[episode.length - 1]!;
          const ends = kept.get(end.fingerprint ?? '') ?? [];
          if (ends.some((at) => Math.abs(at - end.at) <= 2 * range.stepMs)) continue;
          ends.push(end.at);
          kept.set(end.fingerprint ?? '', ends);
          for (const r of episode)
            out.push(note ? { ...r, detail: `${r.detail ?? ''}; ${note}` } : r);
        }
      } catch (e) {
        reasons.push(`Prometheus ${url}: ${reasonOf(e, withheld)}`);
      } finally {
        await transport?.close();
      }
    }
    // A server that did not answer may have had alerts of its own: the gap says so.
    if (reasons.length > 0) {
      gapRecord(
        clusterId,
        answered ? `${reasons.join('; ')} (filled from the others only)` : reasons.join('; '),
        fromMs,
      );
    }
  }
  return out;
}
