// The window's notifications: the list the notifications menu shows (what the core raised),
// and the toasts in the strip at the bottom (those, and the window's own short messages: "Acknowledged",
// "Expire failed"). The browser shell also shows the core's as web notifications; the
// Electron shell shows OS notifications itself.
//
// Each toast goes away by itself after a while; that clock stops while the user is reading
// (the pointer over the toasts, or focus in them: `hold`) and goes on from where it stopped.
import type { QuickFrom } from '$core/bridge/contract.ts';
import type { AppNotification } from '$core/model/events.ts';

const MAX_NOTIFICATIONS = 50;
/** Toasts kept (the strip shows the newest three and counts the rest). */
const MAX_TOASTS = 20;

/**
 * Why the toasts' clocks stand still: the pointer or focus is on them, or nobody is looking
 * ('away': the window hidden or in the background).
 */
export type ToastHold = 'hover' | 'focus' | 'away';

interface ToastTimer {
  /** Ms left before it goes away. */
  left: number;
  /** When it goes away (Date.now() ms) while running. */
  due: number;
  handle: ReturnType<typeof setTimeout> | undefined;
}

interface NotificationsOptions {
  /** Whether this window is the browser shell's (then it shows web notifications). */
  inBrowser: () => boolean;
  /** A web notification was clicked: show what it is about. */
  open: (n: AppNotification) => void;
}

/** A message of the window's own, about something done from it (low urgency). */
export interface Flash {
  title: string;
  body: string;
  /** The silence it is about (the toast offers it). */
  silenceKey?: string | undefined;
  /** The toast offers Expire and Extend for that silence (one just made: Expire undoes it). */
  silenceActions?: boolean;
  /** The toast offers Undo (an acknowledgement, silences just made): what it runs. */
  undo?: () => void;
  /**
   * What `u` runs when the toast offers no Undo of its own (one silence just made: its toast
   * has Expire, which is that undo).
   */
  keyUndo?: () => void;
}

/**
 * How long `u` can undo what this window did last. Its toast is gone after 15 s; a slip noticed
 * a little later is still undone, while a stray `u` an hour later never ends an ack the
 * engineer meant (its alert would page again).
 */
export const UNDO_KEY_MS = 10 * 60_000;
/** How many steps back `u` goes (each within UNDO_KEY_MS). */
const MAX_UNDOABLE = 20;

/** What `u` undoes: the last undoable thing this window did. */
interface LastUndo {
  title: string;
  body: string;
  at: number;
  run: () => void;
}

export class Notifications {
  #list = $state.raw<AppNotification[]>([]);
  #toasts = $state.raw<AppNotification[]>([]);
  #flashes = 0;
  // Bookkeeping for the clocks, not state the page shows (the toasts list is that).
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- not reactive by design
  readonly #timers = new Map<string, ToastTimer>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- not reactive by design
  readonly #holds = new Set<ToastHold>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- fixed per toast, never changes
  readonly #undos = new Map<string, () => void>();
  /** What `u` runs for each toast (its Undo, or its keyUndo): to dismiss the toast it undid. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- fixed per toast, never changes
  readonly #keyUndos = new Map<string, () => void>();
  readonly #options: NotificationsOptions;
  /** The browser shell's desktop notifications about alerts: withdrawn when settled here. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- not reactive by design
  readonly #desktop = new Map<Notification, AppNotification>();
  /**
   * What `u` can undo, newest last: one step per press, back through every undoable thing done
   * here within UNDO_KEY_MS (a walk-through pressed `a` twice, and the second `u` said "nothing
   * to undo" while the first ack's toast still offered Undo).
   */
  #undoable: LastUndo[] = [];
  /** Notifications that came while nobody looked (hold 'away'): the title counts them. */
  #cameAway = $state(0);

  constructor(options: NotificationsOptions) {
    this.#options = options;
  }

  /** The core's notifications, newest first. */
  get list(): readonly AppNotification[] {
    return this.#list;
  }
  /** Unread toasts shown in the strip, newest first. */
  get toasts(): readonly AppNotification[] {
    return this.#toasts;
  }

  /**
   * How many notifications (not the low ones: a recovery, a peer back) came while nobody
   * looked at the window; 0 once someone does.
   */
  get cameWhileAway(): number {
    return this.#cameAway;
  }

  /** One the core raised ('notifications:shown'). */
  receive(n: AppNotification): void {
    this.#list = [n, ...this.#list].slice(0, MAX_NOTIFICATIONS);
    if (this.#holds.has('away') && n.urgency !== 'low') this.#cameAway++;
    this.#toast(n, n.urgency === 'critical' ? 30_000 : 10_000);
    if (this.#options.inBrowser() && typeof Notification !== 'undefined') {
      if (Notification.permission === 'granted') {
        const shown = new Notification(n.title, { body: n.body, tag: n.id });
        shown.onclick = () => {
          window.focus();
          this.#options.open(n);
        };
        shown.onclose = () => this.#desktop.delete(shown);
        if (n.silenceable) {
          this.#desktop.set(shown, n);
          // Bounded: the oldest are forgotten (not closed) past a few dozen.
          if (this.#desktop.size > MAX_NOTIFICATIONS) {
            const oldest = this.#desktop.keys().next().value;
            if (oldest) this.#desktop.delete(oldest);
          }
        }
      }
    }
  }

  /** Says what happened to something done from this window. */
  flash({ title, body, silenceKey, silenceActions, undo, keyUndo }: Flash): void {
    const n: AppNotification = {
      id: `local-${++this.#flashes}`,
      title,
      body,
      urgency: 'low',
      at: isoAt(Date.now()),
      events: [],
      ...(silenceKey ? { target: { silenceKey } } : {}),
      ...(silenceKey && silenceActions ? { silenceActions: true } : {}),
    };
    const run = undo ?? keyUndo;
    if (run) {
      // Once, whichever asks first: the toast's Undo or `u` (undoLast).
      let done = false;
      const once = (): void => {
        if (done) return;
        done = true;
        this.#undoable = this.#undoable.filter((u) => u.run !== once);
        run();
      };
      if (undo) this.#undos.set(n.id, once);
      this.#keyUndos.set(n.id, once);
      this.#undoable = [
        ...this.#undoable.slice(-(MAX_UNDOABLE - 1)),
        { title, body, at: Date.now(), run: once },
      ];
    }
    // With something to undo, long enough to reach for it.
    this.#toast(n, undo || silenceActions ? 15_000 : 8_000);
  }

