// Label name and value suggestions in the silence form's matcher fields: the filter bar's
// (lib/alerts/filter-suggestions.ts, over the same label index of the current alerts), so a
// keystroke is one bounded pass keeping the best 12, however many labels the alerts carry.
// Open while typing (or on ArrowDown), never on focus: tabbing through the form must not
// land in a list, since Tab accepts. Esc closes the list and only the list.
import {
  matcherSuggestions,
  type MatcherPart,
  type MatcherSuggestion,
} from './matcher-suggestions.ts';
import type { LabelCounts } from '$core/list/label-index.ts';
import type { FacetWant } from '../alerts/facets.svelte.ts';
import type { MatcherRow } from './draft.ts';

export interface MatcherCompletionOptions {
  /** Names, and the values of `want` (the value being typed); lib/alerts/facets.svelte.ts. */
  labels: (want?: FacetWant) => LabelCounts;
  rows: () => readonly MatcherRow[];
  /** Puts an accepted suggestion in the row's field. */
  apply: (id: number, part: MatcherPart, text: string) => void;
}

export class MatcherCompletion {
  readonly #o: MatcherCompletionOptions;
  #open = $state.raw<{ id: number; part: MatcherPart } | null>(null);
  #active = $state(0);
  #items = $derived.by(() => {
    const open = this.#open;
    const row = open && this.#o.rows().find((r) => r.id === open.id);
    if (!open || !row) return [];
    const want =
      open.part === 'value' && row.name.trim() !== ''
        ? { name: row.name.trim(), prefix: row.value }
        : undefined;
    return matcherSuggestions(row, open.part, this.#o.labels(want));
  });

  constructor(options: MatcherCompletionOptions) {
    this.#o = options;
  }

  /** The list shown under this field (empty when it is not open there). */
  itemsFor(id: number, part: MatcherPart): readonly MatcherSuggestion[] {
    const open = this.#open;
    return open && open.id === id && open.part === part ? this.#items : [];
  }
  get active(): number {
    return this.#active;
  }

  /** The field was typed in: its list opens (or follows what is typed). */
  typed(id: number, part: MatcherPart): void {
    this.#open = { id, part };
    this.#active = 0;
  }
  close(): void {
    this.#open = null;
  }

  /** The suggestion at `i` goes into its field; the list closes. */
  accept(i: number): void {
    const open = this.#open;
    const item = this.#items[i];
    if (!open || !item) return;
    this.#o.apply(open.id, open.part, item.text);
    this.#open = null;
  }

  /** A key in a matcher field: true when the list took it (the field must not act on it). */
  key(e: KeyboardEvent, id: number, part: MatcherPart): boolean {
    if (e.isComposing || e.altKey || e.ctrlKey || e.metaKey) return false;
    if (e.key === 'ArrowDown' && this.itemsFor(id, part).length === 0) {
      this.typed(id, part);
      return take(e, this.#items.length > 0);
    }
    const n = this.itemsFor(id, part).length;
    if (n === 0) return false;
    switch (e.key) {
      case 'ArrowDown':
        this.#active = (this.#active + 1) % n;
        return take(e, true);
      case 'ArrowUp':
        this.#active = (this.#active - 1 + n) % n;
        return take(e, true);
      case 'Enter':
      case 'Tab':
        if (e.shiftKey) return false;
        this.accept(this.#active);
        return take(e, true);
      case 'Escape':
        // The list closes; the dialog stays (its cancel comes from this key's default).
        this.close();
        return take(e, true);
      default:
        return false;
    }
  }
}

/** A key the list took does nothing else (no submit, no moving on, no closing the dialog). */
function take(e: KeyboardEvent, taken: boolean): boolean {
  if (taken) {
    e.preventDefault();
    e.stopPropagation();
  }
  return taken;
}
