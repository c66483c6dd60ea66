// Silencing a multi-selection: the core's plan (one silence per cluster, its matchers and what
// they match now: 'silences:selectionPlan'), the duration (typed as Alertmanager writes it, or a
// preset; sent exactly), comment and author, then one 'silences:create' per cluster. Nothing is
// written while a cluster has no silence that covers its part, and a silence that would also
// hit alerts outside the selection needs the user's explicit "yes". A failed cluster keeps its
// error and is retried alone; those already created are not written twice.
import type { BridgeApi } from '$core/bridge/contract.ts';
import {
  MAX_SELECTION_ITEMS,
  type ClusterSelectionPlan,
  type SelectionItem,
  type SelectionPlan,
} from '$core/model/selection-plan.ts';
import { errorMessage } from '../app/errors.ts';
import { ChosenDuration } from '../silences/chosen-duration.svelte.ts';

export interface SelectionSilenceOptions {
  bridge: Pick<BridgeApi, 'silences:selectionPlan' | 'silences:create'>;
  items: readonly SelectionItem[];
  /** What the last silence created used (this one starts from it). */
  last: { author: string; durationMs: number } | undefined;
  author: string;
  requireComment: () => boolean;
  remember: (author: string, durationMs: number) => void;
}

const isoAt = (ms: number): string => new Date(ms).toISOString();

export type ClusterOutcome = { id: string; silenceKey: string } | { error: string };

export class SelectionSilence {
  readonly #o: SelectionSilenceOptions;
  #plan = $state.raw<SelectionPlan | null>(null);
  #planError = $state<string | null>(null);
  #loading: Promise<void> | null = null;
  #ms = $state<number | null>(null);
  #comment = $state('');
  #createdBy = $state('');
  #acceptOutside = $state(false);
  #attempted = $state(false);
  #submitting = $state(false);
  #outcomes = $state.raw<Readonly<Record<string, ClusterOutcome>>>({});
  readonly duration = new ChosenDuration();

  constructor(options: SelectionSilenceOptions) {
    this.#o = options;
    const ms = options.last?.durationMs ?? 3_600_000;
    this.#ms = ms;
    this.duration.chose(ms, '');
    this.#createdBy = options.last?.author || options.author;
  }

  get plan(): SelectionPlan | null {
    return this.#plan;
  }
  get planError(): string | null {
    return this.#planError;
  }
  get comment(): string {
    return this.#comment;
  }
  get createdBy(): string {
    return this.#createdBy;
  }
  get durationMs(): number | null {
    return this.#ms;
  }
  get acceptOutside(): boolean {
    return this.#acceptOutside;
  }
  get submitting(): boolean {
    return this.#submitting;
  }
  /** By cluster id (ids the core made; read with Object.hasOwn). */
  get outcomes(): Readonly<Record<string, ClusterOutcome>> {
    return this.#outcomes;
  }
  /** Alerts outside the selection the silences would also match now, over all clusters. */
  get outside(): number {
    return (this.#plan?.clusters ?? []).reduce((n, c) => n + c.outside.length, 0);
  }
  /** Clusters whose part of the selection no one silence covers. */
  get blocked(): ClusterSelectionPlan[] {
    return (this.#plan?.clusters ?? []).filter((c) => c.problem !== undefined);
  }
  /** Every cluster's silence was created. */
  get done(): boolean {
    const clusters = this.#plan?.clusters ?? [];
    return clusters.length > 0 && clusters.every((c) => this.#created(c.clusterId));
  }
  get commentError(): string | null {
    return this.#attempted && this.#o.requireComment() && this.#comment.trim() === ''
      ? 'Say why (a comment is required in Settings › Silences).'
      : null;
  }
  get authorError(): string | null {
    return this.#attempted && this.#createdBy.trim() === ''
      ? 'Who is silencing? Enter a name.'
      : null;
  }
  get outsideError(): string | null {
    return this.#attempted && this.outside > 0 && !this.#acceptOutside
      ? 'Confirm that these alerts outside the selection are silenced too, or change the selection.'
      : null;
  }

  /** Asks for the plan once; a submit made before it came waits for it (`submit`). */
  load(): Promise<void> {
    this.#loading ??= this.#load();
    return this.#loading;
  }

  async #load(): Promise<void> {
    const n = this.#o.items.length;
    if (n > MAX_SELECTION_ITEMS) {
      this.#planError = `${n.toLocaleString()} rows are selected; one preview takes at most ${MAX_SELECTION_ITEMS.toLocaleString()}. Select fewer (whole groups rather than their alerts).`;
      return;
    }
    try {
      this.#plan = await this.#o.bridge['silences:selectionPlan']([...this.#o.items]);
    } catch (e) {
      this.#planError = errorMessage(e);
    }
  }

  setComment(text: string): void {
    this.#comment = text;
  }
  setAuthor(text: string): void {
    this.#createdBy = text;
  }
  setAcceptOutside(yes: boolean): void {
    this.#acceptOutside = yes;
  }
  setDuration(ms: number, label: string): void {
    this.#ms = ms;
    this.duration.chose(ms, '', label);
  }
  /**
   * Typed text: applied when it reads. Emptied, the duration in use stays (as in the single
   * silence form) and shows again when the field loses focus; one that does not read is an
   * error at the field and nothing is sent.
   */
  setDurationText(text: string): void {
    const ms = this.duration.read(text);
    if (ms !== null) this.duration.chose(ms, '');
    this.#ms = this.duration.error ? null : this.duration.ms;
  }
  settleDuration(): void {
    this.duration.settle();
  }

  /**
   * Creates the silences still missing, one cluster after another. False when something must
   * be fixed first (its message shows at its field); true once every cluster was tried.
   */
  async submit(): Promise<boolean> {
    if (this.#submitting) return true;
    if (!this.#plan && !this.#planError) {
      // Ctrl+Enter before the plan came: wait for it, then check what it says.
      this.#submitting = true;
      try {
        await this.load();
      } finally {
        this.#submitting = false;
      }
    }
    this.#attempted = true;
    const plan = this.#plan;
    const ms = this.#ms;
    if (!plan || this.blocked.length > 0 || ms === null || this.duration.error) return false;
    if (this.commentError || this.authorError || this.outsideError) return false;
    this.#submitting = true;
    const createdBy = this.#createdBy.trim();
    try {
      for (const c of plan.clusters) {
        if (this.#created(c.clusterId)) continue;
        const now = Date.now();
        let outcome: ClusterOutcome;
        try {
          const r = await this.#o.bridge['silences:create'](c.clusterId, {
            matchers: c.matchers,
            startsAt: isoAt(now),
            endsAt: isoAt(now + ms),
            createdBy,
            comment: this.#comment,
            // The core fixes start and end right before the request: exactly `ms` long.
            durationMs: ms,
          });
          outcome = { id: r.id, silenceKey: r.silenceKey };
        } catch (e) {
          outcome = { error: errorMessage(e) };
        }
        this.#outcomes = { ...this.#outcomes, [c.clusterId]: outcome };
      }
      if (this.done) this.#o.remember(createdBy, ms);
    } finally {
      this.#submitting = false;
    }
    return true;
  }

  /** The silences this form made (for an undo). */
  get createdKeys(): string[] {
    return Object.values(this.#outcomes).flatMap((o) => ('silenceKey' in o ? [o.silenceKey] : []));
  }

  #created(clusterId: string): boolean {
    const o = Object.hasOwn(this.#outcomes, clusterId) ? this.#outcomes[clusterId] : undefined;
    return !!o && 'id' in o;
  }
}
