// A small JSON object file that two versions of the app may share (the secrets files): read as
// it is, changed in place, written back atomically and private. What this version does not
// understand (other fields, entries of another shape, a newer version number) is written back
// untouched, and a file that exists but cannot be read as an object is never written over.
import { readFile } from 'node:fs/promises';
import { plainFileError } from './plain-error.ts';
import { writePrivateFileAtomic, type SerialQueue } from './private-file.ts';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The file's object; an empty one when the file does not exist. Throws when unusable. */
export async function readJsonObject(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`${path} cannot be read: ${plainFileError(err)}`, { cause: err });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(
      `${path} is not valid JSON (${err instanceof Error ? err.message : String(err)}); it is left as it is`,
      { cause: err },
    );
  }
  if (!isObject(parsed)) throw new Error(`${path} is not a JSON object; it is left as it is`);
  return parsed;
}

/** Read, change, write: one at a time through `queue`; errors name the file and the reason. */
export function updateJsonObject(
  path: string,
  queue: SerialQueue,
  change: (obj: Record<string, unknown>) => void,
  what = 'Secrets',
): Promise<void> {
  return queue.run(async () => {
    const obj = await readJsonObject(path);
    change(obj);
    try {
      await writePrivateFileAtomic(path, JSON.stringify(obj, null, 2) + '\n');
    } catch (err) {
      throw new Error(`${what} not saved to ${path}: ${plainFileError(err)}`, { cause: err });
    }
  });
}
