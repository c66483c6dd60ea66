// Writing back what a settings file held that this version does not know: the schema says which
// keys are ours at each place, so an unknown key (from a newer version) is told apart from an
// optional one the user deleted.
import type { z } from 'zod';
import { isObject } from './json-paths.ts';

type AnySchema = z.ZodType;

/** The schema's definition, read loosely (zod's own types are per kind). */
function defOf(s: AnySchema): Record<string, unknown> | undefined {
  return (s as unknown as { def?: Record<string, unknown> }).def;
}

function inner(s: AnySchema): AnySchema {
  let cur = s;
  for (let i = 0; i < 10; i++) {
    const def = defOf(cur);
    if (!def) return cur;
    const t = def['type'];
    if (t === 'optional' || t === 'default' || t === 'prefault' || t === 'nullable') {
      cur = def['innerType'] as AnySchema;
    } else if (t === 'pipe') {
      cur = def['in'] as AnySchema;
    } else return cur;
  }
  return cur;
}

/** Object shapes the schema allows here (several for a union), or null when not an object. */
function shapesOf(s: AnySchema | undefined): Record<string, AnySchema>[] | null {
  if (!s) return null;
  const i = inner(s);
  const t = defOf(i)?.['type'];
  if (t === 'object') return [(i as unknown as { shape: Record<string, AnySchema> }).shape];
  if (t === 'union') {
    const options = (defOf(i)?.['options'] ?? []) as AnySchema[];
    const shapes = options.flatMap((o) => shapesOf(o) ?? []);
    return shapes.length > 0 ? shapes : null;
  }
  return null;
}

function elementOf(s: AnySchema | undefined): AnySchema | undefined {
  if (!s) return undefined;
  const def = defOf(inner(s));
  return def?.['type'] === 'array' ? (def['element'] as AnySchema) : undefined;
}

/**
 * `next` (what this version writes) with what `old` (the file) held and this version does not
 * know: keys absent from the schema at that place. Instances are matched by id.
 */
export function keepUnknown(next: unknown, old: unknown, schema: AnySchema | undefined): unknown {
  if (isObject(next) && isObject(old)) {
    const shapes = shapesOf(schema);
    // Another variant of a union (auth type changed): the old variant's fields do not apply.
    if (typeof next['type'] === 'string' && next['type'] !== old['type']) return next;
    const out: Record<string, unknown> = { ...next };
    for (const [key, value] of Object.entries(old)) {
      const known = shapes?.some((sh) => key in sh) ?? true;
      if (!(key in next)) {
        if (!known) out[key] = value;
        continue;
      }
      const child = shapes?.find((sh) => key in sh)?.[key];
      out[key] = keepUnknown(next[key], value, child);
    }
    return out;
  }
  if (Array.isArray(next) && Array.isArray(old)) {
    const element = elementOf(schema);
    if (!shapesOf(element)) return next;
    const byId = new Map(
      old.filter(isObject).map((o) => [typeof o['id'] === 'string' ? o['id'] : undefined, o]),
    );
    return next.map((n) =>
      isObject(n) && typeof n['id'] === 'string' && byId.has(n['id'])
        ? keepUnknown(n, byId.get(n['id']), element)
        : n,
    );
  }
  return next;
}
