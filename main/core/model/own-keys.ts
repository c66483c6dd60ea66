// Records keyed by text from outside: fingerprints, label names and severities a server sends,
// matcher names a user types. A plain object inherits Object.prototype, so with such keys:
// - a lookup of a missing "constructor", "toString" or "__proto__" finds a function or the
//   prototype itself instead of nothing (a matcher `constructor=""` then matched no alert, and
//   `constructor=~".+"` threw inside the regex engine);
// - `o["__proto__"] = v` sets the prototype instead of adding a record (an alert whose
//   fingerprint is "__proto__" vanished from the view).
// Real Alertmanager sends hex fingerprints, but "__proto__" and "constructor" are valid label
// names, and other servers and proxies are not bound to hex.

/** The value stored under `key` by the object itself, never one it inherits. */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** An empty record with no prototype: any key is a key like any other. */
export function keyedRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** A prototype-less copy of `from` (own enumerable keys, "__proto__" included). */
export function keyedCopy<T>(from: Readonly<Record<string, T>>): Record<string, T> {
  // Object.assign defines each key on a target with no __proto__ setter to intercept it.
  return Object.assign(keyedRecord<T>(), from);
}
