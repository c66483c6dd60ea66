// A real core (createCore) for the fault suite, with everything it emits recorded, and the
// checks every fault ends with: right health and error, last good data kept and marked stale,
// no duplicate notification.
import { MemorySecretStore as MemorySecrets } from '../../../main/core/secrets/memory-secret-store.ts';
import assert from 'node:assert/strict';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { AppNotification, CoreEvent } from '../../../main/core/model/events.ts';
import type { ViewDelta, ViewSnapshot } from '../../../main/core/model/view.ts';
import type { Clock, Core } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { InstanceSettings, Settings } from '../../../main/core/settings/types.ts';
import { waitFor } from '../../support/wait.ts';

export { MemorySecrets };

export interface Watched {
  core: Core;
  settings: Settings;
  deltas: ViewDelta[];
  events: CoreEvent[];
  notifications: AppNotification[];
  stop(): Promise<void>;
}

/** Starts a core on the given instances (id `i0`, `i1`, ... unless given). */
export function watchCore(opts: {
  instances: Partial<InstanceSettings>[];
  clock?: Clock;
  edit?: (s: Settings) => void;
}): Watched {
  const settings = defaultSettings();
  settings.instances = opts.instances.map((p, i) =>
    defaultInstance({ id: `i${i}`, name: `i${i}`, pollIntervalSec: 2, timeoutSec: 10, ...p }),
  );
  opts.edit?.(settings);
  const core = createCore({
    settings,
    secrets: new MemorySecrets(),
    ...(opts.clock ? { clock: opts.clock } : {}),
    osUser: 'fault-suite',
    // Deterministic backoff jitter.
    random: () => 0.5,
  });
  const w: Watched = {
    core,
    settings,
    deltas: [],
    events: [],
    notifications: [],
    async stop() {
      for (const off of offs) off();
      await core.stop();
    },
  };
  const offs = [
    core.subscribe((m) => {
      if (m.type === 'delta') w.deltas.push(m.delta);
    }),
    core.onEvents((e) => w.events.push(...e)),
    core.onNotification((n) => w.notifications.push(n)),
  ];
  core.start();
  return w;
}

/**
 * Refreshes until every instance of `w` is healthy in one and the same cluster (peers answering
 * their first poll one by one join it), and `also` holds.
 */
export async function untilOneHealthyCluster(
  w: Watched,
  also: (s: ViewSnapshot) => boolean = () => true,
): Promise<void> {
  const ids = w.settings.instances.map((i) => i.id);
  await waitFor(
    async () => {
      await w.core.refresh();
      const s = w.core.snapshot();
      return (
        ids.every((id) => s.instances[id]?.health === 'ok') &&
        new Set(ids.map((id) => s.instances[id]!.clusterId)).size === 1 &&
        also(s)
      );
    },
    { timeoutMs: 30_000, message: 'core did not see one healthy cluster' },
  );
}

/** Notifications that stand for alert-firing (or unsuppressed) events of these fingerprints. */
export function firingNotificationsFor(
  w: Watched,
  fingerprints: Iterable<string>,
): AppNotification[] {
  const set = new Set(fingerprints);
  return w.notifications.filter((n) =>
    n.events.some(
      (e) =>
        (e.type === 'alert-firing' || e.type === 'alert-unsuppressed') && set.has(e.fingerprint),
    ),
  );
}

/**
 * The data of `before` is still shown: same alerts (by fingerprint), now marked stale in the
 * instance's cluster when `stale` says so.
 */
export function assertKept(before: ViewSnapshot, after: ViewSnapshot, stale: boolean): void {
  assert.deepEqual(
    Object.keys(after.alerts).sort(),
    Object.keys(before.alerts).sort(),
    'alerts kept',
  );
  for (const a of Object.values(after.alerts))
    assert.equal(a.stale, stale, `alert ${a.fingerprint} stale=${stale}`);
  assert.deepEqual(
    Object.keys(after.groups).sort(),
    Object.keys(before.groups).sort(),
    'groups kept',
  );
}
