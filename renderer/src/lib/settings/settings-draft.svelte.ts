// The Settings view's store: one save model. Everything the view edits is a draft — the
// sections' fields, the theme, launch at login, the link templates and the instance list
// (added, edited, removed, with any password or token typed) — and "Save settings" saves it
// together; leaving the view with unsaved changes asks (LeaveGuard). The snooze buttons are
// actions, not fields: they act at once. (The first-run setup screen adds its one instance
// at once: it has nothing else to save.)
// Sections bind their inputs to `fields` (a deep state object); the instance list is read
// through `instances` and changed through methods.
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { InstanceSecrets } from '$core/service.ts';
import type { InstanceSettings, Settings } from '$core/settings/types.ts';
import { parseLabelColourRules } from '../alerts/label-colour.ts';
import { errorMessage, fieldProblems } from '../app/errors.ts';
import {
  fieldsOf,
  fieldValueAt,
  matcherErrors,
  numberProblems,
  placeSettingsProblems,
  settingsWith,
  type ServerProblem,
  type SettingsFields,
} from './settings-fields.ts';

export interface SettingsDraftOptions {
  /** The settings as stored now (null before they are loaded). */
  stored: () => Settings | null;
  /**
   * Saves a change to the settings as stored when the save starts (saves run one at a time);
   * resolves with them as stored (the core validates and may normalise).
   */
  update: (
    change: (current: Settings) => Settings,
    secrets?: Record<string, InstanceSecrets>,
  ) => Promise<Settings>;
  /** Re-reads the settings as stored (after a change made through another request). */
  reload: () => Promise<Settings>;
  bridge: Pick<BridgeApi, 'settings:setLaunchAtLogin' | 'notifications:snooze'>;
}

function draftKey(fields: SettingsFields, instances: readonly InstanceSettings[]): string {
  return JSON.stringify({ fields: $state.snapshot(fields), instances });
}

