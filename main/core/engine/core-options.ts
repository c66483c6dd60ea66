// What createCore takes, and the instance dependencies made of it (real clients, files and
// backoff unless a test injects its own).
import { readFile as fsReadFile } from 'node:fs/promises';
import { AlertmanagerClient } from '../api/client.ts';
import type { Clock, SecretStore } from '../service.ts';
import { parseSettings } from '../settings/schema.ts';
import type { Settings } from '../settings/types.ts';
import type { HygieneMemory } from '../silences/hygiene-memory.ts';
import type { AckLedgerStore } from '../silences/ack-ledger.ts';
import type { ClientFactory, InstanceDeps } from './instance.ts';
import type { WatchdogMemoryStore } from './pipeline-watch.ts';

export interface CoreOptions {
  settings: Settings;
  secrets: SecretStore;
  clock?: Clock;
  /** Default silence author when settings.silences.author is empty. */
  osUser?: string;
  /** Reads TLS PEM files named in settings; default fs.readFile (utf8). */
  readFile?: (path: string) => Promise<string>;
  /** Builds API clients; default the real AlertmanagerClient. */
  createClient?: ClientFactory;
  /** Uniform [0,1) for backoff jitter; default Math.random. */
  random?: () => number;
  /** Backoff cap; default 5 minutes. */
  maxBackoffMs?: number;
  /**
   * Where this install keeps the ids of the acks it wrote (silences/ack-ledger.ts; the shells
   * give a file next to the settings). Default: this run's memory only.
   */
  ackLedger?: AckLedgerStore;
  /** Where silence hygiene keeps its clocks; shared with the HistoryService (memory only without). */
  hygieneMemory?: HygieneMemory;
  /** Where the dead-man's switch remembers which clusters have a Watchdog (this run only without). */
  watchdogMemory?: WatchdogMemoryStore;
  /** Alerts from which polls finishing close together are merged together (COALESCE_FROM). */
  coalesceFrom?: number;
}

export function instanceDeps(o: CoreOptions, clock: Clock): Omit<InstanceDeps, 'onCycle'> {
  return {
    clock,
    secrets: o.secrets,
    readFile: o.readFile ?? ((p) => fsReadFile(p, 'utf8')),
    createClient: o.createClient ?? ((c) => new AlertmanagerClient(c)),
    ...(o.random ? { random: o.random } : {}),
    ...(o.maxBackoffMs !== undefined ? { maxBackoffMs: o.maxBackoffMs } : {}),
  };
}

/** Settings as parsed (defaults filled in); throws on invalid ones. */
export function validSettings(s: Settings): Settings {
  const parsed = parseSettings(s);
  if (!parsed.ok) throw new Error(`invalid settings: ${parsed.error}`);
  return parsed.settings;
}
