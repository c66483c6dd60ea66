// Shared bits of the engine tests: settings for real servers, an in-memory SecretStore and a
// recorder of everything a Core emits.
import { MemorySecretStore as MemorySecrets } from '../../../main/core/secrets/memory-secret-store.ts';
import type { AppNotification, CoreEvent } from '../../../main/core/model/events.ts';
import type { ViewDelta, ViewSnapshot } from '../../../main/core/model/view.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { Clock, Core } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { InstanceSettings, Settings } from '../../../main/core/settings/types.ts';
import { waitFor } from '../../support/wait.ts';

export { MemorySecrets };

export function settingsFor(
  urls: string[],
  extra: Partial<InstanceSettings> = {},
  base: Partial<Settings> = {},
): Settings {
  const s = defaultSettings();
  s.instances = urls.map((url, i) =>
    defaultInstance({
      id: `am${i + 1}`,
      name: `am${i + 1}`,
      url,
      pollIntervalSec: 2,
      timeoutSec: 30,
      ...extra,
    }),
  );
  return { ...s, ...base };
}

export class Recorder {
  snapshots: ViewSnapshot[] = [];
  deltas: ViewDelta[] = [];
  events: CoreEvent[] = [];
  notifications: AppNotification[] = [];
  #offs: (() => void)[] = [];

  constructor(core: Core) {
    this.#offs.push(
      core.subscribe((m) => {
        if (m.type === 'snapshot') this.snapshots.push(m.snapshot);
        else this.deltas.push(m.delta);
      }),
      core.onEvents((e) => this.events.push(...e)),
      core.onNotification((n) => this.notifications.push(n)),
    );
  }

  clear(): void {
    this.deltas = [];
    this.events = [];
    this.notifications = [];
  }

  eventsOf(type: CoreEvent['type']): CoreEvent[] {
    return this.events.filter((e) => e.type === type);
  }

  close(): void {
    for (const off of this.#offs) off();
  }
}

/** Health and last error of every instance, for failure messages. */
export function describeInstances(core: Core): string {
  return JSON.stringify(
    Object.values(core.snapshot().instances).map((i) => ({
      id: i.id,
      health: i.health,
      error: i.lastError,
    })),
  );
}

/** waitFor that adds the instances' health to the timeout message. */
export async function waitForCore<T>(
  core: Core,
  fn: () => Promise<T | undefined | false>,
  opts: { timeoutMs?: number; message?: string } = {},
): Promise<T> {
  try {
    return await waitFor(fn, opts);
  } catch (e) {
    throw new Error(`${(e as Error).message}; instances: ${describeInstances(core)}`, { cause: e });
  }
}

/**
 * A started core on the fake clock over one real server `am1` polled every 5 minutes (tests
 * drive the polls with refresh), with osUser `tester`.
 */
export function fakeClockCore(url: string, clock: Clock): Core {
  const settings = defaultSettings();
  settings.instances = [defaultInstance({ id: 'am1', name: 'am1', url, pollIntervalSec: 300 })];
  const core = createCore({ settings, secrets: new MemorySecrets(), clock, osUser: 'tester' });
  core.start();
  return core;
}
