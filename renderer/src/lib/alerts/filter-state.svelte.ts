// The alert filter as one object the whole window shares: the filter bar edits it, and a click
// on a label chip, a severity count in the top bar, a receiver or a cluster badge adds to it
// (karma's most used gesture). Its state is private: everything changes it through a method,
// and each change is handed to `onchange` (the filter persistence saves it, debounced).
import { formatMatcher } from '$core/matchers/format.ts';
import type { UiSettings } from '$core/settings/types.ts';
import {
  matcherInProgress,
  parseFilterText,
  splitSegments,
  type ParsedFilter,
} from '$core/list/filter-text.ts';
import type { AlertFilter } from '$core/list/rows.ts';
import { filterValue } from './list-params.ts';
import { regexEngine } from '../matchers/regex-engine.svelte.ts';

/**
 * What the text reads as while the window's RE2 engine is still on its way (the first second
 * of a fresh window, lib/matchers): nothing yet, no error. The list itself is not affected (the
 * core reads the filter text); only the bar's chips and messages wait.
 */
const NOT_READ_YET: ParsedFilter = Object.freeze({
  matchers: [],
  words: [],
  error: null,
  ambiguous: [],
}) as ParsedFilter;

/** Only a segment with one of these can be a matcher; free words never need RE2. */
const MAY_HOLD_MATCHER = /[=!~]/;

export type FilterValue = UiSettings['filter'];

/** The alert-state toggles of the filter. */
export type StateToggle = 'showActive' | 'showSilenced' | 'showInhibited' | 'showUnprocessed';

interface FilterStateOptions {
  /** Where it starts: the filter remembered in settings. */
  saved: FilterValue;
  /** Told of every change, with the new value. */
  onchange?: (value: FilterValue) => void;
}

