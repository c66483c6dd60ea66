// What the tray shows, as plain data: the firing groups (worst first) each with a
// "Silence for" submenu, the window, pausing notifications, refresh, settings, quit; the
// tooltip with counts; which icon. Pure (tray.ts turns it into an Electron Menu), so it is
// tested in Node for given snapshots.
import { displaySeverityRank } from '../core/model/severity-order.ts';
import { isolatedText } from '../core/model/visible-text.ts';
import { attentionText, iconState, type IconState } from '../core/model/icon-state.ts';
import { pipelineSilentText } from '../core/model/pipeline-text.ts';
import { labelTest } from '../core/matchers/label-test.ts';
import { severityBucketName } from '../core/model/severity-bucket.ts';
import { formatDuration } from '../core/model/duration.ts';
import { formatMatcher } from '../core/matchers/format.ts';
import type { Subscriptions } from '../core/bridge/contract.ts';
import { acknowledgedBy, acksOn } from '../core/model/ack-text.ts';
import type { GroupView, SilenceView, ViewSnapshot } from '../core/model/view.ts';

export type NavigateRequest = Subscriptions['ui:navigate'];

export type TrayAction =
  | { type: 'open-window'; navigate?: NavigateRequest }
  | { type: 'silence-group'; groupKey: string; durationMs: number }
  | { type: 'ack-group'; groupKey: string }
  | { type: 'unack-group'; groupKey: string; silenceKeys: string[] }
  | { type: 'extend-silence'; silenceKey: string; durationMs: number }
  | { type: 'undo-silence'; silenceKeys: string[] }
  /** A silence from a template (core/schedules), written to one cluster. */
  | { type: 'start-template'; templateId: string; clusterId: string }
  /** untilIso null resumes. */
  | { type: 'snooze'; untilIso: string | null }
  | { type: 'refresh' }
  | { type: 'quit' };

export type MenuItemModel =
  | { type: 'separator' }
  | {
      type: 'item';
      /** Stable id: tests and the e2e hook find items by it. */
      id: string;
      label: string;
      enabled?: boolean;
      action?: TrayAction;
      submenu?: MenuItemModel[];
    };

/** See main/core/model/icon-state.ts. */
export type TrayIconState = IconState;

export interface MenuModel {
  items: MenuItemModel[];
  tooltip: string;
  icon: TrayIconState;
}

export interface TrayMenuOptions {
  now: number;
  /** settings.notifications.snoozeUntil */
  snoozeUntil?: string | undefined;
  /** settings.severityOrder, most severe first. */
  severityOrder: readonly string[];
  /** settings.notifications.watchdog: the dead-man's switch is not listed as firing. */
  watchdog?: string;
  /** How many groups to list; the rest are behind "N more…". Default 8. */
  maxGroups?: number;
  /** Formats a time for "paused until" (injected: tests use a fixed locale). */
  formatTime?: (ms: number) => string;
  /** The last quick silence from this menu, offered for Undo a few minutes. */
  undo?: { label: string; silenceKeys: string[] };
  /** After waking from sleep: what the history recorded meanwhile (opens the Timeline). */
  away?: { fired: number; resolved: number };
  /** Quiet hours or notifications off, as quietText says it ("quiet until 07:00"). */
  quiet?: string | null;
  /** The next scheduled silence window (core/schedules/overview.ts nextScheduleLine). */
  nextSchedule?: string;
  /** Silence templates, started from the menu in two clicks (the first 10). */
  templates?: readonly { id: string; name: string }[];
}

/**
 * "Start from template": each template starts a silence on the only cluster, or asks which
 * one when there are several (a silence is written per cluster).
 */
