// Writes silences to a cluster. Silences gossip between HA peers, so each write goes to ONE
// member (healthy ones first); writing to all would create duplicates. A failure that says
// nothing about the request (network, timeout, TLS, 5xx) moves on to the next member; a 4xx
// is the server rejecting the silence itself and is surfaced as is (retrying elsewhere would
// get the same answer). The silenceID the server returns is always the truth: an update may
// create a new silence and expire the old one.
import { parseSilenceKey, silenceKeyOf } from '../model/keys.ts';
import { AlertmanagerError, type SerializedError } from '../api/errors.ts';
import type { GettableSilence, Matcher, PostableSilence } from '../api/types.ts';
import type { SilenceView } from '../model/view.ts';
import type { SilenceDraft, SilenceResult } from '../service.ts';
import { validateDraft, type FieldError } from './validate.ts';
import { valuesOf } from '../model/record-values.ts';

/** The part of AlertmanagerClient silence actions use (the real client satisfies it). */
export interface SilenceClient {
  postSilence(s: PostableSilence, o?: { signal?: AbortSignal }): Promise<string>;
  getSilence(id: string, o?: { signal?: AbortSignal }): Promise<GettableSilence>;
  deleteSilence(id: string, o?: { signal?: AbortSignal }): Promise<void>;
  /** Used, when present, to avoid a duplicate after a create whose answer timed out. */
  getSilences?(filter?: string[], o?: { signal?: AbortSignal }): Promise<GettableSilence[]>;
}

export interface ClusterMember {
  instanceId: string;
  /** Its name in the settings (what errors call it). */
  name?: string;
  client: SilenceClient;
  healthy: boolean;
}

/** What the engine provides: members of a cluster, the current view, and a way to refresh. */
export interface SilenceAccessor {
  members(clusterId: string): ClusterMember[];
  silence(key: string): SilenceView | undefined;
  /** Re-polls the cluster so the view shows the change; errors are ignored by the caller. */
  refresh(clusterId: string): Promise<void>;
  /** The cluster's name as the window shows it (what errors call it); default its id. */
  clusterName?(clusterId: string): string;
}

export interface SilenceActionsOptions {
  /** Epoch ms; default Date.now (inject the core's clock). */
  now?: () => number;
  /** Told once each time a late duplicate of one of our writes was found and expired. */
  onDuplicateExpired?: (notice: DuplicateNotice) => void;
}

export interface DuplicateNotice {
  clusterId: string;
  /** The silence the write returned, which stays. */
  keptKey: string;
  /** The late copy, now expired. */
  expiredKey: string;
  /** The member whose answer timed out and that applied the write later. */
  lateInstanceIds: string[];
  matchers: Matcher[];
}

/**
 * A write whose first attempt timed out and that then succeeded on another member. The timed
 * out request may still be applied later (a stopped process resumes and serves its queued
 * socket): it then creates a second, identical silence that gossips to every peer. We watch
 * the cluster's silences for it for this long after the write.
 */
export const TWIN_WATCH_MS = 15 * 60_000;

interface TwinWatch {
  clusterId: string;
  body: PostableSilence;
  /** Ids that are not twins: the one the server returned, and the one an update replaced. */
  known: Set<string>;
  lateInstanceIds: string[];
  /** How many late copies can still appear (one per timed-out attempt). */
  remaining: number;
  until: number;
}

/** The draft failed client-side validation; nothing was sent. */
export class SilenceValidationError extends Error {
  readonly errors: FieldError[];
  constructor(errors: FieldError[]) {
    super(errors.map((e) => `${e.field}: ${e.message}`).join('; '));
    this.name = 'SilenceValidationError';
    this.errors = errors;
  }
}

/** No member of the cluster could take the write (all unreachable / 5xx), or none exists. */
export class SilenceWriteError extends Error {
  readonly clusterId: string;
  readonly attempts: { instanceId: string; error: SerializedError | { message: string } }[];
  constructor(clusterId: string, message: string, attempts: SilenceWriteError['attempts']) {
    super(message);
    this.name = 'SilenceWriteError';
    this.clusterId = clusterId;
    this.attempts = attempts;
  }
}

