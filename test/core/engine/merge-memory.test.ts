// What the merger holds in memory across merges and polls: no chain of old views, and one
// copy of each unchanged alert (with the client's reader, as polls arrive).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { GettableAlert } from '../../../main/core/api/types.ts';
import { AlertGroupsReader } from '../../../main/core/api/alert-groups-reader.ts';
import { StringPool } from '../../../main/core/api/string-pool.ts';
import { diffViews } from '../../../main/core/engine/delta.ts';
import { Merger, type MergedView } from '../../../main/core/engine/merge.ts';
import { LATER, T, alert, copy, group, input, inst } from './merge-fixtures.ts';

/** Heap in use after a full GC, which node runs on demand without --expose-gc at start. */
function heapMb(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

describe('Merger memory', () => {
  it('keeps no chain of old views (what it remembers for the diff is bounded)', () => {
    const m = new Merger();
    let prev: MergedView | undefined;
    let n = 0;
    const cycle = (): void => {
      // 2,000 fresh alerts with sizeable text each cycle, 100 of them new.
      n += 100;
      const alerts = Array.from({ length: 2000 }, (_, i) =>
        alert(`f${n + i}`, `Rule${(n + i) % 50}`, {
          annotations: { summary: `about ${n + i} `.repeat(20) },
        }),
      );
      const byName = new Map<string, GettableAlert[]>();
      for (const a of alerts) {
        const list = byName.get(a.labels.alertname!) ?? [];
        list.push(a);
        byName.set(a.labels.alertname!, list);
      }
      const groups = [...byName].map(([name, list]) => group(name, list));
      const next = m.merge(input([inst('a', groups), inst('b', copy(groups))]), prev).view;
      if (prev) diffViews(prev, next, 1);
      prev = next;
    };
    for (let i = 0; i < 10; i++) cycle();
    const before = heapMb();
    for (let i = 0; i < 100; i++) cycle();
    const grown = heapMb() - before;
    // A chain of views would keep ~0.3 MB per merge here (30 MB); bounded memory stays flat.
    assert.ok(grown < 8, `heap grew ${grown.toFixed(1)} MB over 100 merges`);
  });
});

describe('Merger memory across polls', () => {
  it('holds one copy of each unchanged alert after polls that changed a few', () => {
    // As the client reads a poll: JSON.parse of the body, then the lean reader with the
    // client's string pool. Each poll changes 1 % of the alerts, so it is new data every time
    // and 99 % of it equals what the view was built from. Before the fix the record kept the
    // first poll's objects and strings while the data (and the pool's map keys) kept the new
    // ones: two copies of everything unchanged.
    const reader = new AlertGroupsReader(new StringPool());
    const N = 20_000;
    const body = (poll: number): string => {
      const alerts = Array.from({ length: N }, (_, i) => ({
        // Unique, sizeable values, as instance labels, links and fingerprints are.
        ...alert(`fp-${i.toString(16).padStart(12, '0')}`, `Rule${i % 40}`, {
          generatorURL: `http://prometheus.example/graph?g0.expr=up%7Binstance%3D%22${i}%22%7D`,
          labels: {
            alertname: `Rule${i % 40}`,
            severity: 'warning',
            team: 'db',
            namespace: 'payments',
            job: 'node',
            instance: `10.0.${i >> 8}.${i & 255}:9100`,
            pod: `payments-api-${i.toString(36)}-x7k2p`,
          },
          annotations: { summary: `host-${i} is down`, runbook_url: 'https://runbooks/x' },
          updatedAt:
            i % 100 === poll % 100
              ? `2026-11-21T02:${String(poll % 60).padStart(2, '0')}:00.000Z`
              : T,
        }),
      }));
      const byName = new Map<string, GettableAlert[]>();
      for (const a of alerts) {
        const list = byName.get(a.labels.alertname!) ?? [];
        list.push(a);
        byName.set(a.labels.alertname!, list);
      }
      return JSON.stringify([...byName].map(([name, list]) => group(name, list)));
    };
    const m = new Merger();
    let prev: MergedView | undefined;
    const poll = (k: number): void => {
      const groups = reader.read(JSON.parse(body(k)))!;
      prev = m.merge(input([inst('a', groups)]), prev).view;
    };
    const empty = heapMb();
    poll(0);
    const one = heapMb() - empty;
    for (let k = 1; k <= 5; k++) poll(k);
    const after = heapMb() - empty;
    assert.equal(Object.keys(prev!.alerts).length, N);
    // Measured: 1.02 fixed; 1.10 with the record's copy kept, 1.15 with the pool's keys.
    assert.ok(
      after < one * 1.06,
      `after 5 changed polls ${after.toFixed(1)} MB, after the first ${one.toFixed(1)} MB`,
    );
  });

  it('leaves the data as given; the reader gives an unchanged alert its previous object', () => {
    // The one copy of an unchanged alert comes from the client's reader (api/alert-reuse.ts),
    // not from the merge writing into the poll's arrays (it once did).
    const reader = new AlertGroupsReader(new StringPool());
    const a1 = [alert('f1', 'A'), alert('f2', 'A')];
    const m = new Merger();
    const firstData = reader.readText(JSON.stringify([group('A', a1)]))!;
    const first = m.merge(input([inst('a', firstData)]), undefined).view;
    const a2 = copy(a1);
    a2[1]!.updatedAt = LATER;
    const data = reader.readText(JSON.stringify([group('A', a2)]))!;
    const given = [...data[0]!.alerts];
    const second = m.merge(input([inst('a', data)]), first).view;
    // f1 unchanged: its record is the same object, and the new poll holds the first poll's
    // alert; f2 changed: the new one is taken. The merge wrote nothing into the data.
    assert.equal(second.alerts['f1'], first.alerts['f1']);
    assert.equal(data[0]!.alerts[0], firstData[0]!.alerts[0]);
    assert.notEqual(data[0]!.alerts[1], firstData[0]!.alerts[1]);
    assert.deepEqual(data[0]!.alerts, given);
    for (const [i, a] of given.entries()) assert.equal(data[0]!.alerts[i], a);
    assert.equal(second.alerts['f2']!.updatedAt, LATER);
  });

  it("the reader's reuse finds moved groups and alerts and gives back only equal ones", () => {
    const reader = new AlertGroupsReader(new StringPool());
    const [x, y, z] = [alert('f1', 'A'), alert('f2', 'A'), alert('f3', 'B')];
    const first = reader.readText(JSON.stringify([group('A', [x, y]), group('B', [z])]))!;
    // Groups and alerts in other positions, one alert changed, one group text changed.
    const yLater = { ...y, updatedAt: LATER };
    const zMoved = { ...z, labels: { ...z.labels, extra: 'x' } };
    const body = JSON.stringify([group('B', [zMoved, x]), group('A', [yLater, x])]);
    const second = reader.readText(body)!;
    assert.deepEqual(second, new AlertGroupsReader(new StringPool()).readText(body));
    const [b, a] = second;
    assert.equal(a!.alerts[1], first[0]!.alerts[0], 'x in A: the previous object');
    assert.notEqual(a!.alerts[0], first[0]!.alerts[1], 'y changed');
    assert.notEqual(b!.alerts[0], first[1]!.alerts[0], 'z: other labels, same fingerprint');
  });
});
