// Every request channel, implemented once over the Core for both shells. What differs
// between Electron and the browser shell (opening a URL, login items, where secrets and the
// settings file live) comes in as ShellServices. Arguments arrive already validated by
// dispatch.ts (validate.ts); handlers only add checks that need state (does the instance exist,
// does a secret belong to that instance's auth).
import { exportYaml, importYaml } from '../schedules/yaml-file.ts';
import type { Core, SecretStore } from '../service.ts';
import type { Settings } from '../settings/types.ts';
import type { HistoryService } from '../history/history-service.ts';
import { checkSecretKeys, secretKeysOf, secretWrites } from '../secrets/secret-keys.ts';
import { parseSettings } from '../settings/schema.ts';
import type { AppInfo, Handlers, QuickFrom } from './contract.ts';
import { BridgeRequestError } from './errors.ts';
import { safeExternalUrl } from '../security/external-url.ts';
import { ListModel } from '../list/list-model.ts';
import { LabelFacets } from '../list/label-facets.ts';
import { ROW_VALUE_CHARS } from '../list/bounded-alert.ts';
import { PLAN_LABELS, planShown, type SelectionPlan } from '../model/selection-plan.ts';
import type { ViewSnapshot } from '../model/view.ts';
import type { LabelSet } from '../api/types.ts';

export interface ShellServices {
  /** Everything app:info reports (shell, platform, version, user, secret backend, settings error). */
  appInfo(): AppInfo | Promise<AppInfo>;
  /** Open an already validated http(s) URL in the user's browser. */
  openExternal(url: string): Promise<void>;
  /** Apply the OS login item; resolves to the state actually in effect. */
  setLaunchAtLogin(enabled: boolean): Promise<boolean>;
  secrets: SecretStore;
  /** Write the settings to this shell's settings file (never containing secrets). */
  persistSettings(settings: Settings): Promise<void>;
  /** The local history (absent where a shell keeps none, e.g. some tests). */
  history?: HistoryService;
}

/** Each cluster's plan with the labels of the alerts it lists (the window holds none). */
function withLabels(plan: SelectionPlan, view: ViewSnapshot): SelectionPlan {
  return {
    ...plan,
    clusters: plan.clusters.map((c) => {
      const labels: Record<string, LabelSet> = {};
      for (const fp of planShown(c)) {
        const a = Object.hasOwn(view.alerts, fp) ? view.alerts[fp] : undefined;
        if (!a) continue;
        const kept: LabelSet = {};
        let n = 0;
        for (const k in a.labels) {
          if (n++ >= PLAN_LABELS) break;
          kept[k] = a.labels[k]!.slice(0, ROW_VALUE_CHARS);
        }
        labels[fp] = kept;
      }
      return { ...c, labels };
    }),
  };
}

/**
 * The alert list over the core's view: one per shell, shared by its handlers (list:query) and
 * its subscriptions (list:changed waits for it to follow a new view).
 */
export function createListModel(core: Core): ListModel {
  return new ListModel({
    snapshot: () => core.snapshot(),
    severityOrder: () => core.getSettings().severityOrder,
    watchdog: () => core.getSettings().notifications.watchdog,
    team: () => core.getSettings().notifications.team,
    changes: (from, to) => core.listChanges(from, to),
  });
}