/** Whether another member may succeed where this one failed. */
export function isRetryableOnOtherMember(err: unknown): boolean {
  if (!(err instanceof AlertmanagerError)) return false;
  switch (err.kind) {
    case 'network':
    case 'timeout':
    case 'tls':
      return true;
    case 'http':
      return err.status !== undefined && err.status >= 500;
    default:
      // auth / 4xx: the request itself is refused; invalid-response / too-large: the server
      // may have applied the write, so retrying could duplicate it; aborted: the caller quit.
      return false;
  }
}

function sameMatchers(a: readonly Matcher[], b: readonly Matcher[]): boolean {
  const key = (m: Matcher) => JSON.stringify([m.name, m.value, m.isRegex, m.isEqual ?? true]);
  const x = a.map(key).sort();
  const y = b.map(key).sort();
  return x.length === y.length && x.every((k, i) => k === y[i]);
}

/** The silence a create produced, recognised by everything but its (clamped) startsAt. */
function isSameCreate(
  s: Pick<GettableSilence, 'createdBy' | 'comment' | 'endsAt' | 'matchers'> & {
    status: { state: string };
  },
  body: PostableSilence,
): boolean {
  return (
    s.status.state !== 'expired' &&
    s.createdBy === body.createdBy &&
    s.comment === body.comment &&
    Date.parse(s.endsAt) === Date.parse(body.endsAt) &&
    sameMatchers(s.matchers, body.matchers)
  );
}

function toPostable(draft: SilenceDraft, id?: string): PostableSilence {
  const body: PostableSilence = {
    matchers: draft.matchers.map((m) => ({
      name: m.name,
      value: m.value,
      isRegex: m.isRegex,
      isEqual: m.isEqual,
    })),
    startsAt: draft.startsAt,
    endsAt: draft.endsAt,
    createdBy: draft.createdBy,
    comment: draft.comment,
  };
  if (id !== undefined) body.id = id;
  if (draft.annotations && Object.keys(draft.annotations).length > 0)
    body.annotations = { ...draft.annotations };
  return body;
}

/** A draft chosen by duration, with its instants fixed now (see SilenceDraft.durationMs). */
function exactTimes(draft: SilenceDraft, now: number): SilenceDraft {
  if (draft.durationMs === undefined) return draft;
  const start = Math.max(Date.parse(draft.startsAt), now);
  return {
    ...draft,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + draft.durationMs).toISOString(),
  };
}

/** The draft with the silence's own annotations when it names none (see SilenceDraft). */
function keepAnnotations(draft: SilenceDraft, current: SilenceView | undefined): SilenceDraft {
  if (draft.annotations !== undefined || !current?.annotations) return draft;
  return { ...draft, annotations: current.annotations };
}

export class SilenceActions {
  readonly #accessor: SilenceAccessor;
  readonly #now: () => number;
  readonly #onDuplicateExpired: (notice: DuplicateNotice) => void;
  #watches: TwinWatch[] = [];
  #sweeping = false;

  constructor(accessor: SilenceAccessor, opts: SilenceActionsOptions = {}) {
    this.#accessor = accessor;
    this.#now = opts.now ?? Date.now;
    this.#onDuplicateExpired = opts.onDuplicateExpired ?? (() => {});
  }

  /** Whether any write is being watched for a late duplicate (the core sweeps only then). */
  get watchingForTwins(): boolean {
    return this.#watches.length > 0;
  }

  /**
   * Expires late duplicates of our own writes found among the cluster silences the view now
   * holds (see TwinWatch). Called by the core after each merge while watchingForTwins.
   */
  async sweepTwins(silences: Readonly<Record<string, SilenceView>>): Promise<void> {
    if (this.#sweeping) return;
    const now = this.#now();
    this.#watches = this.#watches.filter((w) => w.until > now && w.remaining > 0);
    if (this.#watches.length === 0) return;
    this.#sweeping = true;
    try {
      for (const w of this.#watches) {
        for (const s of valuesOf(silences)) {
          if (w.remaining <= 0) break;
          if (s.clusterId !== w.clusterId || w.known.has(s.id)) continue;
          if (!isSameCreate({ ...s, status: { state: s.state } }, w.body)) continue;
          w.known.add(s.id);
          try {
            await this.#onOneMember(w.clusterId, (client) => client.deleteSilence(s.id));
          } catch {
            w.known.delete(s.id); // try again on the next sweep
            continue;
          }
          w.remaining -= 1;
          const keptId = [...w.known][0] as string;
          this.#onDuplicateExpired({
            clusterId: w.clusterId,
            keptKey: silenceKeyOf(w.clusterId, keptId),
            expiredKey: s.key,
            lateInstanceIds: w.lateInstanceIds,
            matchers: w.body.matchers,
          });
          await this.#refresh(w.clusterId);
        }
      }
    } finally {
      this.#sweeping = false;
    }
  }