export class FilterState {
  #text = $state('');
  #toggles = $state.raw<Record<StateToggle, boolean>>({
    showActive: true,
    showSilenced: false,
    showInhibited: false,
    showUnprocessed: true,
  });
  #receivers = $state.raw<string[]>([]);
  #instances = $state.raw<string[]>([]);
  #groupBy = $state('');
  #myTeam = $state(false);
  readonly #onchange: ((value: FilterValue) => void) | undefined;
  // Not $derived: this object is made lazily, inside whichever component reads it first, and a
  // $derived made there would belong to that component and stop updating once it is gone.
  #parsed: {
    text: string;
    parsed: ParsedFilter;
    typing: { text: string; start: number } | null;
  } | null = null;
  /**
   * The last text that read without an error: what the list filters by meanwhile. It starts
   * as the remembered filter, which the list shows at once (before the RE2 engine is there).
   */
  #lastRead: string;

  constructor({ saved, onchange }: FilterStateOptions) {
    this.#text = saved.text;
    this.#lastRead = saved.text;
    this.#toggles = {
      showActive: saved.showActive,
      showSilenced: saved.showSilenced,
      showInhibited: saved.showInhibited,
      showUnprocessed: saved.showUnprocessed,
    };
    this.#receivers = [...saved.receivers];
    this.#instances = [...saved.instances];
    this.#groupBy = saved.groupBy ?? '';
    this.#myTeam = saved.myTeam === true;
    this.#onchange = onchange;
  }

  get text(): string {
    return this.#text;
  }
  get receivers(): readonly string[] {
    return this.#receivers;
  }
  get instances(): readonly string[] {
    return this.#instances;
  }
  /** Only my team's alerts ($core/list/team.ts turns it into receivers). */
  get myTeam(): boolean {
    return this.#myTeam;
  }
  /** The text read as matchers and free words (and its error, if any); parsed once per text. */
  get parsed(): ParsedFilter {
    const text = this.#text;
    if (this.#parsed?.text !== text) {
      if (MAY_HOLD_MATCHER.test(text) && !regexEngine.loaded) return NOT_READ_YET;
      const parsed = parseFilterText(text);
      const typing = matcherInProgress(text);
      this.#parsed = { text, parsed, typing };
      // A matcher being typed is not a text that read: `cluster=` counted as one, and the
      // list fell back to "no cluster" (0 alerts) while `cluster="prod-eu` was typed.
      if (typing === null && parsed.error === null) this.#lastRead = text;
    }
    return this.#parsed.parsed;
  }

  /**
   * The matcher being typed at the end when it cannot mean anything yet (`cluster=`,
   * `cluster="prod-eu`): left out of the list until complete, and not an error.
   */
  get typing(): { text: string; start: number } | null {
    return this.parsed === NOT_READ_YET ? null : (this.#parsed?.typing ?? null);
  }

  /**
   * What the list filters by: the filter, but while its text does not read (a matcher being
   * typed, a bad regex) the last text that did. The core leaves out a segment it cannot read,
   * so `alertname="Disk` half-typed showed every alert for a moment, and a mistake kept
   * showing everything while its message waited for a pause in typing.
   */
  get listValue(): FilterValue {
    const value = this.value;
    const parsed = this.parsed;
    // Not read yet (the engine is on its way, a fraction of a second): the list waits with the
    // last text that read, as for an error.
    if (parsed !== NOT_READ_YET && parsed.error === null && this.typing === null) return value;
    return { ...value, text: this.#lastRead };
  }

  /**
   * Whether the list shows an earlier text than the bar because this one does not read, or
   * ends in a matcher still being typed.
   */
  get listBehind(): boolean {
    const parsed = this.parsed;
    return (
      parsed !== NOT_READ_YET &&
      (parsed.error !== null || this.typing !== null) &&
      this.#lastRead !== this.#text
    );
  }

  /** False while the text waits for the RE2 engine to be read (the first second, at most). */
  get read(): boolean {
    return this.parsed !== NOT_READ_YET;
  }

  /** What the alert list filters by (a new object per read: derive it to keep one). */
  get alertFilter(): AlertFilter {
    const { matchers, words } = this.parsed;
    return {
      ...this.#toggles,
      receivers: this.#receivers,
      instances: this.#instances,
      matchers,
      words,
    };
  }

  /** Whether alerts in this state are shown. */
  shows(toggle: StateToggle): boolean {
    return this.#toggles[toggle];
  }
  /** Whether anything but the state toggles narrows the list (the bar offers "Clear"). */
  get narrowed(): boolean {
    return (
      this.#text !== '' || this.#receivers.length > 0 || this.#instances.length > 0 || this.#myTeam
    );
  }

  /** A plain copy, for saving. */
  get value(): FilterValue {
    return filterValue({
      text: this.#text,
      ...this.#toggles,
      receivers: this.#receivers,
      instances: this.#instances,
      groupBy: this.#groupBy,
      myTeam: this.#myTeam,
    });
  }

  /** The label the list is sectioned by ('' = Alertmanager's groups). */
  get groupBy(): string {
    return this.#groupBy;
  }

  setGroupBy(label: string): void {
    if (label === this.#groupBy) return;
    this.#groupBy = label;
    this.#changed();
  }

  setText(text: string): void {
    if (text === this.#text) return;
    this.#text = text;
    this.#changed();
  }

  setShown(toggle: StateToggle, shown: boolean): void {
    if (this.#toggles[toggle] === shown) return;
    this.#toggles = { ...this.#toggles, [toggle]: shown };
    this.#changed();
  }

  setMyTeam(on: boolean): void {
    if (on === this.#myTeam) return;
    this.#myTeam = on;
    this.#changed();
  }

  /** Adds the receiver to those shown, or takes it out. */
  toggleReceiver(receiver: string): void {
    this.#receivers = toggleIn(this.#receivers, receiver);
    this.#changed();
  }

  /** Adds the instance to those shown, or takes it out. */
  toggleInstance(id: string): void {
    this.#instances = toggleIn(this.#instances, id);
    this.#changed();
  }

  /** Only this receiver (a receiver badge); none: every receiver. */
  onlyReceiver(receiver?: string): void {
    this.#receivers = receiver === undefined ? [] : [receiver];
    this.#changed();
  }

  /** Only these instances (an instance or cluster badge); none: every instance. */
  onlyInstances(ids: readonly string[]): void {
    this.#instances = [...ids];
    this.#changed();
  }

  /** The whole filter replaced at once (a saved view or a view link). */
  apply(value: FilterValue): void {
    this.#text = value.text;
    this.#toggles = {
      showActive: value.showActive,
      showSilenced: value.showSilenced,
      showInhibited: value.showInhibited,
      showUnprocessed: value.showUnprocessed,
    };
    this.#receivers = [...value.receivers];
    this.#instances = [...value.instances];
    this.#groupBy = value.groupBy ?? '';
    this.#changed();
  }

  /** Text, receivers and instances cleared (the state toggles stay). */
  clear(): void {
    this.#text = '';
    this.#receivers = [];
    this.#instances = [];
    this.#myTeam = false;
    this.#changed();
  }

  /**
   * Adds `name="value"` (or `name!="value"`) to the filter text, replacing an opposite matcher
   * on the same label and value; does nothing when it is already there.
   */
  addMatcher(name: string, value: string, negate = false): void {
    if (!this.read) {
      // Whether it is there already needs the text read: a click in the first second waits.
      void regexEngine.load().then(() => this.addMatcher(name, value, negate));
      return;
    }
    const wanted = formatMatcher({ name, value, isRegex: false, isEqual: !negate });
    const opposite = formatMatcher({ name, value, isRegex: false, isEqual: negate });
    const present = this.parsed.matchers.some(
      (m) => !m.isRegex && m.name === name && m.value === value && (m.isEqual ?? true) === !negate,
    );
    if (present) return;
    const kept = splitSegments(this.#text)
      .map((s) => s.text.trim())
      .filter((t) => t !== '' && t !== opposite);
    this.setText([...kept, wanted].join(', '));
  }

  #changed(): void {
    this.#onchange?.(this.value);
  }
}

function toggleIn(list: readonly string[], v: string): string[] {
  return list.includes(v) ? list.filter((x) => x !== v) : [...list, v];
}
