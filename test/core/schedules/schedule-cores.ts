// Cores of app installs against real Alertmanagers for the schedule tests, plus a direct read
// of a server's silences (what is really stored, not what a core believes).
import { createCore } from '../../../main/core/engine/create-core.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import type { Core } from '../../../main/core/service.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import type { GettableSilence } from '../../../main/core/api/types.ts';
import { occurrenceOf, type OccurrenceTag } from '../../../main/core/schedules/identity.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { waitFor } from '../../support/wait.ts';

export class ScheduleCores {
  // Never behind the server's clock: occurrences must start in the server's future.
  readonly clock = new FakeClock(Date.now() + 1000);
  readonly #cores: Core[] = [];

  open(settings: Settings): Core {
    const core = createCore({
      settings,
      secrets: new MemorySecretStore(),
      clock: this.clock,
      osUser: 'oncall',
    });
    core.start();
    this.#cores.push(core);
    return core;
  }

  /** Refreshes until every cluster of the core has answered. */
  async ready(core: Core): Promise<void> {
    await waitFor(
      async () => {
        await core.refresh();
        const clusters = Object.values(core.snapshot().clusters);
        return clusters.length > 0 && clusters.every((c) => c.health === 'ok' && !c.stale);
      },
      { timeoutMs: 20_000, message: 'clusters answered' },
    );
  }

  async close(): Promise<void> {
    for (const c of this.#cores) await c.stop();
  }
}

export type Stored = GettableSilence & { tag: OccurrenceTag };

/** The live occurrence silences a server holds (pending and active). */
export async function storedOccurrences(url: string): Promise<Stored[]> {
  const res = await fetch(`${url}/api/v2/silences`);
  const all = (await res.json()) as GettableSilence[];
  const out: Stored[] = [];
  for (const s of all) {
    const tag = occurrenceOf(s);
    if (tag && s.status.state !== 'expired') out.push({ ...s, tag });
  }
  return out.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
