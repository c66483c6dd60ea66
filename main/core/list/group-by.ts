// What the list may be grouped by besides a label (a module of its own: the window imports it
// without the list's code).

/**
 * Group by where the alerts are, not a label (karma's `@alertmanager`): a section per
 * Alertmanager or HA cluster, by its name, holding its groups whole. A walk-through had prod
 * and staging mixed in one list with only a small word on each header to tell them apart. No
 * label is named so: a classic Prometheus label name cannot start with `@`.
 */
export const BY_ALERTMANAGER = '@alertmanager';