  /** Creates a silence on one member of the cluster. */
  async create(clusterId: string, draft: SilenceDraft): Promise<SilenceResult> {
    this.#check(draft);
    return this.#post(clusterId, toPostable(exactTimes(draft, this.#now())));
  }

  /**
   * Updates a silence. The server updates in place only when the matchers are unchanged (and
   * the times allow it); otherwise it expires the old one and returns a NEW id, returned here.
   */
  async update(key: string, draft: SilenceDraft): Promise<SilenceResult> {
    this.#check(draft);
    const { clusterId, id } = this.#locate(key);
    const kept = keepAnnotations(draft, this.#accessor.silence(key));
    return this.#post(clusterId, toPostable(kept, id));
  }

  /** Moves the end time; the id may change (e.g. the silence had expired meanwhile). */
  async extend(key: string, endsAt: string): Promise<SilenceResult> {
    const current = await this.#current(key);
    const draft: SilenceDraft = {
      matchers: current.matchers,
      // Unchanged, byte for byte: the server updates an active silence in place only when
      // startsAt is identical.
      startsAt: current.startsAt,
      endsAt,
      createdBy: current.createdBy,
      comment: current.comment,
      ...(current.annotations ? { annotations: current.annotations } : {}),
    };
    const end = Date.parse(endsAt);
    if (Number.isNaN(end) || end <= this.#now()) {
      throw new SilenceValidationError([
        { field: 'endsAt', message: "end time can't be in the past" },
      ]);
    }
    return this.#post(current.clusterId, toPostable(draft, current.id));
  }

  /** Expires a silence (DELETE expires; the server keeps it listed until retention). */
  async expire(key: string): Promise<void> {
    const { clusterId, id } = this.#locate(key);
    const view = this.#accessor.silence(key);
    // Expiring twice is an error on the server; the view already says it is done.
    if (view?.state === 'expired') return;
    await this.#onOneMember(clusterId, (client) => client.deleteSilence(id));
    await this.#refresh(clusterId);
  }

  /** A new silence with the old one's matchers and comment, from now for `durationMs`. */
  async recreate(key: string, durationMs: number, createdBy?: string): Promise<SilenceResult> {
    const current = await this.#current(key);
    const now = this.#now();
    const draft: SilenceDraft = {
      matchers: current.matchers,
      startsAt: new Date(now).toISOString(),
      endsAt: new Date(now + durationMs).toISOString(),
      createdBy: createdBy !== undefined && createdBy !== '' ? createdBy : current.createdBy,
      comment: current.comment,
      ...(current.annotations ? { annotations: current.annotations } : {}),
    };
    this.#check(draft);
    return this.#post(current.clusterId, toPostable(draft));
  }

  #check(draft: SilenceDraft): void {
    // The comment requirement is a user preference the caller enforces; here only what the
    // server would refuse anyway.
    const errors = validateDraft(draft, { requireComment: false, now: this.#now() });
    if (errors.length > 0) throw new SilenceValidationError(errors);
  }

  #locate(key: string): { clusterId: string; id: string } {
    const view = this.#accessor.silence(key);
    if (view) return { clusterId: view.clusterId, id: view.id };
    return parseSilenceKey(key);
  }

  /** The silence as the view has it, else as a member reports it. */
  async #current(key: string): Promise<SilenceView> {
    const view = this.#accessor.silence(key);
    if (view) return view;
    const { clusterId, id } = parseSilenceKey(key);
    const { result } = await this.#onOneMember(clusterId, (client) => client.getSilence(id));
    return {
      key,
      id: result.id,
      clusterId,
      matchers: result.matchers,
      startsAt: result.startsAt,
      endsAt: result.endsAt,
      updatedAt: result.updatedAt,
      createdBy: result.createdBy,
      comment: result.comment,
      state: result.status.state,
      ...(result.annotations ? { annotations: result.annotations } : {}),
    };
  }

