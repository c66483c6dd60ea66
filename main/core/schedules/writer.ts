// Writes schedules' occurrences onto the servers (plan.ts decides what). Runs after each merge
// (so on the poll timer) and after a settings change; one round at a time, at most
// MAX_WRITES writes a round (the rest follow on the next round), one write per cluster
// (SilenceActions picks the member). A server that refuses (403, 400, anything) is recorded
// against the schedule and shown; nothing is skipped silently.
import type { Clock, SilenceDraft } from '../service.ts';
import type { MergedView } from '../model/view.ts';
import type { SilenceActions } from '../silences/actions.ts';
import { keepsSilenceAnnotations } from './annotations.ts';
import { occurrenceAnnotations, occurrenceComment, scheduleHash } from './identity.ts';
import { planSchedules, type ScheduleStep } from './plan.ts';
import type { ScheduleProblem } from '../model/schedule-view.ts';
import type { Schedule, ScheduleSettings } from './types.ts';

const MAX_WRITES = 25;
/**
 * An occurrence this install wrote is not written again for this long even if the view does
 * not show it yet (a lagging poll, a server that drops our tag): never a stream of copies.
 */
const WRITTEN_GUARD_MS = 15 * 60_000;

export interface WriterOptions {
  clock: Clock;
  actions: Pick<SilenceActions, 'create' | 'expire'>;
  view: () => MergedView;
  settings: () => ScheduleSettings;
  author: () => string;
  /** Something changed the schedules' problems (to publish them). */
  changed?: () => void;
}

export class ScheduleWriter {
  readonly #o: WriterOptions;
  #chain: Promise<number> = Promise.resolve(0);
  #queued = 0;
  /** Schedules deleted from settings whose occurrences may still be live. */
  readonly #removed = new Set<string>();
  #known = new Set<string>();
  readonly #problems = new Map<string, ScheduleProblem>();
  /** `<cluster>\n<schedule>\n<hash>\n<key>` -> when this install wrote it. */
  readonly #written = new Map<string, number>();

  constructor(o: WriterOptions) {
    this.#o = o;
    this.#known = new Set(o.settings().list.map((s) => s.id));
  }

  /** Settings changed: schedules that disappeared have their occurrences expired. */
  settingsChanged(list: readonly Schedule[]): void {
    const now = new Set(list.map((s) => s.id));
    for (const id of this.#known) if (!now.has(id)) this.#removed.add(id);
    for (const id of now) this.#removed.delete(id);
    this.#known = now;
    for (const id of this.#problems.keys()) if (!now.has(id)) this.#problems.delete(id);
  }

  problems(): ScheduleProblem[] {
    return [...this.#problems.values()];
  }

  /** Runs a round after any queued one; resolves with the number of writes it did. */
  sync(): Promise<number> {
    this.#queued++;
    const round = this.#chain.then(() => this.#run()).finally(() => this.#queued--);
    this.#chain = round.catch(() => 0);
    return round;
  }

  /** After a merge: a round unless one is queued (it will see what changed). */
  poke(): void {
    if (this.#queued > 0) return;
    void this.sync().catch((e: unknown) => console.error('core: schedule round failed:', e));
  }

  async #run(): Promise<number> {
    const settings = this.#o.settings();
    const view = this.#o.view();
    const now = this.#o.clock.now();
    let steps: ScheduleStep[];
    try {
      steps = planSchedules(settings.list, this.#removed, view, now, settings.horizonDays * 864e5);
    } catch (e) {
      // A schedule that cannot be computed (bad rule slipped past validation) is reported.
      this.#report('*', undefined, e);
      return 0;
    }
    const byId = new Map(settings.list.map((s) => [s.id, s]));
    const failed = new Set<string>();
    let writes = 0;
    for (const step of steps.slice(0, MAX_WRITES)) {
      try {
        if (step.kind === 'expire') await this.#o.actions.expire(step.silenceKey);
        else if (!(await this.#create(byId.get(step.scheduleId)!, step, view))) continue;
        writes++;
      } catch (e) {
        failed.add(step.scheduleId);
        this.#report(step.scheduleId, step.kind === 'create' ? step.clusterId : undefined, e);
      }
    }
    let cleared = false;
    for (const s of settings.list) {
      if (failed.has(s.id) || !this.#problems.has(s.id)) continue;
      // Cleared once a round wrote for the schedule or had nothing left to do for it.
      if (steps.length <= MAX_WRITES || steps.some((x) => x.scheduleId === s.id)) {
        cleared = this.#problems.delete(s.id) || cleared;
      }
    }
    if (cleared) this.#o.changed?.();
    return writes;
  }

  async #create(
    s: Schedule,
    step: Extract<ScheduleStep, { kind: 'create' }>,
    view: MergedView,
  ): Promise<boolean> {
    const written = `${step.clusterId}\n${s.id}\n${scheduleHash(s)}\n${step.occurrence.key}`;
    const now = this.#o.clock.now();
    for (const [k, at] of this.#written) if (now - at > WRITTEN_GUARD_MS) this.#written.delete(k);
    if (this.#written.has(written)) return false;
    const annotate = keepsSilenceAnnotations(view, step.clusterId);
    const draft: SilenceDraft = {
      matchers: s.matchers,
      startsAt: new Date(step.occurrence.startsAt).toISOString(),
      endsAt: new Date(step.occurrence.endsAt).toISOString(),
      createdBy: this.#o.author(),
      comment: occurrenceComment(s, step.occurrence.key, !annotate),
    };
    if (annotate) draft.annotations = occurrenceAnnotations(s, step.occurrence.key);
    await this.#o.actions.create(step.clusterId, draft);
    this.#written.set(written, now);
    return true;
  }

  #report(scheduleId: string, clusterId: string | undefined, e: unknown): void {
    const message = e instanceof Error ? e.message : String(e);
    this.#problems.set(scheduleId, {
      scheduleId,
      ...(clusterId === undefined ? {} : { clusterId }),
      message: message.slice(0, 500),
      at: new Date(this.#o.clock.now()).toISOString(),
    });
    this.#o.changed?.();
  }
}
