// The alert filter as one object the whole window shares: the filter bar edits it, and a click
// on a label chip, a severity count in the top bar, a receiver or a cluster badge adds to it
// (karma's most used gesture). Persisted (debounced) by the app store.
import { formatMatcher } from '$core/matchers/format.ts';
import type { UiSettings } from '$core/settings/types.ts';
import { parseFilterText, splitSegments } from './filter-text.ts';

export type FilterValue = UiSettings['filter'];

export class FilterState {
  text = $state('');
  showActive = $state(true);
  showSilenced = $state(false);
  showInhibited = $state(false);
  showUnprocessed = $state(true);
  receivers = $state<string[]>([]);
  instances = $state<string[]>([]);

  constructor(saved: FilterValue) {
    this.text = saved.text;
    this.showActive = saved.showActive;
    this.showSilenced = saved.showSilenced;
    this.showInhibited = saved.showInhibited;
    this.showUnprocessed = saved.showUnprocessed;
    this.receivers = [...saved.receivers];
    this.instances = [...saved.instances];
  }

  /** A plain copy, for saving. */
  get value(): FilterValue {
    return {
      text: this.text,
      showActive: this.showActive,
      showSilenced: this.showSilenced,
      showInhibited: this.showInhibited,
      showUnprocessed: this.showUnprocessed,
      receivers: [...this.receivers],
      instances: [...this.instances],
    };
  }

  /**
   * Adds `name="value"` (or `name!="value"`) to the filter text, replacing an opposite matcher
   * on the same label and value; does nothing when it is already there.
   */
  addMatcher(name: string, value: string, negate = false): void {
    const wanted = formatMatcher({ name, value, isRegex: false, isEqual: !negate });
    const opposite = formatMatcher({ name, value, isRegex: false, isEqual: negate });
    const parsed = parseFilterText(this.text);
    const present = parsed.matchers.some(
      (m) => !m.isRegex && m.name === name && m.value === value && (m.isEqual ?? true) === !negate,
    );
    if (present) return;
    const kept = splitSegments(this.text)
      .map((s) => s.text.trim())
      .filter((t) => t !== '' && t !== opposite);
    this.text = [...kept, wanted].join(', ');
  }

  /** Only this receiver (a receiver badge). */
  onlyReceiver(receiver: string): void {
    this.receivers = [receiver];
  }

  /** Only these instances (an instance or cluster badge). */
  onlyInstances(ids: string[]): void {
    this.instances = [...ids];
  }
}
