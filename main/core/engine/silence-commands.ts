// The Core facade's silence commands (`core.silences`): the user's preferences applied
// (author, required comment, ack and quick-silence drafts), then one write per cluster through
// SilenceActions (which picks the member). Decisions the shells used to make themselves live
// here once: extendBy (from the later of the current end and now) and undo. Every write that
// may answer with a new id keeps the ack ledger following this install's acks.
import type { Matcher } from '../api/types.ts';
import type { MergedView } from './merge.ts';
import type { Clock, Core, ExtendResult, SilenceDraft, SilenceResult } from '../service.ts';
import type { Settings } from '../settings/types.ts';
import { buildDraft, quickMatchersForAlert, quickMatchersForGroup } from '../silences/quick.ts';
import { previewSilence } from '../silences/preview.ts';
import { clustersToSilence } from '../silences/form-prefill.ts';
import { planSelection } from '../silences/selection-plan.ts';
import { SilenceValidationError, type SilenceActions } from '../silences/actions.ts';
import { validateDraft } from '../silences/validate.ts';
import { ackAnnotations, ackComment } from '../silences/ack.ts';
import type { AckLedger } from '../silences/ack-ledger.ts';
import type { ViewSnapshot } from '../model/view.ts';

const QUICK_COMMENT = 'Quick silence from Alertmanager Tray';
/** How far in the past an ack's start is sent (see acknowledge). */
const ACK_START_SLACK_MS = 24 * 3_600_000;

type From = { groupKey: string } | { fingerprint: string; clusterId?: string };

export interface SilenceCommandsOptions {
  clock: Clock;
  actions: SilenceActions;
  view: () => MergedView;
  snapshot: () => ViewSnapshot;
  settings: () => Settings;
  /** Default author when settings.silences.author is empty. */
  osUser: string;
  /** The tag written into this install's acks (for other tools; never trusted). */
  ackTag: string;
  /** The acks this install wrote. */
  ledger: AckLedger;
  /**
   * Told before the user ends silences here (expire, undo, an edit that may replace one): the
   * alerts they let go fire again by the user's hand, not as news to notify.
   */
  ending?: (silenceKeys: readonly string[]) => void;
}

