// The silence dialog's form: the draft (matcher rows, cluster, times, author, comment), which
// errors show (after a change to that field, all after a submit), the live preview and the
// submit. The dialog's parts read getters and call methods; every change goes through a method,
// which is where the preview is asked for again (debounced): no effect watches the draft.
// The rules live in plain modules (draft.ts, time-range.ts) so they are unit-tested.
// Opened for an alert or a group that fires on several clusters (separate Alertmanagers, not
// one HA cluster), a new silence goes to each of them by default: one silence per cluster,
// each previewed, each answer kept (cluster-outcomes.ts), a failed one retried alone.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { SilenceView } from '$core/model/view.ts';
import type { Matcher } from '$core/api/types.ts';
import type { PreviewResult, SilenceDraft } from '$core/service.ts';
import type { SilenceFormRequest } from '../app/app-store.svelte.ts';
import { errorMessage } from '../app/errors.ts';
import { placeProblems, type Placed } from './server-problems.ts';
import { fromLocalInput, toLocalInput } from '../format/time.ts';
import { checkDraft, emptyRow, toMatcher, toRow, type MatcherRow } from './draft.ts';
import { PreviewRequests } from './preview-requests.svelte.ts';
import { endKeepingDuration, presetRange, rangeText } from './time-range.ts';
import { ChosenDuration } from './chosen-duration.svelte.ts';
import {
  isCreated,
  outcomeOf,
  partialText,
  type ClusterOutcome,
  type Outcomes,
} from './cluster-outcomes.ts';

export interface SilenceFormOptions {
  request: SilenceFormRequest;
  bridge: Pick<
    BridgeApi,
    'silences:quickMatchers' | 'silences:preview' | 'silences:create' | 'silences:update'
  >;
  /** The cluster a new silence goes to when the request names none. */
  defaultClusterId: string;
  /** What the last silence created used (a new one starts from it). */
  last: { author: string; durationMs: number } | undefined;
  /** The author when there is no last one (settings, then the OS user). */
  author: string;
  /** Read when validating, so a settings change or the clock applies at once. */
  requireComment: () => boolean;
  now: () => number;
  /** Told the author and duration of a silence just created. */
  remember: (author: string, durationMs: number) => void;
  /** Told when a new silence was created on every cluster it went to (its toasts settle). */
  created?: () => void;
  /** A comment typed in a form for the same alert or group that closed unsent. */
  unsentComment?: string | undefined;
  /** How a cluster is called in the form's messages ("am2", "prod-ha"). */
  clusterLabel: (clusterId: string) => string;
}

/** What a saved silence was, for the success screen and the toast that says it. */
export interface SilenceSaved {
  /** One per cluster it was written to (several when the alert fires on several). */
  silences: { id: string; silenceKey: string; clusterId: string }[];
  matchers: Matcher[];
  startsAt: string;
  endsAt: string;
}

export type FieldName = 'comment' | 'author' | 'end' | 'clusters' | `m${number}`;

/** One chosen cluster's preview, while the form sends to several. */
export interface ClusterPreview {
  clusterId: string;
  result: PreviewResult | null;
  error: string | null;
  wait: 'matchers' | 'answer' | 'incomplete';
}