function templateItems(
  templates: readonly { id: string; name: string }[],
  clusters: readonly { id: string; name: string }[],
): MenuItemModel[] {
  if (templates.length === 0 || clusters.length === 0) return [];
  const start = (t: { id: string }, c: { id: string }): TrayAction => ({
    type: 'start-template',
    templateId: t.id,
    clusterId: c.id,
  });
  const submenu: MenuItemModel[] = templates.slice(0, 10).map((t) =>
    clusters.length === 1
      ? {
          type: 'item',
          id: `template:${t.id}`,
          label: menuText(t.name),
          action: start(t, clusters[0]!),
        }
      : {
          type: 'item',
          id: `template:${t.id}`,
          label: menuText(t.name),
          submenu: clusters.slice(0, 20).map((c) => ({
            type: 'item' as const,
            id: `template:${t.id}:${c.id}`,
            label: menuText(c.name),
            action: start(t, c),
          })),
        },
  );
  return [{ type: 'item', id: 'templates', label: 'Start from template', submenu }];
}

/** "While you were away: 12 fired, 9 resolved" */
export function awayText(away: { fired: number; resolved: number }): string {
  return `While you were away: ${away.fired} fired, ${away.resolved} resolved`;
}

/** Silences ending within this are listed with "Extend 1 hour". */
export const ENDING_SOON_MS = 3_600_000;

export const SILENCE_DURATIONS: readonly { label: string; ms: number }[] = [
  { label: '15 minutes', ms: 15 * 60_000 },
  { label: '1 hour', ms: 3_600_000 },
  { label: '4 hours', ms: 4 * 3_600_000 },
  { label: '1 day', ms: 24 * 3_600_000 },
];

/** "Until resumed" is a snooze far enough away to never end on its own. */
export const UNTIL_RESUMED_ISO = '9999-12-31T23:59:59.000Z';

const MAX_LABEL = 60;
/** Windows truncates tray tooltips at 127 characters. */
const MAX_TOOLTIP = 127;

/** Menu text from untrusted labels: single line, bounded, no accelerator ampersands. */
export function menuText(text: string, max = MAX_LABEL): string {
  const oneLine = text.replace(/[\r\n\t]+/g, ' ').trim();
  const short = oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
  return short.replace(/&/g, '&&');
}

