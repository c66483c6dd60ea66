// What a window asks the core about its alert list, and what the core answers (issue 29: the
// window holds what it shows). The window sends its filter, how it groups, what it collapsed
// and the pixels it shows; the core filters, groups and sorts 100,000 alerts with its per-group
// caches and answers with the counts and only the rows in that range, so no answer grows with
// the view and opening the window costs the same at 1,000 and at 100,000 alerts.
import type { LabelSet } from '../api/types.ts';
import type { UiSettings } from '../settings/types.ts';
import type { AlertRow, GroupRow, SectionRow } from './rows.ts';
import type { RowAlert } from './bounded-alert.ts';

/** Groups (or sections) the window collapsed: all but `except`, or only `except`. */
export interface Collapsed {
  all: boolean;
  except: string[];
}

/** A row to locate in the answer: its index and top come back as `found`. */
export type ListFind =
  | { key: string }
  | { index: number }
  /** An alert or group named from outside the list (tray item, notification, Timeline). */
  | { fingerprint?: string; groupKey?: string }
  /**
   * The next (step 1) or previous (-1) header row from row `header`: a group's, or a
   * section's when grouped by a label (`n`/`p`). Not found past the first or last.
   */
  | { header: number; step: 1 | -1 };

export interface ListQuery {
  /** The window's own number: the newest query supersedes every older one. */
  id: number;
  filter: UiSettings['filter'];
  collapsed: Collapsed;
  /** The pixels the window shows (its scroll top and viewport height). */
  top: number;
  height: number;
  find?: ListFind;
}

/** A group header as sent: its first alerts only (what its links and copy use), and a count. */
export interface ListGroupRow extends Omit<GroupRow, 'alerts' | 'rank' | 'newest'> {
  /** The first GROUP_SAMPLE of its shown alerts, sorted, cut to row size. */
  alerts: readonly RowAlert[];
  /** How many of its alerts the filter shows. */
  shown: number;
  /** Labels every shown alert of the group shares. */
  common: LabelSet;
  /** Silences on any of its alerts (its acks are among them), at most MAX_SILENCE_KEYS. */
  silencedBy: string[];
  /** Every one of its alerts is under an active acknowledgement of this install's user. */
  allAckedByMe: boolean;
  /** How many of its alerts are under an active acknowledgement (anyone's), of how many. */
  acked: { alerts: number; of: number };
}

export interface ListAlertRow extends Omit<AlertRow, 'alert'> {
  /** Its values cut to row size (bounded-alert.ts): `clipped` says so. */
  alert: RowAlert;
  /**
   * Labels every shown alert of its group shares: the header says them once, the row shows
   * what tells it apart from its neighbours (a node, an instance) instead.
   */
  groupCommon: LabelSet;
  /** The filter's regex could not be decided for this alert: it is shown, and says so. */
  undecided?: true;
  /** The alerts inhibiting it that are in the view, by name (at most MAX_INHIBITORS). */
  inhibitors?: { fingerprint: string; alertname: string; severity: string }[];
}

export type ListRow = ListGroupRow | ListAlertRow | SectionRow;

export interface ListCounts {
  /** Alerts the filter shows (an alert in two groups counts once). */
  shown: number;
  /** Alerts in the view. */
  total: number;
  /** Group rows the filter shows. */
  groups: number;
  /** The dead-man's switch alerts hidden because the filter does not name their label. */
  watchdogHidden: number;
  /** Shown alerts by state and by severity (the top bar's breakdown of what is in view). */
  byState: Record<'active' | 'suppressed' | 'unprocessed', number>;
  bySeverity: Record<string, number>;
}

export interface ListAnswer {
  /** The query this answers. */
  id: number;
  /** The view it was computed from. */
  seq: number;
  /** No enabled instance has finished a poll yet: the counts are not known ("loading…"). */
  unknown: boolean;
  counts: ListCounts;
  /** Rows in the whole list, and its height in pixels. */
  rows: number;
  height: number;
  /** Index and top of the first row sent. */
  start: number;
  top: number;
  items: ListRow[];
  /** Labels every shown alert shares (said once above the list). */
  common: LabelSet;
  /** Where `find` is: null when it is not in the list. */
  found?: ListFound | null;
}

export interface ListFound {
  index: number;
  top: number;
  key: string;
  /** The alert asked for is inside this collapsed group row (expand it to show the alert). */
  collapsed?: true;
}

/** A group row's alerts sent with it (its links, its copy: never all 10,000 of a big group). */
export const GROUP_SAMPLE = 50;
/** Bytes of JSON at most in a group row's sample (alerts with huge annotations). */
export const SAMPLE_BUDGET = 64 * 1024;
/** Silence keys sent with a group row; inhibitors with an alert row. */
export const MAX_SILENCE_KEYS = 100;
export const MAX_INHIBITORS = 20;
/** Alerts a silence mutes, listed at most in its detail. */
export const MAX_SILENCED = 200;
/** Rows drawn ahead of and behind the viewport, so scrolling rarely waits for an answer. */
export const MARGIN_PX = 1_200;
/** An answer stops adding rows at this many bytes of JSON (the window asks for the rest). */
export const ANSWER_BUDGET = 768 * 1024;
/** Rows at most per answer, whatever the height asked (a 10,000 px window is still bounded). */
export const MAX_ROWS = 400;