export class SilenceForm {
  readonly #o: SilenceFormOptions;
  readonly #editing: SilenceView | null;
  readonly #origStart: string | null;
  readonly #origEnd: string | null;
  #rows = $state.raw<MatcherRow[]>([]);
  #loadingMatchers = $state(false);
  /** The alert's labels the prefill left out (volatile: `pod`), said under the matchers. */
  #leftOut = $state.raw<readonly string[]>([]);
  /** The prefill from the alert or group while it is on its way: a submit waits for it. */
  #prefill: Promise<void> | null = null;
  #clusterId = $state('');
  /** The cluster was picked by hand: the prefill does not move it. */
  #clusterPicked = false;
  /**
   * The clusters the alert or group fires on, from the core. With more than one the form sends
   * to each `#chosen` one (all at first) instead of `#clusterId`.
   */
  #fires = $state.raw<readonly string[]>([]);
  #chosen = $state.raw<readonly string[]>([]);
  /** What each cluster said to the last submits: a retry skips those that have the silence. */
  #outcomes = $state.raw<Outcomes>({});
  /** One preview per cluster in `#fires` (set with it, once the prefill came). */
  #previews = $state.raw<Readonly<Record<string, PreviewRequests>>>({});
  #startInput = $state('');
  #endInput = $state('');
  #createdBy = $state('');
  #comment = $state('');
  #attempted = $state(false);
  /**
   * Fields the user has changed: their errors show from then on (all of them after a submit).
   * Not on blur: an error appearing as focus leaves would move the button being clicked.
   */
  #touched = $state<Record<string, true>>({});
  #submitting = $state(false);
  /** The draft is on its way to the server: what is typed now would not be in it. */
  #sending = $state(false);
  /** A submit still waiting for the matchers was called off (Cancel): nothing is sent. */
  #cancelled = false;
  #serverError = $state<string | null>(null);
  /** What the bridge or the server said about one field, shown there until it changes. */
  #serverFields = $state<Placed>({});
  #success = $state.raw<SilenceSaved | null>(null);
  readonly #preview: PreviewRequests;
  /** The duration chosen (preset or typed), sent exactly while the end is its own. */
  readonly duration = new ChosenDuration();
  /** The start as it was when its input took focus (moving it keeps the duration). */
  #startBefore = '';

  // Untouched times of an edited silence keep their exact (second-precision) value: changing
  // startsAt would make the server replace the silence instead of updating it.
  #startsAt = $derived.by(() => this.#startNow());
  #endsAt = $derived.by(() => this.#endNow());
  #check = $derived.by(() => this.#checkNow());

