// Reading the settings file into a SettingsDocument (persist.ts is the one entry; this is its
// reading half). Never throws for a bad or unreadable file: the app starts on defaults and says
// why. A file that cannot be used is renamed aside for the user (or support) to recover, and a
// file that can be neither read nor moved aside is never written over (read-only document).
import { lstat, readFile, rename } from 'node:fs/promises';
import { plainFileError } from '../files/plain-error.ts';
import { defaultSettings } from './defaults.ts';
import { parseSettingsDocument, SettingsDocument, type FieldProblem } from './document.ts';
import { SETTINGS_VERSION, type Settings } from './types.ts';

/** What the window shows about the settings file at start, if anything. */
export interface SettingsNotice {
  kind: 'corrupt' | 'invalid-fields' | 'newer-version';
  message: string;
  /** Where the unusable file, or a copy of the original, is kept. */
  keptAs?: string;
  problems?: FieldProblem[];
  /** Set when nothing will be written to the settings file this run, and why. */
  readOnly?: string;
}

interface LoadedDocument {
  settings: Settings;
  document: SettingsDocument;
  notice?: SettingsNotice;
  extractedSecrets?: Record<string, string>;
  migrated?: boolean;
}

/** `2026-11-21T02:17:04.123Z` -> `2026-11-21T021704.123Z` (colons are invalid on Windows). */
function stamp(now: Date): string {
  return now.toISOString().replace(/:/g, '');
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

async function freeName(base: string): Promise<string> {
  let target = base;
  for (let i = 1; await exists(target); i++) target = `${base}-${i}`;
  return target;
}

function freshDocument(): SettingsDocument {
  return new SettingsDocument({}, [], SETTINGS_VERSION);
}

/**
 * Reads the settings file. Never throws for a bad or unreadable file: the app then starts on
 * defaults, and a file it cannot keep aside is never written over (read-only document).
 */
export async function loadSettingsDocument(
  path: string,
  opts: { now?: () => Date } = {},
): Promise<LoadedDocument> {
  const now = (opts.now ?? (() => new Date()))();
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      return { settings: defaultSettings(), document: freshDocument() };
    }
    const document = freshDocument();
    document.readOnly = `the settings file cannot be read: ${plainFileError(err)}`;
    return {
      settings: defaultSettings(),
      document,
      notice: {
        kind: 'corrupt',
        message: `The settings file ${path} cannot be read (${plainFileError(err)}); defaults are in use and nothing will be saved this run.`,
        readOnly: document.readOnly,
      },
    };
  }
  let error: string;
  try {
    const parsed = parseSettingsDocument(JSON.parse(text));
    if (parsed.ok) {
      const { document, problems } = parsed;
      const result: LoadedDocument = { settings: parsed.settings, document };
      if (parsed.migrated) result.migrated = true;
      if (Object.keys(parsed.extractedSecrets).length > 0) {
        result.extractedSecrets = parsed.extractedSecrets;
      }
      if (document.newerVersion || problems.length > 0) {
        // The original is copied before the first write over it (see persist.ts).
        const keptAs = await freeName(
          document.newerVersion
            ? `${path}.v${document.fileVersion}-backup-${stamp(now)}`
            : `${path}.invalid-${stamp(now)}`,
        );
        document.backupSuffix = keptAs.slice(path.length);
        result.notice = document.newerVersion
          ? {
              kind: 'newer-version',
              message: `The settings file was written by a newer version of the app (settings version ${document.fileVersion}, this one reads ${SETTINGS_VERSION}). What this version does not understand is kept as it is; a copy of the original is kept as ${keptAs} before anything is saved.`,
              keptAs,
              ...(problems.length > 0 ? { problems } : {}),
            }
          : {
              kind: 'invalid-fields',
              message: `Some settings were invalid and use their defaults: ${problems.map((p) => p.path).join(', ')}. Everything else was kept; the original file is kept as ${keptAs} before anything is saved.`,
              keptAs,
              problems,
            };
      }
      return result;
    }
    error = `invalid settings: ${parsed.error}`;
  } catch (err) {
    error = `not valid JSON: ${err instanceof Error ? err.message : String(err)}`;
  }
  // Unusable: keep it aside, start on defaults. If it cannot be moved, never write over it.
  const document = freshDocument();
  let keptAs: string | undefined;
  let moveError = '';
  try {
    keptAs = await freeName(`${path}.corrupt-${stamp(now)}`);
    await rename(path, keptAs);
  } catch (err) {
    keptAs = undefined;
    moveError = plainFileError(err);
    document.readOnly = `the unreadable settings file could not be moved aside (${moveError}), so it is not written over`;
  }
  return {
    settings: defaultSettings(),
    document,
    notice: {
      kind: 'corrupt',
      message: keptAs
        ? `The settings file could not be read (${error}). It was kept as ${keptAs} and the app started from defaults.`
        : `The settings file ${path} could not be read (${error}) and could not be moved aside (${moveError}); the app runs on defaults and nothing will be saved this run.`,
      ...(keptAs ? { keptAs } : {}),
      ...(document.readOnly ? { readOnly: document.readOnly } : {}),
    },
  };
}