  /**
   * Whether the toast says what something done from this window did (flash): read whole, up
   * to a few lines ("Acknowledge failed: …" cut on one line hid why), while alert toasts stay
   * one line each so a burst leaves the list its room.
   */
  fromThisWindow(id: string): boolean {
    return id.startsWith('local-');
  }

  /** What a toast's Undo runs (only toasts of what this window did have one). */
  undoOf(id: string): (() => void) | undefined {
    return this.#undos.get(id);
  }

  /**
   * `u`: undoes the last undoable thing this window did (an acknowledgement, silences just
   * made), its toast gone or not, within UNDO_KEY_MS; otherwise says there is nothing to undo.
   */
  undoLast(): void {
    const now = Date.now();
    this.#undoable = this.#undoable.filter((u) => now - u.at <= UNDO_KEY_MS);
    const last = this.#undoable.at(-1);
    if (last === undefined) {
      this.flash({
        title: 'u: nothing to undo',
        body: `u undoes an acknowledgement or silences made from this window in the last ${UNDO_KEY_MS / 60_000} minutes.`,
      });
      return;
    }
    for (const [id, run] of this.#keyUndos) if (run === last.run) this.dismissToast(id);
    last.run();
  }

  dismissToast(id: string): void {
    const t = this.#timers.get(id);
    if (t) clearTimeout(t.handle);
    this.#timers.delete(id);
    this.#undos.delete(id);
    this.#keyUndos.delete(id);
    this.#toasts = this.#toasts.filter((x) => x.id !== id);
    // Nothing left to read: a hold left behind (the pointer over a toast that went) ends. Not
    // 'away': the next toast must wait for the engineer too.
    if (this.#toasts.length === 0) {
      this.#holds.delete('hover');
      this.#holds.delete('focus');
    }
  }

  /**
   * The user silenced or acknowledged this alert or group from the window: its toasts (their
   * Silence… and Ack) have nothing left to ask, and go. A toast about a whole group stays when
   * only one of its alerts was silenced.
   */
  settle(from: QuickFrom): void {
    const about = (t: AppNotification): boolean => {
      const on = t.target;
      if (!t.silenceable || !on) return false;
      return 'groupKey' in from
        ? on.groupKey === from.groupKey
        : on.fingerprint === from.fingerprint &&
            (from.clusterId === undefined || on.clusterId === from.clusterId);
    };
    for (const t of this.#toasts) if (about(t)) this.dismissToast(t.id);
    // The browser's desktop notification too: it still offered the page from the system list.
    for (const [shown, t] of this.#desktop) {
      if (!about(t)) continue;
      this.#desktop.delete(shown);
      shown.close();
    }
  }

  /**
   * The user expired this silence here: toasts that offer to expire or extend it go (a
   * walk-through's "Silence saved" stayed after the expire, still offering both).
   */
  settleSilence(silenceKey: string): void {
    for (const t of this.#toasts) {
      if (t.silenceActions && t.target?.silenceKey === silenceKey) this.dismissToast(t.id);
    }
  }

  /** Dismisses every toast ("Dismiss all", Shift+Esc). */
  dismissAll(): void {
    for (const t of this.#toasts) this.dismissToast(t.id);
  }

  /** Dismisses the newest toast (Esc); false when there is none. */
  dismissNewest(): boolean {
    const newest = this.#toasts[0];
    if (!newest) return false;
    this.dismissToast(newest.id);
    return true;
  }

  /** Stops (on) or resumes (off) the toasts' clocks for this reason. */
  hold(why: ToastHold, on: boolean): void {
    if (why === 'away' && !on) this.#cameAway = 0;
    const before = this.#holds.size > 0;
    if (on) this.#holds.add(why);
    else this.#holds.delete(why);
    const now = this.#holds.size > 0;
    if (now === before) return;
    for (const [id, t] of this.#timers) {
      if (now) {
        clearTimeout(t.handle);
        t.handle = undefined;
        t.left = Math.max(0, t.due - Date.now());
      } else this.#run(id, t);
    }
  }

  #toast(n: AppNotification, forMs: number): void {
    const next = [n, ...this.#toasts];
    for (const dropped of next.slice(MAX_TOASTS)) {
      clearTimeout(this.#timers.get(dropped.id)?.handle);
      this.#timers.delete(dropped.id);
      this.#undos.delete(dropped.id);
      this.#keyUndos.delete(dropped.id);
    }
    this.#toasts = next.slice(0, MAX_TOASTS);
    const t: ToastTimer = { left: forMs, due: 0, handle: undefined };
    this.#timers.set(n.id, t);
    if (this.#holds.size === 0) this.#run(n.id, t);
  }

  #run(id: string, t: ToastTimer): void {
    t.due = Date.now() + t.left;
    t.handle = setTimeout(() => this.dismissToast(id), t.left);
  }
}

/** An ISO time (a value, not reactive state). */
function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}
