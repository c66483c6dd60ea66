// The Settings view's store. Three ways of saving live here, as they do today (to be unified):
// - the draft: notifications, severity, silence defaults, hygiene and history are edited here
//   and saved together by "Save settings", after the matcher and label-colour checks;
// - at once: the theme (also kept in the draft), launch at login and the snooze;
// - instances: each add, edit or remove is saved at once by its own button (instances.ts).
// Sections bind their inputs to `fields` (the draft, a deep state object); everything else is
// read through getters and changed through methods.
// `dirty` says the draft holds unsaved changes: leaving the view then asks (LeaveGuard).
import type { BridgeApi } from '$core/bridge/contract.ts';
import type { InstanceSecrets } from '$core/service.ts';
import type { InstanceSettings, Settings, Theme } from '$core/settings/types.ts';
import { parseLabelColourRules } from '../alerts/label-colour.ts';
import { errorMessage, fieldProblems } from '../app/errors.ts';
import { withInstance, withoutInstance } from './instances.ts';
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

function draftKey(fields: SettingsFields): string {
  return JSON.stringify({ ...$state.snapshot(fields), theme: null });
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
  #instanceError = $state<string | null>(null);
  /** The draft as last loaded or saved (the theme aside: it saves at once). */
  #baseline = $state('');
  #dirty = $derived.by(() => draftKey(this.#fields) !== this.#baseline);

  constructor(initial: Settings, options: SettingsDraftOptions) {
    this.#o = options;
    this.#fields = $state(fieldsOf(initial));
    this.#baseline = draftKey(this.#fields);
  }

  /** The draft holds changes "Save settings" has not saved (leaving the view asks). */
  get dirty(): boolean {
    return this.#dirty;
  }

  /** Drops the draft's changes: back to the settings as stored. */
  discard(): void {
    const stored = this.#o.stored();
    if (!stored) return;
    const theme = this.#fields.theme;
    Object.assign(this.#fields, fieldsOf(stored), { theme });
    this.#baseline = draftKey(this.#fields);
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
  /** Why removing an instance failed. */
  get instanceError(): string | null {
    return this.#instanceError;
  }

  /** "Save settings": the draft over the settings as stored now. */
  async save(): Promise<void> {
    const current = this.#o.stored();
    if (!current) return;
    const fields = $state.snapshot(this.#fields);
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
      const stored = await this.#o.update((c) => {
        const again = settingsWith(c, fields);
        if ('error' in again) throw new Error(again.error);
        return again.settings;
      });
      // Shown as the core normalised them.
      const again = fieldsOf(stored);
      this.#fields.severityOrderText = again.severityOrderText;
      this.#fields.labelColoursText = again.labelColoursText;
      this.#baseline = draftKey(this.#fields);
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

  /** Applied and saved at once (and kept in the draft, which saves it too). */
  async setTheme(theme: Theme): Promise<void> {
    this.#fields.theme = theme;
    if (!this.#o.stored()) return;
    try {
      await this.#o.update((c) => ({ ...c, ui: { ...c.ui, theme } }));
    } catch (e) {
      this.#saveError = errorMessage(e);
    }
  }

  async setLaunchAtLogin(enabled: boolean): Promise<void> {
    this.#launchError = null;
    try {
      await this.#o.bridge['settings:setLaunchAtLogin'](enabled);
      await this.#o.reload();
    } catch (e) {
      this.#launchError = errorMessage(e);
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

  /** Adds or replaces one instance in the settings as stored; throws what the save threw. */
  async saveInstance(inst: InstanceSettings, secrets: InstanceSecrets | undefined): Promise<void> {
    if (!this.#o.stored()) return;
    await this.#o.update(
      (c) => withInstance(c, inst),
      secrets ? { [inst.id]: secrets } : undefined,
    );
  }

  /** Removes one instance; true when it is gone (else `instanceError` says why). */
  async removeInstance(id: string): Promise<boolean> {
    this.#instanceError = null;
    if (!this.#o.stored()) return false;
    try {
      await this.#o.update((c) => withoutInstance(c, id));
      return true;
    } catch (e) {
      this.#instanceError = errorMessage(e);
      return false;
    }
  }
}