/** Groups with active alerts, worst severity first, then most active, then by key. */
export function firingGroups(
  snapshot: ViewSnapshot,
  order: readonly string[],
  watchdog = '',
): GroupView[] {
  const isWatchdog = labelTest(watchdog);
  // A group of nothing but the dead-man's switch (it fires by design) is not "firing".
  const onlyWatchdog = (g: GroupView) =>
    isWatchdog !== undefined &&
    g.alerts.every((fp) => {
      const a = snapshot.alerts[fp];
      return a?.state !== 'active' || isWatchdog(a.labels);
    });
  return Object.values(snapshot.groups)
    .filter((g) => g.counts.active > 0 && !onlyWatchdog(g))
    .sort(
      (a, b) =>
        displaySeverityRank(a.severity, order) - displaySeverityRank(b.severity, order) ||
        b.counts.active - a.counts.active ||
        (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
}

/**
 * `[critical] DiskFull · team=storage (3, 12m)`: the alert name, then the other group labels
 * with their names (a bare list of values is unreadable), the active count and how long the
 * oldest active alert has fired.
 */
export function groupTitle(group: GroupView, snapshot: ViewSnapshot, now?: number): string {
  const name = groupName(group);
  const clusters = Object.keys(snapshot.clusters).length;
  const where =
    clusters > 1 ? ` @ ${snapshot.clusters[group.clusterId]?.name ?? group.clusterId}` : '';
  const sev = group.severity ? `[${group.severity}] ` : '';
  let oldest = Infinity;
  for (const fp of group.alerts) {
    const a = snapshot.alerts[fp];
    if (a?.state !== 'active') continue;
    const t = Date.parse(a.startsAt);
    if (t < oldest) oldest = t;
  }
  const age =
    now !== undefined && Number.isFinite(oldest) ? `, ${formatDuration(now - oldest)}` : '';
  return `${sev}${name} (${group.counts.active}${age})${where}`;
}

/** A group by its labels: `DiskFull · team=storage` (names only where there are several). */
export function groupName(group: GroupView): string {
  const entries = Object.entries(group.labels).sort(([a], [b]) =>
    a === 'alertname' ? -1 : b === 'alertname' ? 1 : a < b ? -1 : 1,
  );
  const parts = entries.map(([k, v]) =>
    k === 'alertname' || entries.length === 1
      ? isolatedText(v)
      : `${isolatedText(k)}=${isolatedText(v)}`,
  );
  return parts.length > 0 ? parts.join(' · ') : '(ungrouped)';
}

/**
 * "Acknowledged by you, alice" for a group some of whose alerts are acked, and Un-acknowledge
 * when some of those acks are this install's (someone else's are never offered); else nothing.
 */
function ackedItem(group: GroupView, snapshot: ViewSnapshot): MenuItemModel[] {
  const silences = acksOn(group.alerts, snapshot);
  if (silences.length === 0) return [];
  const label = menuText(acknowledgedBy(silences.map((s) => s.ack!)).replace(/^a/, 'A'));
  const items: MenuItemModel[] = [
    { type: 'item', id: `group-acked:${group.key}`, label, enabled: false },
  ];
  const mine = silences.filter((s) => s.ack!.mine).map((s) => s.key);
  if (mine.length > 0) {
    items.push({
      type: 'item',
      id: `group-unack:${group.key}`,
      label: 'Un-acknowledge (notify again)',
      action: { type: 'unack-group', groupKey: group.key, silenceKeys: mine },
    });
  }
  return items;
}

/** A silence in a menu: its matchers, shortened. */
function silenceTitle(s: SilenceView): string {
  return s.matchers.map((m) => isolatedText(formatMatcher(m))).join(', ');
}

export function isPaused(snoozeUntil: string | undefined, now: number): boolean {
  if (!snoozeUntil) return false;
  const until = Date.parse(snoozeUntil);
  return !Number.isNaN(until) && until > now;
}

export function trayIconState(snapshot: ViewSnapshot, paused: boolean): TrayIconState {
  return iconState(snapshot.summary, paused);
}

/** Instance names, for a menu or tooltip. */
function instanceNames(snapshot: ViewSnapshot, ids: readonly string[]): string {
  return ids.map((id) => snapshot.instances[id]?.name || id).join(', ');
}

function clusterNames(snapshot: ViewSnapshot, ids: readonly string[]): string {
  return ids.map((id) => snapshot.clusters[id]?.name || id).join(', ');
}

export function trayTooltip(
  snapshot: ViewSnapshot,
  order: readonly string[],
  pausedText?: string,
): string {
  const s = snapshot.summary;
  const parts: string[] = [];
  if (s.firing === 0) parts.push('nothing firing');
  else {
    const bySev = Object.entries(s.bySeverity)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => displaySeverityRank(a, order) - displaySeverityRank(b, order))
      .map(([sev, n]) => `${n} ${severityBucketName(sev)}`);
    parts.push(`${s.firing} firing${bySev.length > 0 ? ` (${bySev.join(', ')})` : ''}`);
  }
  if (s.suppressed > 0) parts.push(`${s.suppressed} silenced/inhibited`);
  const pipeline = pipelineSilentText(s, snapshot.clusters);
  if (pipeline) parts.push(pipeline);
  if (s.missingData.length > 0) {
    const n = s.missingData.length;
    parts.push(`no data from ${n} instance${n === 1 ? '' : 's'}`);
  } else if (s.staleClusters.length > 0) parts.push('data stale');
  if (s.degradedClusters.length > 0) {
    const n = s.degradedClusters.length;
    parts.push(`${n} cluster${n === 1 ? '' : 's'} degraded`);
  }
  const attention = attentionText(s, order);
  if (attention) parts.push(attention);
  if (pausedText) parts.push(pausedText);
  const text = `Alertmanager Tray: ${parts.join(' · ')}`;
  return text.length > MAX_TOOLTIP ? `${text.slice(0, MAX_TOOLTIP - 1)}…` : text;
}

function defaultFormatTime(ms: number): string {
  const d = new Date(ms);
  // The OS locale decides 12- or 24-hour, as in the window: one format everywhere.
  return d.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
}

export function buildTrayMenu(snapshot: ViewSnapshot, opts: TrayMenuOptions): MenuModel {
  const maxGroups = opts.maxGroups ?? 8;
  const formatTime = opts.formatTime ?? defaultFormatTime;
  const paused = isPaused(opts.snoozeUntil, opts.now);
  const pausedText = !paused
    ? undefined
    : opts.snoozeUntil === UNTIL_RESUMED_ISO
      ? 'notifications paused'
      : `notifications paused until ${formatTime(Date.parse(opts.snoozeUntil as string))}`;

  const items: MenuItemModel[] = [];
  if (opts.away) {
    items.push(
      {
        type: 'item',
        id: 'away',
        label: awayText(opts.away),
        action: { type: 'open-window', navigate: { view: 'timeline' } },
      },
      { type: 'separator' },
    );
  }
  const groups = firingGroups(snapshot, opts.severityOrder, opts.watchdog);
  if (groups.length === 0) {
    items.push({ type: 'item', id: 'no-alerts', label: 'Nothing firing', enabled: false });
  }
  for (const group of groups.slice(0, maxGroups)) {
    items.push({
      type: 'item',
      id: `group:${group.key}`,
      label: menuText(groupTitle(group, snapshot, opts.now)),
      submenu: [
        {
          type: 'item',
          id: `group-open:${group.key}`,
          label: 'Show',
          action: { type: 'open-window', navigate: { view: 'alerts', groupKey: group.key } },
        },
        ...ackedItem(group, snapshot),
        {
          type: 'item',
          id: `group-ack:${group.key}`,
          label: 'Acknowledge until resolved',
          action: { type: 'ack-group', groupKey: group.key },
        },
        { type: 'separator' },
        {
          type: 'item',
          id: `group-silence-header:${group.key}`,
          label: 'Silence for',
          enabled: false,
        },
        ...SILENCE_DURATIONS.map((d): MenuItemModel => ({
          type: 'item',
          id: `group-silence:${group.key}:${d.ms}`,
          label: d.label,
          action: { type: 'silence-group', groupKey: group.key, durationMs: d.ms },
        })),
      ],
    });
  }
  if (groups.length > maxGroups) {
    items.push({
      type: 'item',
      id: 'more-groups',
      label: `${groups.length - maxGroups} more…`,
      action: { type: 'open-window', navigate: { view: 'alerts' } },
    });
  }
  // Silences about to end: extend without opening the window.
  const endingSoon = Object.values(snapshot.silences)
    .filter((s) => {
      const end = Date.parse(s.endsAt);
      return s.state === 'active' && end > opts.now && end - opts.now <= ENDING_SOON_MS;
    })
    .sort((a, b) => Date.parse(a.endsAt) - Date.parse(b.endsAt));
  if (endingSoon.length > 0) {
    items.push({ type: 'separator' });
    items.push({
      type: 'item',
      id: 'ending-header',
      label: 'Silences ending soon',
      enabled: false,
    });
    for (const s of endingSoon.slice(0, 5)) {
      items.push({
        type: 'item',
        id: `ending:${s.key}`,
        label: menuText(
          `${silenceTitle(s)} — ends in ${formatDuration(Date.parse(s.endsAt) - opts.now)}`,
        ),
        submenu: [
          {
            type: 'item',
            id: `extend:${s.key}`,
            label: 'Extend 1 hour',
            action: { type: 'extend-silence', silenceKey: s.key, durationMs: 3_600_000 },
          },
          {
            type: 'item',
            id: `ending-open:${s.key}`,
            label: 'Show',
            action: { type: 'open-window', navigate: { view: 'silences' } },
          },
        ],
      });
    }
  }
  const fromTemplates = templateItems(
    opts.templates ?? [],
    Object.values(snapshot.clusters).map((c) => ({ id: c.id, name: c.name })),
  );
  if (fromTemplates.length > 0 && !opts.nextSchedule) items.push({ type: 'separator' });
  if (opts.nextSchedule) {
    items.push({ type: 'separator' });
    items.push({
      type: 'item',
      id: 'next-schedule',
      label: menuText(opts.nextSchedule),
      action: { type: 'open-window', navigate: { view: 'silences' } },
    });
  }
  items.push(...fromTemplates);
  if (opts.undo) {
    items.push({ type: 'separator' });
    items.push({
      type: 'item',
      id: 'undo-silence',
      label: menuText(`Undo: ${opts.undo.label}`),
      action: { type: 'undo-silence', silenceKeys: opts.undo.silenceKeys },
    });
  }
  const { missingData, degradedClusters } = snapshot.summary;
  const pipeline = pipelineSilentText(snapshot.summary, snapshot.clusters);
  if (missingData.length > 0 || degradedClusters.length > 0 || pipeline) {
    items.push({ type: 'separator' });
  }
  if (pipeline) {
    items.push({
      type: 'item',
      id: 'pipeline-silent',
      label: menuText(`A${pipeline.slice(1)}`),
      action: { type: 'open-window', navigate: { view: 'alerts' } },
    });
  }
  if (missingData.length > 0) {
    items.push({
      type: 'item',
      id: 'unreachable',
      label: menuText(`No data from: ${instanceNames(snapshot, missingData)}`),
      action: { type: 'open-window', navigate: { view: 'instances' } },
    });
  }
  if (degradedClusters.length > 0) {
    items.push({
      type: 'item',
      id: 'degraded',
      label: menuText(`Degraded (a peer is down): ${clusterNames(snapshot, degradedClusters)}`),
      action: { type: 'open-window', navigate: { view: 'instances' } },
    });
  }
  items.push({ type: 'separator' });
  items.push({
    type: 'item',
    id: 'open',
    label: 'Open Alertmanager Tray',
    action: { type: 'open-window' },
  });

  // Quiet hours (or notifications off) say so; a snooze says it on its Resume item.
  const quiet = paused ? undefined : (opts.quiet ?? undefined);
  if (quiet) {
    const label = `${quiet.charAt(0).toUpperCase()}${quiet.slice(1)}: notifications held`;
    items.push({ type: 'item', id: 'quiet', label, enabled: false });
  }
  const hour = 3_600_000;
  const pauseItem: MenuItemModel = paused
    ? {
        type: 'item',
        id: 'resume',
        label: `Resume notifications (${pausedText ?? 'paused'})`,
        action: { type: 'snooze', untilIso: null },
      }
    : {
        type: 'item',
        id: 'pause',
        label: 'Pause notifications',
        submenu: [
          {
            type: 'item',
            id: 'pause:30m',
            label: '30 minutes',
            action: { type: 'snooze', untilIso: new Date(opts.now + hour / 2).toISOString() },
          },
          {
            type: 'item',
            id: 'pause:1h',
            label: '1 hour',
            action: { type: 'snooze', untilIso: new Date(opts.now + hour).toISOString() },
          },
          {
            type: 'item',
            id: 'pause:resumed',
            label: 'Until resumed',
            action: { type: 'snooze', untilIso: UNTIL_RESUMED_ISO },
          },
        ],
      };
  items.push(pauseItem);
  items.push({ type: 'item', id: 'refresh', label: 'Refresh now', action: { type: 'refresh' } });
  items.push({
    type: 'item',
    id: 'settings',
    label: 'Settings…',
    action: { type: 'open-window', navigate: { view: 'settings' } },
  });
  items.push({ type: 'separator' });
  items.push({ type: 'item', id: 'quit', label: 'Quit', action: { type: 'quit' } });

  return {
    items,
    tooltip: trayTooltip(snapshot, opts.severityOrder, pausedText ?? quiet),
    icon: trayIconState(snapshot, paused),
  };
}
