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
import { settingsSchema } from './schema.ts';
import { migrateSettings } from './migrations.ts';
import { SETTINGS_VERSION, type Settings } from './types.ts';
import { keepUnknown } from './keep-unknown.ts';
import { repairInstanceUrls } from './base-url.ts';
import {
  ID_STEP,
  describePath,
  getAt,
  isObject,
  pathText,
  removeAt,
  setAt,
  stablePath,
  type Path,
} from './json-paths.ts';

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

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
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
  // URLs holding credentials, a query or a fragment are repaired before anything else sees
  // them (base-url.ts): the original below, which is written back, no longer holds them.
  const repaired = structuredClone(migrated.settings);
  const urls = repairInstanceUrls(repaired);
  const original = structuredClone(repaired);
  const work = structuredClone(repaired);
  // `reason`: what a later repair of the whole instance quotes (see below).
  const problems: FieldProblem[] = urls.problems.map((p) =>
    Object.defineProperty({ ...p }, 'reason', { value: p.message, enumerable: false }),
  );
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
        extractedSecrets: { ...migrated.extractedSecrets, ...urls.secrets },
        migrated: migrated.applied.length > 0 || urls.changed,
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
