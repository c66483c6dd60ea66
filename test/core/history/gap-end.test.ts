// The end of a filled gap is the moment the app looked again. The query's last point is that
// moment (it was up to a step earlier: an episode that ended in between looked still firing,
// the app's first data no longer held it, and neither recorded it). An episode that ended as
// the app looked is left to the app when its first data holds the alert (it saw it firing and
// records the end itself), and filled when it does not.
//
// Prometheus answers from a stand-in speaking its HTTP API's shapes (web/api/v1/api.go:
// queryRange's matrix of [seconds, "value"] pairs, and status/config's YAML): the real one
// (backfill.test.ts) cannot be made to end an episode at a chosen millisecond.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fillGap } from '../../../main/core/history/backfill/gap-filler.ts';
import { fingerprintOf } from '../../../main/core/history/backfill/fingerprint.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import { MemorySecrets } from '../engine/helpers.ts';
import { alert, snapshot } from '../policy/view-fixtures.ts';

const S = 1_000;
const TO = Date.parse('2026-11-29T09:00:00.500Z');

describe('the end of a filled gap', () => {
  let server: Server;
  let url = '';
  /** Per alertname: the seconds before TO at which it fired (a query step is 1 s). */
  let firing: Record<string, number[]> = {};
  let asked: URLSearchParams | undefined;

  before(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (u.pathname === '/api/v1/status/config') {
        res.end(JSON.stringify({ status: 'success', data: { yaml: 'global: {}\n' } }));
        return;
      }
      asked = u.searchParams;
      const result = Object.entries(firing).map(([name, ago]) => ({
        metric: { __name__: 'ALERTS', alertname: name, alertstate: 'firing' },
        values: ago.map((s) => [(TO - s * S) / 1000, '1']),
      }));
      res.end(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  async function fill(inView: string[]) {
    const settings = defaultSettings();
    settings.instances = [
      defaultInstance({ id: 'c1-i1', url: 'http://127.0.0.1:1', prometheusUrl: url }),
    ];
    const view = snapshot({
      alerts: inView.map((name) => {
        const l = { alertname: name };
        return alert({ labels: l, fingerprint: fingerprintOf(l) });
      }),
    });
    const records = await fillGap(
      {
        settings: () => settings,
        snapshot: () => view,
        secrets: new MemorySecrets(),
        readFile: async () => '',
        lateMs: 7_300,
      },
      { fromMs: TO - 30 * S, toMs: TO },
      new Map(),
    );
    return records
      .filter((r) => r.kind !== 'gap')
      .map((r) => [r.alertname, r.kind, TO - r.at])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(b[2]) - Number(a[2]));
  }

  it("asks Prometheus up to the moment the app looked again, on the query's grid", async () => {
    firing = {};
    await fill([]);
    const start = Number(asked?.get('start')) * 1000;
    const end = Number(asked?.get('end')) * 1000;
    assert.equal(end, TO);
    assert.equal(asked?.get('step'), '1s');
    assert.equal((end - start) % S, 0, 'the last point is the end');
    assert.ok(start <= TO - 37_300, 'from the gap less how late the app may see a change');
  });

  it('an episode that ended as the app looked: filled unless the app saw it', async () => {
    // Ended: last firing point 2 s before the end (it stopped within the second after).
    // Again: ended 20 s before, then fired again and still fires at the end.
    // Early: ended 20 s before; Late: fired until the last point.
    firing = {
      Ended: [6, 5, 4, 3, 2],
      Again: [25, 24, 23, 22, 21, 3, 2, 1, 0],
      Early: [25, 24, 23, 22, 21],
      Late: [4, 3, 2, 1, 0],
    };
    // Nothing in the app's first data: Ended is filled whole; Again's first episode too.
    assert.deepEqual(await fill([]), [
      ['Again', 'fired', 25 * S],
      ['Again', 'resolved', 20 * S],
      ['Early', 'fired', 25 * S],
      ['Early', 'resolved', 20 * S],
      ['Ended', 'fired', 6 * S],
      ['Ended', 'resolved', 1 * S],
    ]);
    // The app's first data holds all four: Ended is the app's to record; Again's first
    // episode and Early ended long before it looked.
    assert.deepEqual(await fill(['Ended', 'Again', 'Early', 'Late']), [
      ['Again', 'fired', 25 * S],
      ['Again', 'resolved', 20 * S],
      ['Early', 'fired', 25 * S],
      ['Early', 'resolved', 20 * S],
    ]);
  });
});
