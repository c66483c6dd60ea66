// The fast /alerts/groups reader must agree with the zod schema exactly: the same result for
// every body it accepts, and never accepting a body the schema rejects (then zod's own error
// is what the user sees). Checked on real-shaped bodies and on thousands of random breakages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AlertGroupsReader } from '../../../main/core/api/alert-groups-reader.ts';
import { alertGroupsResponse } from '../../../main/core/api/schemas.ts';
import { StringPool } from '../../../main/core/api/string-pool.ts';
import { groupsPayload, prng } from '../../bench/lib/fixtures.ts';

function body(): unknown {
  const groups = JSON.parse(
    JSON.stringify(groupsPayload([0, 1, 2, 3, 4, 5, 6, 7], { alerts: 8, alertnames: 3, seed: 5 })),
  ) as Record<string, unknown>[];
  const alerts = groups.flatMap((g) => g['alerts'] as Record<string, unknown>[]);
  // The shapes real servers send besides the plain one:
  // silenced and inhibited alerts; Go's nil slices as null (compatible servers);
  alerts[0]!['status'] = { state: 'suppressed', silencedBy: ['s1'], inhibitedBy: [] };
  alerts[1]!['status'] = { state: 'suppressed', silencedBy: null, inhibitedBy: ['fp9'] };
  // fields of newer Alertmanagers: 0.28+ mutedBy (the server then says suppressed, see
  // api/v2/compat.go), an empty mutedBy, 0.34 routeLabels (set and empty); unknown keys;
  alerts[2]!['status'] = {
    state: 'suppressed',
    silencedBy: [],
    inhibitedBy: [],
    mutedBy: ['nights'],
  };
  (alerts[6]!['status'] as Record<string, unknown>)['mutedBy'] = [];
  groups[0]!['routeLabels'] = { team: 'db' };
  groups[1]!['routeLabels'] = {};
  alerts[3]!['somethingNew'] = { nested: true };
  // no generatorURL, and an empty annotation set.
  delete alerts[4]!['generatorURL'];
  alerts[5]!['annotations'] = {};
  return groups;
}

const read = (json: unknown) => new AlertGroupsReader(new StringPool()).read(json);

describe('AlertGroupsReader', () => {
  it('gives what the schema gives for the bodies servers send', () => {
    const json = body();
    const want = alertGroupsResponse.parse(structuredClone(json));
    const got = read(json);
    assert.ok(got, 'accepted');
    assert.deepEqual(got, want);
    // JSON-equal too (key order, no undefined fields): the window gets the same bytes.
    assert.equal(JSON.stringify(got), JSON.stringify(want));
    // Newer servers' fields are kept where set, absent where empty.
    assert.deepEqual(got[0]!.routeLabels, { team: 'db' });
    assert.equal('routeLabels' in got[1]!, false);
    const all = got.flatMap((g) => g.alerts);
    assert.deepEqual(all[2]!.status.mutedBy, ['nights']);
    assert.equal('mutedBy' in all[6]!.status, false);
  });

  it('shares receiver lists and empty lists between alerts', () => {
    const got = read(body())!;
    const alerts = got.flatMap((g) => g.alerts);
    const byReceiver = new Map<string, unknown>();
    for (const a of alerts) {
      const k = a.receivers.map((r) => r.name).join();
      if (byReceiver.has(k)) assert.equal(a.receivers, byReceiver.get(k));
      byReceiver.set(k, a.receivers);
    }
    const plain = alerts.filter((a) => a.status.state === 'active');
    assert.ok(plain.length >= 2);
    assert.equal(plain[0]!.status, plain[1]!.status, 'the common status is one object');
    assert.throws(() => plain[0]!.status.silencedBy.push('x'), 'the shared empty list is frozen');
  });

  it('never accepts what the schema rejects, and agrees on what both accept', () => {
    const r = prng(7);
    const replacements: unknown[] = [
      null,
      0,
      1.5,
      true,
      '',
      'not a date',
      '2026-01-01T00:00:00Z',
      [],
      ['x'],
      [1],
      {},
      { name: 'r' },
      { state: 'active', silencedBy: [], inhibitedBy: [] },
      { state: 'firing', silencedBy: [], inhibitedBy: [] },
    ];
    let accepted = 0;
    let rejected = 0;
    for (let n = 0; n < 3000; n++) {
      const json = body();
      // Walk to a random place in the body and break it: replace a value, or delete a key.
      let node: unknown = json;
      let parent: Record<string, unknown> | unknown[] | undefined;
      let key: string | number | undefined;
      const depth = 1 + Math.floor(r() * 6);
      for (let d = 0; d < depth && typeof node === 'object' && node !== null; d++) {
        const keys = Object.keys(node);
        if (keys.length === 0) break;
        parent = node as Record<string, unknown>;
        key = keys[Math.floor(r() * keys.length)]!;
        node = (parent as Record<string, unknown>)[key];
      }
      if (!parent || key === undefined) continue;
      if (r() < 0.15 && !Array.isArray(parent)) delete (parent as Record<string, unknown>)[key];
      else
        (parent as Record<string, unknown>)[key] = structuredClone(
          replacements[Math.floor(r() * replacements.length)],
        );
      const zod = alertGroupsResponse.safeParse(structuredClone(json));
      const got = read(json);
      if (got === undefined) {
        rejected++;
        continue;
      }
      accepted++;
      assert.ok(zod.success, `accepted a body the schema rejects: ${JSON.stringify(json)}`);
      assert.deepEqual(got, zod.data);
    }
    assert.ok(accepted > 100 && rejected > 100, `${accepted} accepted, ${rejected} rejected`);
  });

  it('keeps the string pool to the last two bodies', () => {
    const pool = new StringPool();
    const reader = new AlertGroupsReader(pool);
    for (let k = 0; k < 10; k++) {
      const json = JSON.parse(
        JSON.stringify(
          groupsPayload([k * 100, k * 100 + 1], { alerts: 2, alertnames: 1, seed: k }),
        ),
      ) as unknown;
      assert.ok(reader.read(json));
    }
    const one = new StringPool();
    new AlertGroupsReader(one).read(
      JSON.parse(JSON.stringify(groupsPayload([0, 1], { alerts: 2, alertnames: 1, seed: 1 }))),
    );
    assert.ok(pool.size <= 2 * one.size + 10, `${pool.size} strings after 10 bodies`);
  });

  it('keeps between bodies only the strings a body repeated', () => {
    // (Which copy is returned cannot be observed from JS; the heap test in
    // merge-reuse.test.ts checks that one copy is kept.)
    const pool = new StringPool();
    const fresh = (s: string): string => JSON.parse(JSON.stringify(s)) as string;
    pool.get(fresh('critical'));
    pool.get(fresh('critical'));
    pool.get(fresh('10.0.0.1:9100')); // one alert's own value
    assert.equal(pool.size, 2);
    pool.rotate();
    assert.equal(pool.size, 1, 'only the repeated value is kept between bodies');
    pool.get(fresh('critical'));
    pool.rotate();
    assert.equal(pool.size, 0, 'a value not repeated in the last body is dropped');
  });
});