export function createHandlers(
  core: Core,
  shell: ShellServices,
  list: ListModel = createListModel(core),
): Handlers {
  // Follows the core's deltas once asked for (a rebuild per poll would be 100 ms at 100k).
  const facets = new LabelFacets(
    () => core.snapshot(),
    (l) => core.subscribe(l),
  );

  function requireInstance(instanceId: string): void {
    if (!core.getSettings().instances.some((i) => i.id === instanceId)) {
      throw new BridgeRequestError('not-found', `no instance with id ${instanceId}`);
    }
  }

  function requireCluster(clusterId: string): void {
    if (!(clusterId in core.snapshot().clusters)) {
      throw new BridgeRequestError('not-found', `no cluster with id ${clusterId}`);
    }
  }

  /** A quick silence names a group or alert of the current view. */
  function requireQuickSource(from: QuickFrom): void {
    const view = core.snapshot();
    if ('groupKey' in from) {
      if (!(from.groupKey in view.groups)) {
        throw new BridgeRequestError('not-found', `no group ${from.groupKey}`);
      }
      return;
    }
    if (!(from.fingerprint in view.alerts)) {
      throw new BridgeRequestError('not-found', `no alert ${from.fingerprint}`);
    }
    if (from.clusterId !== undefined) requireCluster(from.clusterId);
  }

  /**
   * Saves first, then applies: a save that fails (read-only folder, full disk) throws with the
   * file and the reason, and the running app stays exactly as the file is.
   */
  async function applySettings(next: Settings): Promise<Settings> {
    const parsed = parseSettings(next);
    if (!parsed.ok) throw new BridgeRequestError('invalid-argument', parsed.error);
    await shell.persistSettings(parsed.settings);
    const stored = core.updateSettings(parsed.settings);
    shell.history?.configure(stored.history);
    return stored;
  }

  function history(): HistoryService {
    if (!shell.history)
      throw new BridgeRequestError(
        'not-found',
        'This window keeps no history: the browser shell was started without a settings file (the history is kept beside it, in history.sqlite).',
      );
    return shell.history;
  }

  return {
    'app:info': async () => shell.appInfo(),

    'app:openExternal': async (url) => {
      const safe = safeExternalUrl(url);
      if (!safe) {
        throw new BridgeRequestError('invalid-argument', 'only http and https URLs can be opened');
      }
      await shell.openExternal(safe);
    },

    'view:refresh': async (instanceId) => {
      if (instanceId !== undefined) requireInstance(instanceId);
      await core.refresh(instanceId);
    },

    // In slices over the per-group caches, from lists made ahead after each poll (follow); the
    // window keeps one query in flight and sends only its newest after it
    // (lib/alerts/list-window), so typing never queues work here.
    'list:query': (query) => list.ask(query),
    'list:alert': async (fingerprint) => list.alert(fingerprint),
    'list:present': async (items) => list.present(items),
    'list:facets': async (query) => facets.answer(query),
    'silences:affected': async () => list.affected(),
    'silences:silenced': async (key) => list.silenced(key),

    'instances:status': async (instanceId) => {
      requireInstance(instanceId);
      return core.getStatus(instanceId);
    },

    'instances:test': async (instance, secrets) => {
      // Its own keys only; a stored secret is used only if bound to this draft's origin.
      checkSecretKeys(instance);
      return core.testConnection(instance, secrets);
    },

    'settings:get': async () => core.getSettings(),

    'settings:update': async (settings, secrets) => {
      // Check every secret before writing any, then store them (bound to their instance's
      // origin) before the core restarts its pollers so they connect with the new credentials.
      // A URL changed to another origin without a new secret keeps the old one bound to the
      // old origin: the instance then says so and sends nothing (engine/connection.ts).
      for (const instance of settings.instances) checkSecretKeys(instance);
      const writes = secretWrites(settings, secrets ?? {});
      for (const w of writes) await shell.secrets.set(w.key, w.value, w.origin);
      const before = new Set(core.getSettings().instances.flatMap(secretKeysOf));
      const stored = await applySettings(settings);
      const after = new Set(stored.instances.flatMap(secretKeysOf));
      // Secrets of removed instances (or of an auth type switched away from) go too.
      for (const key of before) if (!after.has(key)) await shell.secrets.delete(key);
      return stored;
    },

    'settings:setLaunchAtLogin': async (enabled) => {
      const actual = await shell.setLaunchAtLogin(enabled);
      const current = core.getSettings();
      if (current.ui.launchAtLogin !== actual) {
        await applySettings({ ...current, ui: { ...current.ui, launchAtLogin: actual } });
      }
      return actual;
    },

    'notifications:snooze': async (untilIso) => {
      if (untilIso !== null && Number.isNaN(Date.parse(untilIso))) {
        throw new BridgeRequestError('invalid-argument', `invalid time: ${untilIso}`);
      }
      const current = core.getSettings();
      const notifications = { ...current.notifications };
      if (untilIso === null) delete notifications.snoozeUntil;
      else notifications.snoozeUntil = untilIso;
      await shell.persistSettings({ ...current, notifications });
      core.snoozeNotifications(untilIso);
    },

    'silences:quickMatchers': async (from) => {
      requireQuickSource(from);
      return core.silences.prefill(from);
    },

    'silences:preview': async (clusterId, matchers) => {
      requireCluster(clusterId);
      return core.silences.preview(clusterId, matchers);
    },

    // Items no longer in the view are counted (`gone`), not refused: a poll may have resolved
    // them between the click and the request.
    'silences:selectionPlan': async (items) =>
      withLabels(await core.silences.selectionPlan(items), core.snapshot()),

    'silences:create': async (clusterId, draft) => {
      requireCluster(clusterId);
      return core.silences.create(clusterId, draft);
    },

    'silences:update': async (silenceKey, draft) => core.silences.update(silenceKey, draft),
    'silences:extend': async (silenceKey, endsAt) => core.silences.extend(silenceKey, endsAt),
    'silences:extendBy': async (silenceKey, byMs) => core.silences.extendBy(silenceKey, byMs),
    'silences:expire': async (silenceKey) => core.silences.expire(silenceKey),
    'silences:recreate': async (silenceKey, durationMs, createdBy) =>
      core.silences.recreate(silenceKey, durationMs, createdBy),
    'silences:quick': async (from, durationMs, comment) => {
      requireQuickSource(from);
      return core.silences.quick(from, durationMs, comment);
    },

    'silences:acknowledge': async (from, note) => {
      requireQuickSource(from);
      return core.silences.acknowledge(from, note);
    },
    'instances:testAlert': async (instanceId, request) => core.testAlert(instanceId, request),

    'schedules:overview': async () => core.schedules.overview(),
    'schedules:fromTemplate': async (templateId, clusterId) => {
      requireCluster(clusterId);
      return core.schedules.fromTemplate(templateId, clusterId);
    },
    'schedules:exportYaml': async () => {
      const { templates, list } = core.getSettings().schedules;
      return exportYaml(templates, list);
    },
    'schedules:importYaml': async (text) => {
      const result = importYaml(text);
      if (!result.ok) return result;
      // Valid as a whole: it replaces templates and schedules (a team's file is the truth).
      const current = core.getSettings();
      const schedules = {
        ...current.schedules,
        templates: result.templates,
        list: result.schedules,
      };
      await applySettings({ ...current, schedules });
      return result;
    },
    'history:page': async (query) => history().page(query),
    'history:summary': async (query) => history().summary(query),
    'history:export': async (query, format, afterId) =>
      history().exportPage(query, format, afterId),
    'history:status': async () => history().status(),
    'history:markSeen': async () => history().markSeen(),
  };
}
