// Where the secrets files record the origin each secret was stored for: an `origins` object
// beside the values (`{ "instance/prod/password": "https://am.example:9093" }`), written in the
// same atomic update as the value (the browser shell keeps its environment secrets' origins
// in an `envOrigins` object the same way). Plain text: an origin is no secret, and an older version
// keeps the field untouched (json-object-file.ts), so a downgrade and upgrade lose nothing; a
// value an older version changed meanwhile keeps the old origin and is refused, not misused.

type OriginsField = 'origins' | 'envOrigins';

/** A copy of the object under `name` in a file object ({} when absent or not an object). */
export function objectField(file: Record<string, unknown>, name: string): Record<string, unknown> {
  const v = file[name];
  return typeof v === 'object' && v !== null && !Array.isArray(v)
    ? { ...(v as Record<string, unknown>) }
    : {};
}

/** The origin recorded for `key`, if any. */
export function recordedOrigin(
  file: Record<string, unknown>,
  key: string,
  field: OriginsField = 'origins',
): string | undefined {
  const origin = objectField(file, field)[key];
  return typeof origin === 'string' ? origin : undefined;
}

/** Records (or, with undefined, forgets) the origin of `key` in the file object. */
export function recordOrigin(
  file: Record<string, unknown>,
  key: string,
  origin: string | undefined,
  field: OriginsField = 'origins',
): void {
  const origins = objectField(file, field);
  if (origin === undefined) delete origins[key];
  else origins[key] = origin;
  file[field] = origins;
}