export class SettingsDraft {
  readonly #o: SettingsDraftOptions;
  #fields: SettingsFields;
  #includeErrors = $derived.by(() => matcherErrors(this.#fields.includeText));
  #excludeErrors = $derived.by(() => matcherErrors(this.#fields.excludeText));
  #labelColourErrors = $derived.by(
    () => parseLabelColourRules(this.#fields.labelColoursText).errors,
  );
  #numberProblems = $derived.by(() => numberProblems(this.#fields));
  /** What the bridge refused, by Settings path, while the field still holds that value. */
  #serverFields = $state.raw<Record<string, ServerProblem>>({});
  #saving = $state(false);
  #saveError = $state<string | null>(null);
  #saved = $state(false);
  #launchError = $state<string | null>(null);
  /** The instance list as it will be saved. */
  #instances = $state.raw<InstanceSettings[]>([]);
  /** Passwords and tokens typed for instances of the draft, saved with it. */
  #secrets = $state.raw<Record<string, InstanceSecrets>>({});
  /** The draft as last loaded or saved. */
  #baseline = $state('');
  #dirty = $derived.by(
    () =>
      draftKey(this.#fields, this.#instances) !== this.#baseline ||
      Object.keys(this.#secrets).length > 0,
  );

  constructor(initial: Settings, options: SettingsDraftOptions) {
    this.#o = options;
    this.#fields = $state(fieldsOf(initial));
    this.#instances = initial.instances;
    this.#baseline = draftKey(this.#fields, this.#instances);
  }

  /** The instances as the draft holds them. */
  get instances(): readonly InstanceSettings[] {
    return this.#instances;
  }

  /** Whether an instance differs from the one stored (new or edited, not saved yet). */
  unsaved(inst: InstanceSettings): boolean {
    if (inst.id in this.#secrets) return true;
    const stored = this.#o.stored()?.instances.find((i) => i.id === inst.id);
    return !stored || JSON.stringify(stored) !== JSON.stringify(inst);
  }

  /** Stored instances the draft removed (shown until saved, with an undo). */
  get removedInstances(): InstanceSettings[] {
    const ids = this.#instances.map((i) => i.id);
    return (this.#o.stored()?.instances ?? []).filter((i) => !ids.includes(i.id));
  }

  /** The draft holds changes "Save settings" has not saved (leaving the view asks). */
  get dirty(): boolean {
    return this.#dirty;
  }

  /** Drops the draft's changes: back to the settings as stored. */
  discard(): void {
    const stored = this.#o.stored();
    if (!stored) return;
    Object.assign(this.#fields, fieldsOf(stored));
    this.#instances = stored.instances;
    this.#secrets = {};
    this.#baseline = draftKey(this.#fields, this.#instances);
    this.#saveError = null;
  }

  /** The draft: inputs bind to its fields. */
  get fields(): SettingsFields {
    return this.#fields;
  }
  get includeErrors(): readonly string[] {
    return this.#includeErrors;
  }
  get excludeErrors(): readonly string[] {
    return this.#excludeErrors;
  }
  get labelColourErrors(): readonly string[] {
    return this.#labelColourErrors;
  }
  /**
   * The problem a field at this Settings path has, in plain words next to it: its rule
   * (the settings schema's own), else what the bridge said about the value it still holds.
   */
  fieldError(path: string): string | undefined {
    const own = this.#numberProblems[path];
    if (own) return own;
    const server = this.#serverFields[path];
    return server && fieldValueAt(this.#fields, path) === server.value ? server.message : undefined;
  }
  get saving(): boolean {
    return this.#saving;
  }
  /** Why the last save (or an at-once change: theme, snooze) failed. */
  get saveError(): string | null {
    return this.#saveError;
  }
  get saved(): boolean {
    return this.#saved;
  }
  get launchError(): string | null {
    return this.#launchError;
  }
  /** "Save settings": the draft over the settings as stored now. */
  async save(): Promise<void> {
    // Save stays focusable while saving (aria-disabled): a second submit meanwhile is dropped.
    if (this.#saving) return;
    const current = this.#o.stored();
    if (!current) return;
    const fields = $state.snapshot(this.#fields);
    const instances = this.#instances;
    const secrets = this.#secrets;
    const next = settingsWith(current, fields);
    if ('error' in next) {
      this.#saveError = next.error;
      return;
    }
    this.#saving = true;
    this.#saveError = null;
    this.#saved = false;
    try {
      // Laid over the settings as stored when the save runs (a view or the filter saved
      // meanwhile is kept); the check above already passed on the same fields.
      let stored = await this.#o.update(
        (c) => {
          const again = settingsWith(c, fields);
          if ('error' in again) throw new Error(again.error);
          return { ...again.settings, instances };
        },
        Object.keys(secrets).length > 0 ? secrets : undefined,
      );
      // Only what was saved leaves the draft: secrets typed meanwhile stay in it.
      this.#secrets = Object.fromEntries(
        Object.entries(this.#secrets).filter(([id, v]) => secrets[id] !== v),
      );
      if (fields.launchAtLogin !== stored.ui.launchAtLogin) {
        // The OS login item: the shell says what it could set, and that is what is kept.
        try {
          await this.#o.bridge['settings:setLaunchAtLogin'](fields.launchAtLogin);
          this.#launchError = null;
        } catch (e) {
          this.#launchError = errorMessage(e);
        }
        stored = await this.#o.reload();
      }
      // Shown as the core normalised them.
      const again = fieldsOf(stored);
      this.#fields.severityOrderText = again.severityOrderText;
      this.#fields.labelColoursText = again.labelColoursText;
      this.#fields.launchAtLogin = again.launchAtLogin;
      this.#instances = stored.instances;
      this.#baseline = draftKey(this.#fields, this.#instances);
      this.#saved = true;
    } catch (err) {
      // Each problem at its field; the save bar says it was not saved, and what names no field.
      const placed = placeSettingsProblems(fieldProblems(err), fields);
      this.#serverFields = placed.fields;
      this.#saveError =
        Object.keys(placed.fields).length > 0
          ? `Not saved: a field says what it needs.${placed.rest ? ` ${placed.rest}` : ''}`
          : errorMessage(err);
    } finally {
      this.#saving = false;
    }
  }

  /** Snoozes notifications for `ms` from now, or resumes them (null). */
  async snooze(ms: number | null): Promise<void> {
    try {
      // eslint-disable-next-line svelte/prefer-svelte-reactivity -- a value sent, not state
      const until = ms === null ? null : new Date(Date.now() + ms).toISOString();
      await this.#o.bridge['notifications:snooze'](until);
      await this.#o.reload();
    } catch (e) {
      this.#saveError = errorMessage(e);
    }
  }

  /** Adds or replaces one instance in the draft, with any secret typed for it. */
  putInstance(inst: InstanceSettings, secrets: InstanceSecrets | undefined): void {
    const exists = this.#instances.some((i) => i.id === inst.id);
    this.#instances = exists
      ? this.#instances.map((i) => (i.id === inst.id ? inst : i))
      : [...this.#instances, inst];
    if (secrets) this.#secrets = { ...this.#secrets, [inst.id]: secrets };
    this.#saved = false;
  }

  /** Removes one instance from the draft. */
  removeInstance(id: string): void {
    this.#instances = this.#instances.filter((i) => i.id !== id);
    const { [id]: _dropped, ...rest } = this.#secrets;
    this.#secrets = rest;
    this.#saved = false;
  }

  /** Takes back the draft's removal of a stored instance (at its stored place). */
  restoreInstance(id: string): void {
    const stored = this.#o.stored()?.instances ?? [];
    const inst = stored.find((i) => i.id === id);
    if (!inst || this.#instances.some((i) => i.id === id)) return;
    const rank = (x: InstanceSettings) => {
      const k = stored.findIndex((i) => i.id === x.id);
      return k < 0 ? Infinity : k;
    };
    this.#instances = [...this.#instances, inst].sort((a, b) => rank(a) - rank(b));
  }
}
