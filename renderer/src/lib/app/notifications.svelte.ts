// The window's notifications: the list the notifications menu shows (what the core raised),
// and the toasts in the corner (those, and the window's own short messages: "Acknowledged",
// "Expire failed"). The browser shell also shows the core's as web notifications; the
// Electron shell shows OS notifications itself.
import type { AppNotification } from '$core/model/events.ts';

const MAX_NOTIFICATIONS = 50;
const MAX_TOASTS = 4;

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
}

export class Notifications {
  #list = $state.raw<AppNotification[]>([]);
  #toasts = $state.raw<AppNotification[]>([]);
  #flashes = 0;
  readonly #options: NotificationsOptions;

  constructor(options: NotificationsOptions) {
    this.#options = options;
  }

  /** The core's notifications, newest first. */
  get list(): readonly AppNotification[] {
    return this.#list;
  }
  /** Unread toasts shown in the corner, newest first. */
  get toasts(): readonly AppNotification[] {
    return this.#toasts;
  }

  /** One the core raised ('notifications:shown'). */
  receive(n: AppNotification): void {
    this.#list = [n, ...this.#list].slice(0, MAX_NOTIFICATIONS);
    this.#toast(n, n.urgency === 'critical' ? 30_000 : 10_000);
    if (this.#options.inBrowser() && typeof Notification !== 'undefined') {
      if (Notification.permission === 'granted') {
        const shown = new Notification(n.title, { body: n.body, tag: n.id });
        shown.onclick = () => {
          window.focus();
          this.#options.open(n);
        };
      }
    }
  }

  /** Says what happened to something done from this window. */
  flash({ title, body, silenceKey }: Flash): void {
    const n: AppNotification = {
      id: `local-${++this.#flashes}`,
      title,
      body,
      urgency: 'low',
      at: isoAt(Date.now()),
      events: [],
      ...(silenceKey ? { target: { silenceKey } } : {}),
    };
    this.#toast(n, 8_000);
  }

  dismissToast(id: string): void {
    this.#toasts = this.#toasts.filter((t) => t.id !== id);
  }

  #toast(n: AppNotification, forMs: number): void {
    this.#toasts = [n, ...this.#toasts].slice(0, MAX_TOASTS);
    setTimeout(() => this.dismissToast(n.id), forMs);
  }
}

/** An ISO time (a value, not reactive state). */
function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}