  constructor(options: SilenceFormOptions) {
    this.#o = options;
    this.#preview = new PreviewRequests(options.bridge);
    const r = options.request;
    const editing = r.mode === 'edit' ? r.silence : null;
    this.#editing = editing;
    this.#origStart = editing ? toLocalInput(editing.startsAt) : null;
    this.#origEnd = editing ? toLocalInput(editing.endsAt) : null;
    this.#rows = editing ? editing.matchers.map(toRow) : [];
    this.#loadingMatchers = !editing && r.mode === 'create' && !!r.from;
    this.#clusterId =
      editing?.clusterId ??
      (r.mode === 'create' ? r.clusterId : undefined) ??
      options.defaultClusterId;
    const now = Date.now();
    this.#startInput = this.#origStart ?? toLocalInput(now);
    // A new silence starts from the last author and duration used (default: you, 1 hour).
    const ms = options.last?.durationMs ?? 3_600_000;
    this.#endInput = this.#origEnd ?? toLocalInput(now + ms);
    if (!editing) this.duration.chose(ms, this.#endInput);
    this.#createdBy = editing?.createdBy ?? (options.last?.author || options.author);
    this.#comment = editing?.comment ?? options.unsentComment ?? '';
    this.restoredComment = !editing && !!options.unsentComment;
  }

  /** The comment is one typed before in a form for this alert or group that closed unsent. */
  readonly restoredComment: boolean;

  get editing(): boolean {
    return this.#editing !== null;
  }
  get rows(): readonly MatcherRow[] {
    return this.#rows;
  }
  get leftOut(): readonly string[] {
    return this.#leftOut;
  }
  get loadingMatchers(): boolean {
    return this.#loadingMatchers;
  }
  get clusterId(): string {
    return this.#clusterId;
  }
  /**
   * A new silence for an alert or group that fires on several clusters: it goes to each
   * chosen one (`fires`, `isChosen`), not to `clusterId`.
   */
  get multi(): boolean {
    return !this.#editing && this.#fires.length > 1;
  }
  get fires(): readonly string[] {
    return this.#fires;
  }
  isChosen(clusterId: string): boolean {
    return this.#chosen.includes(clusterId);
  }
  /** Made there by an earlier submit of this form (it is not sent there again). */
  createdOn(clusterId: string): boolean {
    return isCreated(this.#outcomes, clusterId);
  }
  /** What each cluster said to the submits so far (read with Object.hasOwn). */
  get outcomes(): Outcomes {
    return this.#outcomes;
  }
  /** The silences this form made so far (a partial success included). */
  get created(): SilenceSaved['silences'] {
    return this.#fires.flatMap((c) => {
      const o = outcomeOf(this.#outcomes, c);
      return o && 'id' in o ? [{ id: o.id, silenceKey: o.silenceKey, clusterId: c }] : [];
    });
  }
  /** "Created on am1 (id …)" after a submit that did not reach every chosen cluster. */
  get partial(): string | null {
    return this.multi && !this.#success
      ? partialText(this.#outcomes, this.#fires, this.#o.clusterLabel).created
      : null;
  }
  /** The chosen clusters still without the silence: where the next submit sends it. */
  get sendTo(): readonly string[] {
    return this.#chosen.filter((c) => !isCreated(this.#outcomes, c));
  }
  /** Each chosen cluster's preview (several clusters). */
  get previews(): ClusterPreview[] {
    return this.#fires
      .filter((c) => this.#chosen.includes(c))
      .flatMap((c) => {
        const p = Object.hasOwn(this.#previews, c) ? this.#previews[c] : undefined;
        if (!p) return [];
        return [
          {
            clusterId: c,
            result: p.result,
            error: p.error,
            wait: this.#loadingMatchers ? 'matchers' : p.pending ? 'answer' : 'incomplete',
          },
        ];
      });
  }
  get startInput(): string {
    return this.#startInput;
  }
  get endInput(): string {
    return this.#endInput;
  }
  get createdBy(): string {
    return this.#createdBy;
  }
  get comment(): string {
    return this.#comment;
  }
  /** After a submit every error shows. */
  get attempted(): boolean {
    return this.#attempted;
  }
  get submitting(): boolean {
    return this.#submitting;
  }
  /** The fields are read-only then (a comment typed on was dropped without a word). */
  get sending(): boolean {
    return this.#sending;
  }
  get serverError(): string | null {
    return this.#serverError;
  }
  get success(): SilenceSaved | null {
    return this.#success;
  }
  get preview(): PreviewResult | null {
    return this.#preview.result;
  }
  /** Why there is no preview yet: the matchers or the answer are on their way, or incomplete. */
  get previewWait(): 'matchers' | 'answer' | 'incomplete' {
    return this.#loadingMatchers ? 'matchers' : this.#preview.pending ? 'answer' : 'incomplete';
  }
  get previewError(): string | null {
    return this.#preview.error;
  }
  get check(): ReturnType<typeof checkDraft> {
    return this.#check;
  }
  /** "4h" for the range as it stands ('' while it is not one). */
  get durationText(): string {
    return rangeText(this.#startsAt, this.#endsAt);
  }
  /** The range's length in ms (null while it is not a range): what a template keeps. */
  get rangeMs(): number | null {
    const ms = Date.parse(this.#endsAt ?? '') - Date.parse(this.#startsAt ?? '');
    return ms > 0 ? ms : null;
  }
  /** As rangeMs, read afresh (in a method, before the deriveds caught up). */
  #rangeNow(): number | null {
    const ms = Date.parse(this.#endNow() ?? '') - Date.parse(this.#startNow() ?? '');
    return ms > 0 ? ms : null;
  }

  /**
   * The problem a field shows, in plain words: the form's own check (once the field changed,
   * or after a submit), else what the bridge or the server said about it.
   */
  fieldError(field: FieldName): string | undefined {
    const c = this.#check;
    const own =
      field === 'comment'
        ? c.comment
        : field === 'author'
          ? c.createdBy
          : field === 'end'
            ? c.endsAt
            : field === 'clusters'
              ? this.#clustersProblem()
              : c.matcherErrors[Number(field.slice(1))];
    return (own && this.shown(field) ? own : undefined) ?? this.#serverFields[field];
  }
  /** "Add at least one matcher" and what the server said about the matchers as a whole. */
  get matchersError(): string | undefined {
    return (this.#attempted ? this.#check.matchers : undefined) ?? this.#serverFields.matchers;
  }

  /** Whether a field's error shows: once it was changed, or after a submit. */
  shown(field: FieldName): boolean {
    return this.#attempted || this.#touched[field] === true;
  }

  /** Fills the matchers: from the alert or group asked for, or one blank row. */
  start(): void {
    const r = this.#o.request;
    if (r.mode === 'create' && r.from) {
      this.#prefill = this.#o.bridge['silences:quickMatchers'](r.from)
        .then(({ matchers: ms, clusterIds, leftOut }) => {
          this.#takeClusters(clusterIds);
          this.#leftOut = leftOut ?? [];
          if (this.#rows.length === 0) this.#setRows(ms.length ? ms.map(toRow) : [emptyRow()]);
          else this.#requestPreview();
        })
        .catch((e: unknown) => {
          this.#serverError = `Could not prefill matchers: ${errorMessage(e)}`;
          if (this.#rows.length === 0) this.#setRows([emptyRow()]);
        })
        .finally(() => {
          this.#loadingMatchers = false;
          this.#prefill = null;
        });
    } else if (this.#rows.length === 0) {
      this.#setRows([emptyRow()]);
    } else {
      this.#requestPreview();
    }
  }

  /**
   * Calls off a submit that is still waiting for the matchers (nothing was sent yet): true
   * when there was one. A submit already sent cannot be called back.
   */
  cancelWaiting(): boolean {
    if (!this.#submitting || !this.#prefill) return false;
    this.#cancelled = true;
    return true;
  }
  get cancelled(): boolean {
    return this.#cancelled;
  }

  /** Stops the pending previews (the dialog is going away). */
  dispose(): void {
    this.#preview.dispose();
    for (const p of Object.values(this.#previews)) p.dispose();
  }

  /**
   * Where the alert or group fires, from the core. One cluster: the single choice starts
   * there (unless picked by hand meanwhile). Several: each gets a preview, and all are chosen.
   */
  #takeClusters(clusterIds: readonly string[]): void {
    if (this.#editing) return;
    if (clusterIds.length === 1 && !this.#clusterPicked) this.#clusterId = clusterIds[0]!;
    if (clusterIds.length < 2) return;
    this.#previews = Object.fromEntries(
      clusterIds.map((c) => [c, new PreviewRequests(this.#o.bridge)]),
    );
    this.#fires = [...clusterIds];
    this.#chosen = [...clusterIds];
    // The single preview is not shown any more: it stops asking.
    this.#preview.request(null);
  }

  setMatcher(id: number, change: Partial<Omit<MatcherRow, 'id'>>): void {
    this.#touch(`m${id}`);
    this.#setRows(this.#rows.map((r) => (r.id === id ? { ...r, ...change } : r)));
  }
  addMatcher(): void {
    this.#setRows([...this.#rows, emptyRow()]);
  }
  /** A pasted matcher list: row `id` becomes its first matcher, the rest follow it. */
  pasteMatchers(id: number, matchers: readonly Matcher[]): void {
    this.#touch(`m${id}`);
    this.#setRows(this.#rows.flatMap((r) => (r.id === id ? matchers.map(toRow) : [r])));
  }
  removeMatcher(id: number): void {
    this.#setRows(this.#rows.filter((r) => r.id !== id));
  }
  setCluster(id: string): void {
    this.#clusterId = id;
    this.#clusterPicked = true;
    this.#requestPreview();
  }
  /** Ticks or unticks one of the clusters the alert fires on (one that has it stays). */
  chooseCluster(id: string, on: boolean): void {
    if (!this.#fires.includes(id) || isCreated(this.#outcomes, id)) return;
    this.#chosen = on
      ? this.#fires.filter((c) => c === id || this.#chosen.includes(c))
      : this.#chosen.filter((c) => c !== id);
    // Not sent there any more: its earlier failure is no longer news.
    if (!on && Object.hasOwn(this.#outcomes, id))
      this.#outcomes = Object.fromEntries(Object.entries(this.#outcomes).filter(([c]) => c !== id));
    this.#touch('clusters');
    this.#requestPreview();
  }
  setComment(text: string): void {
    this.#comment = text;
    this.#touch('comment');
  }
  setAuthor(text: string): void {
    this.#createdBy = text;
    this.#touch('author');
  }

  setStartInput(value: string): void {
    this.#startInput = value;
  }
  /** The start input took focus: moving it from here keeps the duration. */
  rememberStart = (): void => void (this.#startBefore = this.#startInput);
  /** The start was changed (its change event): the end moves with it. */
  keepDuration(): void {
    const holds = this.duration.holds(this.#endInput);
    const end = endKeepingDuration(this.#startBefore, this.#startInput, this.#endInput);
    if (end !== null) {
      this.#endInput = end;
      if (holds) this.duration.chose(this.duration.ms!, end);
    }
    this.#startBefore = this.#startInput;
  }
  setEndInput(value: string): void {
    const changed = value !== this.#endInput;
    this.#endInput = value;
    if (changed) this.duration.showRange(this.#rangeNow());
    this.#touch('end');
  }
  /** A duration preset: exact, from the start as shown (or now when that has passed). */
  setDuration(ms: number, label?: string): void {
    const next = presetRange({
      startInput: this.#startInput,
      startsAt: this.#startsAt,
      ms,
      now: Date.now(),
    });
    this.#startInput = next.startInput;
    this.#endInput = next.endInput;
    this.duration.chose(ms, next.endInput, label);
  }
  /** A duration typed as Alertmanager writes it (`2h`, `1d4h`); applied when it reads. */
  setDurationText(text: string): void {
    const ms = this.duration.read(text);
    if (ms !== null) this.setDuration(ms);
  }
  /** The duration field lost focus: left empty, it shows what will be used again. */
  settleDuration(): void {
    this.duration.settle(this.#rangeNow());
  }

  /**
   * Sends the silence. Returns false when the draft has errors (they all show now); true
   * once the server took it (`success` holds the id) or refused it (`serverError` says why,
   * every field stays as typed). Sent while the matchers are still on their way from the alert
   * (Ctrl+Enter right after the comment, a busy core), it waits for them rather than refusing
   * an empty matcher list the user never saw.
   */
  async submit(): Promise<boolean> {
    if (this.#submitting) return true;
    if (this.#prefill) {
      this.#submitting = true;
      try {
        await this.#prefill;
      } finally {
        this.#submitting = false;
      }
      if (this.#cancelled) return false;
    }
    this.#attempted = true;
    this.#serverError = null;
    // An edited silence keeps its instants as the inputs say (its untouched start exactly).
    const exact = this.#editing
      ? null
      : this.duration.exact(this.#startNow(), this.#endInput, this.#o.now());
    const startsAt = exact?.startsAt ?? this.#startNow();
    const endsAt = exact?.endsAt ?? this.#endNow();
    // Checked afresh, not through the derived: a submit still waiting for its matchers when the
    // dialog closed goes on after the component (and its deriveds) went away.
    const check = this.#checkNow();
    if (!check.valid || !startsAt || !endsAt || this.duration.error) return false;
    if (this.#clustersProblem()) return false;
    this.#submitting = true;
    const draft = {
      matchers: this.#rows.map(toMatcher),
      startsAt,
      endsAt,
      createdBy: this.#createdBy.trim(),
      comment: this.#comment,
      // The core fixes the instants right before the request: the duration stays exact.
      ...(exact && this.duration.ms !== null ? { durationMs: this.duration.ms } : {}),
    };
    const r = this.#o.request;
    this.#sending = true;
    if (this.multi) {
      try {
        await this.#sendToEach(draft, startsAt, endsAt);
      } finally {
        this.#submitting = false;
        this.#sending = false;
      }
      return true;
    }
    try {
      const result = this.#editing
        ? await this.#o.bridge['silences:update'](this.#editing.key, draft)
        : await this.#o.bridge['silences:create'](this.#clusterId, draft);
      this.#success = {
        silences: [{ id: result.id, silenceKey: result.silenceKey, clusterId: result.clusterId }],
        matchers: draft.matchers,
        startsAt,
        endsAt,
      };
      if (r.mode === 'edit') r.onsaved?.(result.silenceKey);
      else {
        this.#o.remember(draft.createdBy, Date.parse(endsAt) - Date.parse(startsAt));
        this.#o.created?.();
      }
      // No refresh here: the core re-polls the cluster it wrote to before answering.
    } catch (err) {
      // Each problem at its field, in plain words; only what names no field is said below.
      const placed = placeProblems(err, this.#rows);
      this.#serverFields = placed.fields;
      this.#serverError = placed.rest ?? (placed.any ? null : errorMessage(err));
    } finally {
      this.#submitting = false;
      this.#sending = false;
    }
    return true;
  }

  /**
   * One silence on each chosen cluster that does not have it yet, one after another. Every
   * cluster is tried: one that refuses (or is down) does not keep the others unsilenced. The
   * form stays with what was typed until every chosen cluster has it; then `success`.
   */
  async #sendToEach(draft: SilenceDraft, startsAt: string, endsAt: string): Promise<void> {
    const fields: Placed = {};
    for (const c of this.sendTo) {
      let outcome: ClusterOutcome;
      try {
        const result = await this.#o.bridge['silences:create'](c, draft);
        outcome = { id: result.id, silenceKey: result.silenceKey };
      } catch (err) {
        const placed = placeProblems(err, this.#rows);
        Object.assign(fields, placed.fields);
        outcome = {
          error: placed.rest ?? (placed.any ? 'see the fields marked above' : errorMessage(err)),
        };
      }
      this.#outcomes = { ...this.#outcomes, [c]: outcome };
    }
    this.#serverFields = fields;
    if (this.sendTo.length === 0) {
      this.#success = { silences: this.created, matchers: draft.matchers, startsAt, endsAt };
      this.#o.remember(draft.createdBy, Date.parse(endsAt) - Date.parse(startsAt));
      this.#o.created?.();
    } else {
      this.#serverError = partialText(this.#outcomes, this.#fires, this.#o.clusterLabel).failed;
    }
  }

  /** Several clusters and none chosen: the silence would go nowhere. */
  #clustersProblem(): string | undefined {
    return this.multi && this.#chosen.length === 0
      ? 'Choose at least one Alertmanager to send the silence to.'
      : undefined;
  }

  #checkNow(): ReturnType<typeof checkDraft> {
    return checkDraft({
      rows: this.#rows,
      startsAt: this.#startNow(),
      endsAt: this.#endNow(),
      createdBy: this.#createdBy,
      comment: this.#comment,
      requireComment: this.#o.requireComment(),
      now: this.#o.now(),
    });
  }

  #startNow(): string | null {
    return this.#instant(this.#startInput, this.#origStart, 'startsAt');
  }
  #endNow(): string | null {
    return this.#instant(this.#endInput, this.#origEnd, 'endsAt');
  }

  #instant(input: string, original: string | null, which: 'startsAt' | 'endsAt'): string | null {
    return this.#editing && input === original ? this.#editing[which] : fromLocalInput(input);
  }

  #touch(field: FieldName): void {
    if (!this.#touched[field]) this.#touched[field] = true;
    // What the server said about a field holds until that field changes.
    const stale = [field, ...(field.startsWith('m') ? ['matchers'] : [])];
    if (stale.some((f) => this.#serverFields[f] !== undefined)) {
      this.#serverFields = Object.fromEntries(
        Object.entries(this.#serverFields).filter(([f]) => !stale.includes(f)),
      );
    }
  }

  #setRows(rows: MatcherRow[]): void {
    this.#rows = rows;
    this.#requestPreview();
  }

  /**
   * Previews the matchers once every row is complete, on the cluster or on each chosen one.
   * Called when they or the clusters change.
   */
  #requestPreview(): void {
    const matchers = this.#check.usable;
    const complete = matchers.length > 0 && matchers.length === this.#rows.length;
    if (this.multi) {
      for (const [clusterId, p] of Object.entries(this.#previews))
        p.request(complete && this.#chosen.includes(clusterId) ? { clusterId, matchers } : null);
      return;
    }
    const clusterId = this.#clusterId;
    this.#preview.request(complete && clusterId ? { clusterId, matchers } : null);
  }
}
