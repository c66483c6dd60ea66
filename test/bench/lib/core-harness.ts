// A real core (createCore) pointed at real servers, for the end-to-end cases and the fault
// suite: settings with one instance per URL, an in-memory SecretStore, and helpers to watch
// what subscribers receive.
import { MemorySecretStore as MemorySecrets } from '../../../main/core/secrets/memory-secret-store.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import type { AppNotification } from '../../../main/core/model/events.ts';
import type { ViewMessage } from '../../../main/core/model/view.ts';
import type { Clock, Core, SecretStore } from '../../../main/core/service.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { InstanceSettings, Settings } from '../../../main/core/settings/types.ts';

export { MemorySecrets };

export interface CoreUnderTest {
  core: Core;
  settings: Settings;
  /** Every message the view subscription received, in order (snapshot first). */
  messages: ViewMessage[];
  /** Every notification, with the wall-clock time it arrived. */
  notifications: { at: number; notification: AppNotification }[];
  stop(): Promise<void>;
}

export function startCore(opts: {
  instances: Partial<InstanceSettings>[];
  settings?: (s: Settings) => void;
  secrets?: SecretStore;
  clock?: Clock;
  start?: boolean;
}): CoreUnderTest {
  const settings = defaultSettings();
  settings.instances = opts.instances.map((p, i) =>
    defaultInstance({ id: `i${i}`, name: `i${i}`, ...p }),
  );
  opts.settings?.(settings);
  const core = createCore({
    settings,
    secrets: opts.secrets ?? new MemorySecrets(),
    ...(opts.clock ? { clock: opts.clock } : {}),
    osUser: 'bench',
  });
  const messages: ViewMessage[] = [];
  const notifications: CoreUnderTest['notifications'] = [];
  const unsubscribe = core.subscribe((m) => messages.push(m));
  const offNotify = core.onNotification((n) =>
    notifications.push({ at: Date.now(), notification: n }),
  );
  if (opts.start !== false) core.start();
  return {
    core,
    settings,
    messages,
    notifications,
    async stop() {
      unsubscribe();
      offNotify();
      await core.stop();
    },
  };
}

/** Bytes of the JSON of messages received from index `from` on. */
export function messageBytes(messages: readonly ViewMessage[], from: number): number {
  let n = 0;
  for (let i = from; i < messages.length; i++) n += Buffer.byteLength(JSON.stringify(messages[i]));
  return n;
}
