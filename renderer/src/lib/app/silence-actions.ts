// Silence commands offered outside the silence dialog: acknowledge a group or alert (from the
// list, the details, a toast), and expire or extend a silence from a notification (stale-
// silence hygiene). Each says what happened in a toast; failures too, nothing is lost.
import type { BridgeApi, QuickFrom } from '$core/bridge/contract.ts';
import type { Settings } from '$core/settings/types.ts';
import { errorMessage } from './errors.ts';
import type { Flash } from './notifications.svelte.ts';
import { onAlertmanagers } from './on-alertmanagers.ts';
import { parseSilenceKey } from '$core/model/keys.ts';
import type { SilenceView } from '$core/model/view.ts';
import type { SilenceDraft } from '$core/service.ts';
import { formatMatchers } from '$core/matchers/format.ts';
import { formatTime } from '../format/time.ts';

interface SilenceActionsOptions {
  bridge: BridgeApi;
  settings: () => Settings | null;
  flash: (message: Flash) => void;
  /** A cluster's name as the window shows it ("am1"): the toast says where an ack went. */
  clusterLabel: (clusterId: string) => string;
  /** What the user acknowledged: its toasts have nothing left to ask (notifications.settle). */
  settled?: (from: QuickFrom) => void;
  /** A silence expired here: toasts offering to expire or extend it have nothing left to do. */
  ended?: (silenceKey: string) => void;
}

export class SilenceActions {
  readonly #o: SilenceActionsOptions;

  constructor(options: SilenceActionsOptions) {
    this.#o = options;
  }

  /**
   * Acknowledge a group or an alert until it resolves (a short ack silence the core tends).
   * `onUndo` runs when the ack is undone (the toast's Undo, `u`): the list puts its cursor
   * back on the row.
   */
  async acknowledge(from: QuickFrom, what: string, onUndo?: () => void): Promise<void> {
    try {
      const results = await this.#o.bridge['silences:acknowledge'](from);
      const mins = this.#o.settings()?.silences.ackMinutes ?? 15;
      const keys = results.map((r) => r.silenceKey);
      this.#o.settled?.(from);
      const where = onAlertmanagers(
        results.map((r) => r.clusterId),
        this.#o.clusterLabel,
      );
      this.#o.flash({
        title: 'Acknowledged',
        // "on am1", as the silence form's toast says where its silence went.
        body: `${what} ${where}: silenced until it resolves (renewed every ${mins} min while this app runs).`,
        silenceKey: results[0]?.silenceKey,
        // `a` is one key beside `s` and `x`: a slip is undone from the toast at once.
        undo: () => {
          onUndo?.();
          void this.unacknowledge(keys, what);
        },
      });
    } catch (e) {
      this.#o.flash({ title: 'Acknowledge failed', body: `${what}: ${errorMessage(e)}` });
    }
  }

  /** Un-acknowledge: expire acks this install wrote (the window offers it for those only). */
  unacknowledge(keys: readonly string[], what: string): Promise<void> {
    return this.#expireAll(keys, what, ['Acknowledgement ended', 'Un-acknowledge failed']);
  }

  /** Expires silences just made from this window (the toast's Undo of a selection's). */
  undoCreated(keys: readonly string[], what: string): Promise<void> {
    const done = keys.length === 1 ? 'Silence expired' : `${keys.length} silences expired`;
    return this.#expireAll(keys, what, [done, 'Undo failed']);
  }

  /** Expires each silence in turn (the first failure stops) and says how it went. */
  async #expireAll(
    keys: readonly string[],
    what: string,
    [done, failed]: [string, string],
  ): Promise<void> {
    // Where, as the toast that made them said it ("on am1 and am2").
    const where = onAlertmanagers(
      keys.flatMap((k) => {
        try {
          return [parseSilenceKey(k).clusterId];
        } catch {
          return [];
        }
      }),
      this.#o.clusterLabel,
    );
    const whatWhere = where ? `${what} ${where}` : what;
    try {
      for (const key of keys) {
        await this.#o.bridge['silences:expire'](key);
        this.#o.ended?.(key);
      }
      this.#o.flash({ title: done, body: `${whatWhere}: its alerts notify again.` });
    } catch (e) {
      this.#o.flash({ title: failed, body: `${whatWhere}: ${errorMessage(e)}` });
    }
  }

  async expire(key: string): Promise<void> {
    try {
      await this.#o.bridge['silences:expire'](key);
      this.#o.ended?.(key);
      this.#o.flash({
        title: 'Silence expired',
        body: 'It no longer silences anything.',
        silenceKey: key,
      });
    } catch (e) {
      this.#o.flash({ title: 'Expire failed', body: errorMessage(e), silenceKey: key });
    }
  }

  /**
   * Says a silence was expired from this window and offers it back: Undo (and `u`) makes it
   * again as it was, with its matchers, author, comment and end (Alertmanager cannot un-expire
   * one, so it gets a new id). Before, a slip on Expire could only be answered with Recreate
   * for a fixed duration, under the name of whoever pressed it.
   */
  expired(s: SilenceView): void {
    this.#o.ended?.(s.key);
    const where = onAlertmanagers([s.clusterId], this.#o.clusterLabel);
    const ends = Date.parse(s.endsAt);
    this.#o.flash({
      title: 'Silence expired',
      body: `${formatMatchers(s.matchers)} ${where}: its alerts notify again.`,
      silenceKey: s.key,
      // Nothing to give back once its end has passed.
      ...(ends > Date.now() ? { undo: () => void this.#restore(s) } : {}),
    });
  }

  async #restore(s: SilenceView): Promise<void> {
    const draft: SilenceDraft = {
      matchers: s.matchers,
      // A silence that had not started yet starts when it would have.
      startsAt: new Date(Math.max(Date.now(), Date.parse(s.startsAt))).toISOString(),
      endsAt: s.endsAt,
      createdBy: s.createdBy,
      comment: s.comment,
      ...(s.annotations ? { annotations: s.annotations } : {}),
    };
    const what = formatMatchers(s.matchers);
    try {
      const r = await this.#o.bridge['silences:create'](s.clusterId, draft);
      this.#o.flash({
        title: 'Silence restored',
        body: `${what}: by ${s.createdBy} until ${formatTime(s.endsAt)}, as before (a new id).`,
        silenceKey: r.silenceKey,
      });
    } catch (e) {
      this.#o.flash({ title: 'Restore failed', body: `${what}: ${errorMessage(e)}` });
    }
  }

  async extend(key: string, ms: number): Promise<void> {
    try {
      // The core decides the new end (from the later of the current end and now).
      const { endsAt } = await this.#o.bridge['silences:extendBy'](key, ms);
      this.#o.flash({
        title: 'Silence extended',
        body: `Now ends ${formatTime(endsAt)}.`,
        silenceKey: key,
      });
    } catch (e) {
      this.#o.flash({ title: 'Extend failed', body: errorMessage(e), silenceKey: key });
    }
  }
}
