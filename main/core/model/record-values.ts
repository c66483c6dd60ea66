// The values of a view collection (alerts, groups, silences: records keyed by fingerprint or
// key) as a list, made once per record. Listing a 100,000-key object (Object.values, keys,
// for…in) costs ~90 ms in V8, which collects and orders a dictionary's keys (3 ms at 10,000:
// it grows faster than the count); the core's views are immutable once published, so the
// list of one is made once and shared by every reader of that cycle (differs, history,
// previews, the stream), or handed over by whoever built the record from a list.
const lists = new WeakMap<object, readonly unknown[]>();

/** Every value of an immutable keyed record, in its own order; listed on the first call. */
export function valuesOf<T>(record: Readonly<Record<string, T>>): readonly T[] {
  let list = lists.get(record) as readonly T[] | undefined;
  if (list === undefined) {
    list = Object.values(record);
    lists.set(record, list);
  }
  return list;
}

/**
 * Records `list` as the values of `record`, which was just built from it (same values, same
 * order) and is never changed after: valuesOf then costs nothing.
 */
export function builtFrom<T>(record: Readonly<Record<string, T>>, list: readonly T[]): void {
  lists.set(record, list);
}

/** The list `builtFrom` recorded for `record`, or undefined (nothing is listed). */
export function builtListOf<T>(record: Readonly<Record<string, T>>): readonly T[] | undefined {
  return lists.get(record) as readonly T[] | undefined;
}
