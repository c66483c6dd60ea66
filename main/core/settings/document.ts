// A settings file as read, so that writing it back never loses what this version did not
// understand. Rules:
//   - one invalid field (a wrong type, an unknown enum value) resets only that field, in
//     memory; every valid field is kept, and the problems name the fields;
//   - on write, fields and values this version does not know (from a newer version, or reset
//     because they were invalid and the user did not change them since) are written back as
//     they were, and a newer file keeps its version number;
//   - before this version first writes over a file from a newer version, or over a file with
//     invalid fields, a copy of the original is kept; if no copy can be made, nothing is
//     written (the document is read-only until the file is fixed).
import type { z } from 'zod';
import { settingsSchema } from './schema.ts';
import { migrateSettings } from './migrations.ts';
import { SETTINGS_VERSION, type Settings } from './types.ts';

type Path = (string | number)[];

export interface FieldProblem {
  /** Where, as people read it: `instance "prod-eu" pollIntervalSec`, `ui.theme`. */
  path: string;
  message: string;
}

interface Reset {
  path: Path;
  /** What the file held there. */
  raw: unknown;
  /** What this version uses instead (undefined for a dropped list element). */
  loaded: unknown;
  /** A whole list element was dropped (e.g. an instance with an auth type we do not know). */
  removedElement: boolean;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A path step naming a list element by its `id` (instances move; their ids do not). */
const ID_STEP = '#id:';

function step(cur: unknown, k: string | number): unknown {
  if (cur === null || typeof cur !== 'object') return undefined;
  if (Array.isArray(cur) && typeof k === 'string' && k.startsWith(ID_STEP)) {
    const id = k.slice(ID_STEP.length);
    return cur.find((e) => isObject(e) && e['id'] === id);
  }
  return (cur as Record<string | number, unknown>)[k];
}

function getAt(v: unknown, path: Path): unknown {
  let cur = v;
  for (const k of path) cur = step(cur, k);
  return cur;
}

function setAt(v: unknown, path: Path, value: unknown): void {
  const parent = getAt(v, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object') return;
  (parent as Record<string | number, unknown>)[path[path.length - 1] as string | number] = value;
}

/** instances.<index>... -> instances.#id:<id>... so the path still holds after a reorder. */
function stablePath(work: unknown, path: Path): Path {
  if (path[0] !== 'instances' || typeof path[1] !== 'number' || path.length < 3) return path;
  const el = getAt(work, path.slice(0, 2));
  const id = isObject(el) ? el['id'] : undefined;
  return typeof id === 'string' ? ['instances', `${ID_STEP}${id}`, ...path.slice(2)] : path;
}

function removeAt(v: unknown, path: Path): boolean {
  const parent = getAt(v, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent) && typeof key === 'number' && key < parent.length) {
    parent.splice(key, 1);
    return true;
  }
  if (isObject(parent) && typeof key === 'string' && key in parent) {
    delete parent[key];
    return true;
  }
  return false;
}

// ---- the schema's known keys, to tell unknown fields from deleted optional ones -----------

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
function keepUnknown(next: unknown, old: unknown, schema: AnySchema | undefined): unknown {
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

function pathText(path: Path): string {
  return path.map(String).join('.');
}

/** A path as people read it: `instance "prod-eu" pollIntervalSec`, `ui.theme`. */
function describePath(work: unknown, path: Path): string {
  if (path[0] === 'instances' && typeof path[1] === 'number') {
    const el = getAt(work, path.slice(0, 2));
    const name = isObject(el)
      ? (typeof el['name'] === 'string' && el['name']) || (typeof el['id'] === 'string' && el['id'])
      : '';
    const who = name ? `instance "${name}"` : `instance ${path[1] + 1}`;
    const rest = path.slice(2).map(String).join('.');
    return rest ? `${who} ${rest}` : who;
  }
  return pathText(path);
}

export class SettingsDocument {
  /** The file's content as last read or written (the base for what we do not know). */
  #raw: unknown;
  readonly #resets: Reset[];
  /** The version the file declared (may be newer than this app's). */
  readonly fileVersion: number;
  /** Set when the original must be copied before the first write: the copy's suffix. */
  backupSuffix: string | undefined;
  /** Set when nothing may be written (why, in plain words). */
  readOnly: string | undefined;

  constructor(raw: unknown, resets: Reset[], fileVersion: number) {
    this.#raw = raw;
    this.#resets = resets;
    this.fileVersion = fileVersion;
  }

  get newerVersion(): boolean {
    return this.fileVersion > SETTINGS_VERSION;
  }

  /** The JSON to write for `settings`, keeping what the file held that we do not know. */
  toJson(settings: Settings): unknown {
    const out = keepUnknown(structuredClone(settings), this.#raw, settingsSchema) as Record<
      string,
      unknown
    >;
    for (const r of this.#resets) {
      if (r.removedElement) {
        // A dropped list element goes back at the end of its list.
        const list = getAt(out, r.path.slice(0, -1));
        if (Array.isArray(list)) list.push(r.raw);
        continue;
      }
      // An untouched reset field keeps what the file held.
      if (deepEqual(getAt(settings, r.path), r.loaded)) setAt(out, r.path, r.raw);
    }
    out['version'] = Math.max(this.fileVersion, SETTINGS_VERSION);
    return out;
  }

  /** After a successful write of `json`: it is now the file. */
  written(json: unknown): void {
    this.#raw = structuredClone(json);
    this.backupSuffix = undefined;
  }
}

export type ParsedDocument =
  | {
      ok: true;
      settings: Settings;
      document: SettingsDocument;
      /** Fields that were invalid and reset (or dropped), in plain words. */
      problems: FieldProblem[];
      extractedSecrets: Record<string, string>;
      migrated: boolean;
    }
  | { ok: false; error: string };

function versionOf(raw: unknown): number {
  const v = isObject(raw) ? raw['version'] : undefined;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

/**
 * Reads parsed JSON leniently: migrations first (older files), then validation field by
 * field: each invalid field is reset to its default, an invalid list element that cannot be
 * repaired (an instance without a URL, an auth type we do not know) is dropped; never the
 * whole file. Fails only when the JSON is not an object.
 */
export function parseSettingsDocument(raw: unknown): ParsedDocument {
  if (!isObject(raw)) return { ok: false, error: 'settings must be a JSON object' };
  const fileVersion = versionOf(raw);
  let migrated;
  try {
    migrated = migrateSettings(raw);
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const original = structuredClone(migrated.settings);
  const work = structuredClone(migrated.settings);
  const problems: FieldProblem[] = [];
  const resets: Reset[] = [];
  const removed = new Set<string>();
  for (let round = 0; round < 200; round++) {
    const result = settingsSchema.safeParse(work);
    if (result.success) {
      const settings: Settings = result.data;
      settings.version = SETTINGS_VERSION;
      for (const r of resets) if (!r.removedElement) r.loaded = getAt(settings, r.path);
      const document = new SettingsDocument(original, resets, fileVersion);
      return {
        ok: true,
        settings,
        document,
        problems,
        extractedSecrets: migrated.extractedSecrets,
        migrated: migrated.applied.length > 0,
      };
    }
    const issue = result.error.issues[0];
    if (!issue) break;
    let path: Path = issue.path.filter(
      (k): k is string | number => typeof k === 'string' || typeof k === 'number',
    );
    // Removing the field did not help (it is required): remove what holds it instead.
    while (path.length > 0 && removed.has(pathText(path))) path = path.slice(0, -1);
    if (path.length === 0) break;
    const parent = getAt(work, path.slice(0, -1));
    const removedElement = Array.isArray(parent);
    const stable = stablePath(work, path);
    const label = describePath(work, path);
    // What the FILE held there (earlier repairs may have changed the working copy).
    const element = removedElement ? getAt(work, path) : undefined;
    const value = removedElement
      ? isObject(element) && typeof element['id'] === 'string'
        ? (getAt(original, [...path.slice(0, -1), `${ID_STEP}${element['id']}`]) ?? element)
        : element
      : getAt(original, stable);
    if (!removeAt(work, path)) {
      // Nothing to remove there (a required field is missing): drop its container.
      removed.add(pathText(path));
      continue;
    }
    const text = pathText(path);
    if (removedElement) {
      // Later elements moved up: what was learnt about their old indices no longer holds.
      for (const r of [...removed]) if (r.startsWith(`${text}.`)) removed.delete(r);
    } else removed.add(text);
    // A repair of the container replaces the repairs of its fields, and keeps the first
    // reason (the field's own problem, not "missing" after it was removed).
    let reason: string | undefined;
    for (let i = problems.length - 1; i >= 0; i--) {
      const p = problems[i] as FieldProblem & { reason: string };
      if (p.path.startsWith(`${label} `) || p.path.startsWith(`${label}.`)) {
        reason = `${p.path.slice(label.length + 1)}: ${p.reason}`;
        problems.splice(i, 1);
      }
    }
    const inside = issue.path.slice(path.length).map(String).join('.');
    reason ??= `${inside ? `${inside}: ` : ''}${issue.message}`;
    const problem = {
      path: label,
      message: `${reason}${removedElement ? ' (entry ignored)' : ' (reset to default)'}`,
    };
    // The reason without the outcome, for a container repaired later (not sent anywhere).
    Object.defineProperty(problem, 'reason', { value: reason, enumerable: false });
    problems.push(problem);
    resets.push({ path: stable, raw: value, loaded: undefined, removedElement });
  }
  return { ok: false, error: 'settings could not be repaired' };
}
