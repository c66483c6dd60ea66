// Where the dead-man's switch remembers which clusters have a Watchdog (engine/pipeline-watch.ts):
// `watchdog.json` next to the settings, private (0600) and written atomically. Without it a
// restart forgot every cluster, so a Watchdog that stopped while the app was closed was never
// missed ("seen since the app started" was never true again). Entries of another shape are
// skipped on read; a file that cannot be read as an object is never written over.
import type { WatchdogMemoryStore, WatchdogSeen } from '../engine/pipeline-watch.ts';
import { readJsonObject, updateJsonObject } from './json-object-file.ts';
import { SerialQueue } from './private-file.ts';

export class WatchdogSeenFile implements WatchdogMemoryStore {
  readonly #path: string;
  readonly #queue = new SerialQueue();

  constructor(path: string) {
    this.#path = path;
  }

  async load(): Promise<WatchdogSeen> {
    const obj = await readJsonObject(this.#path);
    const seen: Record<string, number> = {};
    const raw = obj.seen;
    if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      for (const [id, at] of Object.entries(raw as Record<string, unknown>)) {
        if (typeof at === 'number' && Number.isFinite(at)) seen[id] = at;
      }
    }
    return { matcher: typeof obj.matcher === 'string' ? obj.matcher : '', seen };
  }

  save(memory: WatchdogSeen): Promise<void> {
    return updateJsonObject(
      this.#path,
      this.#queue,
      (obj) => {
        obj.matcher = memory.matcher;
        obj.seen = memory.seen;
      },
      'Watchdog memory',
    );
  }
}