  async #post(clusterId: string, body: PostableSilence): Promise<SilenceResult> {
    let late: { client: SilenceClient; timedOut: boolean; instanceId: string }[] = [];
    const { result: id, instanceId } = await this.#onOneMember(
      clusterId,
      async (client, failed) => {
        late = failed.filter((f) => f.timedOut);
        // A create whose answer timed out may have been applied all the same (and gossiped):
        // look for it on the members that timed out and on this one before creating again.
        if (body.id === undefined && late.length > 0) {
          const existing = await this.#findCreated(body, [...late.map((f) => f.client), client]);
          if (existing !== undefined) return existing;
        }
        return client.postSilence(body);
      },
    );
    if (late.length > 0) {
      // The timed-out requests may still be applied later: watch for their copies.
      const known = new Set([id]);
      if (body.id !== undefined) known.add(body.id);
      this.#watches.push({
        clusterId,
        body,
        known,
        lateInstanceIds: late.map((f) => f.instanceId),
        remaining: late.length,
        until: this.#now() + TWIN_WATCH_MS,
      });
    }
    await this.#refresh(clusterId);
    return { id, silenceKey: silenceKeyOf(clusterId, id), clusterId, instanceId };
  }

  async #findCreated(body: PostableSilence, clients: SilenceClient[]): Promise<string | undefined> {
    for (const client of clients) {
      if (!client.getSilences) continue;
      try {
        const found = (await client.getSilences()).find((s) => isSameCreate(s, body));
        if (found) return found.id;
      } catch {
        // that member cannot tell: go on
      }
    }
    return undefined;
  }

  async #refresh(clusterId: string): Promise<void> {
    try {
      await this.#accessor.refresh(clusterId);
    } catch {
      // The write succeeded; the next regular poll will show it.
    }
  }

  /** Runs `op` on the first member that answers: healthy members first, in their order. */
  async #onOneMember<T>(
    clusterId: string,
    op: (
      client: SilenceClient,
      failed: { client: SilenceClient; timedOut: boolean; instanceId: string }[],
    ) => Promise<T>,
  ): Promise<{ result: T; instanceId: string }> {
    const members = this.#accessor.members(clusterId);
    const ordered = [...members.filter((m) => m.healthy), ...members.filter((m) => !m.healthy)];
    if (ordered.length === 0) {
      throw new SilenceWriteError(clusterId, `cluster ${clusterId} has no members`, []);
    }
    const attempts: SilenceWriteError['attempts'] = [];
    const failed: { client: SilenceClient; timedOut: boolean; instanceId: string }[] = [];
    for (const member of ordered) {
      try {
        return { result: await op(member.client, failed), instanceId: member.instanceId };
      } catch (err) {
        if (!isRetryableOnOtherMember(err)) throw err;
        failed.push({
          client: member.client,
          timedOut: err instanceof AlertmanagerError && err.kind === 'timeout',
          instanceId: member.instanceId,
        });
        attempts.push({
          instanceId: member.instanceId,
          error: err instanceof AlertmanagerError ? err.toJSON() : { message: String(err) },
        });
      }
    }
    // Every member by name with what went wrong in words: with both HA peers down a
    // walk-through read one peer's "ECONNREFUSED 127.0.0.1:44633" and nothing about the other.
    const names = new Map(ordered.map((m) => [m.instanceId, m.name ?? m.instanceId]));
    const detail = attempts
      .map((a) => {
        const e = a.error;
        const why =
          ('summary' in e && e.summary) || ('serverMessage' in e && e.serverMessage) || e.message;
        return `${names.get(a.instanceId) ?? a.instanceId}: ${why}`;
      })
      .join('; ');
    const cluster = this.#accessor.clusterName?.(clusterId) ?? clusterId;
    throw new SilenceWriteError(
      clusterId,
      `no Alertmanager of ${cluster} took the request (${detail})`,
      attempts,
    );
  }
}
