// Cores of app installs on one real Alertmanager, on a fake clock, for the ack tests: each
// install has its own settings folder (its ack ledger file) under one temp dir, so a core
// opened again for the same install is a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { AckLedgerFile } from '../../../main/core/files/ack-ledger-file.ts';
import { MemorySecretStore } from '../../../main/core/secrets/memory-secret-store.ts';
import type { Core } from '../../../main/core/service.ts';
import type { Settings } from '../../../main/core/settings/types.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { waitFor } from '../../support/wait.ts';

export class AckCores {
  // Never behind the server's clock: silences the core writes must end in the server's future.
  readonly clock = new FakeClock(Date.now() + 1000);
  readonly #dir = mkdtempSync(join(tmpdir(), 'ack-cores-'));
  readonly #cores: Core[] = [];
  readonly #settings: () => Settings;

  constructor(settings: () => Settings) {
    this.#settings = settings;
  }

  ledgerPath(install: string): string {
    return join(this.#dir, install, 'acks.json');
  }

  /** A started core of `install`, whose OS user is `author`. */
  open(install: string, author: string): Core {
    const core = createCore({
      settings: this.#settings(),
      secrets: new MemorySecretStore(),
      clock: this.clock,
      osUser: author,
      ackLedger: new AckLedgerFile(this.ledgerPath(install)),
    });
    core.start();
    this.#cores.push(core);
    return core;
  }

  /** Cycles of `list` (a second on) until `ok`. */
  async until(list: Core[], ok: () => boolean, what: string): Promise<void> {
    await waitFor(
      async () => {
        await this.clock.advance(1000);
        for (const c of list) await c.refresh();
        return ok();
      },
      { timeoutMs: 20_000, message: what },
    );
  }

  async close(): Promise<void> {
    for (const c of this.#cores) await c.stop();
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

export const alertOf = (core: Core, name: string) =>
  Object.values(core.snapshot().alerts).find((a) => a.labels.alertname === name);
