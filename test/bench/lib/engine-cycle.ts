// One core cycle after parsing, called directly on the engine's own modules (no network):
// merge every instance's last good data into the view (Merger), diff against the previous
// view (diffViews), and serialise the delta the renderer would receive.
import type { ViewMessage } from '../../../main/core/model/view.ts';
import { diffViews } from '../../../main/core/engine/delta.ts';
import { Merger, type MergeInput, type MergedView } from '../../../main/core/engine/merge.ts';
import { DEFAULT_SEVERITY_ORDER } from '../../../main/core/settings/defaults.ts';
import type { EngineFeed } from './engine-feed.ts';

export interface CycleResult {
  /** Bytes of the JSON message sent to the renderer (0: no delta at all). */
  deltaBytes: number;
  upserts: number;
  removes: number;
}

export class EngineCycle {
  private readonly merger = new Merger();
  private prev: MergedView | undefined;
  private seq = 0;

  constructor(private readonly feed: EngineFeed) {}

  /** Input for the next cycle: fresh payload objects for every instance (not timed). */
  prepare(): MergeInput {
    const payloads = this.feed.payloads();
    return {
      instances: this.feed.instances.map((inst, k) => ({
        view: { ...inst.view },
        data: { groups: payloads[k]!, silences: [] },
      })),
      clusterNames: {},
      severityLabel: 'severity',
      severityOrder: [...DEFAULT_SEVERITY_ORDER],
    };
  }

  /** The timed part: merge, diff, serialise. */
  run(input: MergeInput): CycleResult {
    const next = this.merger.merge(input, this.prev);
    let result: CycleResult = { deltaBytes: 0, upserts: 0, removes: 0 };
    if (this.prev) {
      const delta = diffViews(this.prev, next, this.seq + 1);
      if (delta) {
        this.seq = delta.seq;
        const message: ViewMessage = { type: 'delta', delta };
        const count = (o: Record<string, unknown[] | undefined>): number =>
          Object.values(o).reduce((n, l) => n + (l?.length ?? 0), 0);
        result = {
          deltaBytes: Buffer.byteLength(JSON.stringify(message)),
          upserts: count(delta.upsert),
          removes: count(delta.remove),
        };
      }
    }
    this.prev = next;
    return result;
  }

  /** Size of the current view as a snapshot message (what a new subscriber receives). */
  snapshotBytes(): number {
    if (!this.prev) return 0;
    const message: ViewMessage = { type: 'snapshot', snapshot: { seq: this.seq, ...this.prev } };
    return Buffer.byteLength(JSON.stringify(message));
  }
}