export function silenceCommands(o: SilenceCommandsOptions): Core['silences'] {
  const { actions, clock, ledger } = o;
  const ending = (keys: readonly string[]): void => o.ending?.(keys);
  const author = () => o.settings().silences.author || o.osUser || 'alertmanager-tray';

  const checkComment = (draft: SilenceDraft): void => {
    if (!o.settings().silences.requireComment) return;
    const errors = validateDraft(draft, { requireComment: true, now: clock.now() }).filter(
      (e) => e.field === 'comment',
    );
    if (errors.length > 0) throw new SilenceValidationError(errors);
  };

  /**
   * The clusters a quick silence or ack of this group or alert goes to. An alert: every
   * cluster it fires on, the row's first (its matchers are the alert's own labels, so each
   * silence holds that alert only): an ack from the am1 row of an alert that also fires on a
   * separate am2 left it paging from am2. A group: its own cluster only (its matchers are the
   * group's labels, which on another cluster may hold other alerts; the form offers those).
   */
  const clustersOf = (from: From): string[] => {
    const view = o.view();
    if ('groupKey' in from) return [view.groups[from.groupKey]!.clusterId];
    const all = clustersToSilence(view, from);
    if (all.length > 0) return all;
    return from.clusterId !== undefined
      ? [from.clusterId]
      : view.alerts[from.fingerprint]!.clusters;
  };

  /** Whether every answering member of the cluster is Alertmanager 0.32 or newer. */
  const keepsSilenceAnnotations = (clusterId: string): boolean => {
    const members = Object.values(o.view().instances).filter(
      (i) => i.clusterId === clusterId && i.enabled && i.version,
    );
    return members.length > 0 && members.every((i) => atLeast(i.version!.version, 0, 32));
  };

  const quickMatchers = (from: { groupKey: string } | { fingerprint: string }): Matcher[] => {
    const view = o.view();
    if ('groupKey' in from) {
      const g = view.groups[from.groupKey];
      if (!g) throw new Error(`unknown group ${from.groupKey}`);
      return quickMatchersForGroup(g, view.alerts);
    }
    const a = view.alerts[from.fingerprint];
    if (!a) throw new Error(`unknown alert ${from.fingerprint}`);
    return quickMatchersForAlert(a, o.settings().silences.volatileLabels);
  };

  return {
    quickMatchers,
    prefill: (from) => {
      const matchers = quickMatchers(from);
      const alert = 'fingerprint' in from ? o.view().alerts[from.fingerprint] : undefined;
      const named = new Set(matchers.map((m) => m.name));
      const leftOut = alert
        ? Object.keys(alert.labels)
            .filter((k) => !named.has(k) && alert.labels[k] !== '')
            .sort()
        : [];
      return {
        matchers,
        clusterIds: clustersToSilence(o.view(), from),
        ...(leftOut.length > 0 ? { leftOut } : {}),
      };
    },
    // (async arrows below: validation failures reject instead of throwing synchronously)
    preview: (clusterId, matchers) => previewSilence(o.snapshot(), clusterId, matchers),
    selectionPlan: (items) =>
      planSelection(o.snapshot(), items, o.settings().silences.volatileLabels),
    create: async (clusterId, draft) => {
      checkComment(draft);
      return actions.create(clusterId, draft);
    },
    update: async (silenceKey, draft) => {
      checkComment(draft);
      ending([silenceKey]);
      // A renewal of one of our acks (a new id) stays ours.
      return ledger.follow(silenceKey, () => actions.update(silenceKey, draft));
    },
    extend: (silenceKey, endsAt) =>
      ledger.follow(silenceKey, () => actions.extend(silenceKey, endsAt)),
    extendBy: async (silenceKey, byMs): Promise<ExtendResult> => {
      // From the later of its current end and now: an expired silence gets byMs from now.
      const s = o.view().silences[silenceKey];
      const base = Math.max(s ? Date.parse(s.endsAt) : 0, clock.now());
      const endsAt = new Date(base + byMs).toISOString();
      const result = await ledger.follow(silenceKey, () => actions.extend(silenceKey, endsAt));
      return { ...result, endsAt };
    },
    expire: async (silenceKey) => {
      ending([silenceKey]);
      await actions.expire(silenceKey);
      await ledger.remove(silenceKey);
    },
    undo: async (silenceKeys) => {
      // One after another, in order; the first failure stops (and says so).
      ending(silenceKeys);
      for (const key of silenceKeys) await actions.expire(key);
    },
    recreate: (silenceKey, durationMs, createdBy) =>
      actions.recreate(silenceKey, durationMs, createdBy || author()),
    acknowledge: async (from, note) => {
      const matchers = quickMatchers(from);
      if (matchers.length === 0) throw new Error('nothing to match on for an acknowledgement');
      const s = o.settings().silences;
      const results: SilenceResult[] = [];
      for (const c of clustersOf(from)) {
        const draft = buildDraft({
          matchers,
          durationMs: s.ackMinutes * 60_000,
          createdBy: author(),
          comment: ackComment(note ?? '', o.ackTag),
          now: clock.now(),
        });
        // Starts "now" on the server's clock, whatever ours says: a past start is clamped to
        // the server's now, while a start in its future (our clock ahead) would make the ack
        // pending and leave the alert firing.
        draft.startsAt = new Date(clock.now() - ACK_START_SLACK_MS).toISOString();
        // Servers that keep silence annotations (0.32+) also get the owner as an annotation.
        if (keepsSilenceAnnotations(c)) draft.annotations = ackAnnotations(o.ackTag);
        const result = await actions.create(c, draft);
        await ledger.add(result.silenceKey);
        results.push(result);
      }
      return results;
    },
    quick: async (from, durationMs, comment) => {
      const matchers = quickMatchers(from);
      if (matchers.length === 0) throw new Error('nothing to match on for a quick silence');
      const clusterIds = clustersOf(from);
      const draft = buildDraft({
        matchers,
        durationMs,
        createdBy: author(),
        comment: comment || QUICK_COMMENT,
        now: clock.now(),
      });
      const results: SilenceResult[] = [];
      // One silence per cluster the alert lives in (silences do not cross clusters).
      for (const c of clusterIds) results.push(await actions.create(c, draft));
      return results;
    },
  };
}

/** `0.32.1`, `v0.34.0-rc.0` >= major.minor; false for anything else ("N/A", Mimir's ""). */
function atLeast(version: string, major: number, minor: number): boolean {
  const m = /^v?(\d+)\.(\d+)/.exec(version.trim());
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a > major || (a === major && b >= minor);
}
