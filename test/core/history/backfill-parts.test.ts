// The backfill's pure parts: an ALERTS series' points to episodes (only those that ended
// inside the range; one already firing at its start without its start), the query step,
// the Prometheus base URL from a generatorURL, and Alertmanager's fingerprint of a label set.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { episodesInside, stepFor } from '../../../main/core/history/backfill/episodes.ts';
import { fingerprintOf } from '../../../main/core/history/backfill/fingerprint.ts';
import { prometheusBaseOf } from '../../../main/core/history/backfill/prometheus-base.ts';

const S = 1_000;
const range = { fromMs: 0, toMs: 100 * S, stepMs: 10 * S };
const points = (...s: number[]) => s.map((x) => x * S);

describe('backfill parts', () => {
  it('finds the episodes that ended inside the range', () => {
    // Fired at 20-40 s, again at 70 s (one point): both ended inside.
    assert.deepEqual(episodesInside(points(20, 30, 40, 70), range), [
      { firedAt: 20 * S, resolvedAt: 50 * S },
      { firedAt: 70 * S, resolvedAt: 80 * S },
    ]);
    // Firing at the range's first point: it began before; only its end is known.
    assert.deepEqual(episodesInside(points(0, 10), range), [{ resolvedAt: 20 * S }]);
    // Firing at its last point (100 s): still firing when the app looked again.
    assert.deepEqual(episodesInside(points(80, 90, 100), range), []);
    // A missing point more than 1.5 steps long splits an episode.
    assert.equal(episodesInside(points(20, 30, 50, 60), range).length, 2);
    assert.deepEqual(episodesInside([], range), []);
  });

  it('asks at the finest step under 11,000 points, at least a second', () => {
    assert.equal(stepFor(0, 30 * S), S);
    assert.equal(stepFor(0, 8 * 3_600 * S), 3 * S);
    assert.equal(stepFor(0, 7 * 86_400 * S), 61 * S);
    assert.ok((7 * 86_400) / 61 < 11_000);
  });

  it("reads Prometheus' base URL from a generatorURL", () => {
    const g = (u: string) => prometheusBaseOf(u);
    assert.equal(g('http://prom:9090/graph?g0.expr=up%3D%3D0&g0.tab=1'), 'http://prom:9090');
    assert.equal(
      g('https://mon.example/prometheus/graph?g0.expr=x'),
      'https://mon.example/prometheus',
    );
    // Grafana's alerting links, odd or empty URLs, credentials and other schemes: none.
    assert.equal(g('https://grafana.example/alerting/grafana/abc/view'), undefined);
    assert.equal(g(''), undefined);
    assert.equal(g('not a url'), undefined);
    assert.equal(g('https://u:p@prom.example/graph'), undefined);
    assert.equal(g('javascript:alert(1)//graph'), undefined);
    assert.equal(g(`http://prom/${'a'.repeat(3_000)}/graph`), undefined);
  });

  it("computes Alertmanager's fingerprint (FNV-1a over sorted names and values)", () => {
    // prometheus/common: the empty label set's signature is the FNV-64 offset basis.
    assert.equal(fingerprintOf({}), 'cbf29ce484222325');
    const a = fingerprintOf({ alertname: 'Blink', severity: 'warning', job: 'x' });
    assert.equal(a, fingerprintOf({ job: 'x', severity: 'warning', alertname: 'Blink' }));
    assert.match(a, /^[0-9a-f]{16}$/);
    // Names and values are separated: {a: "bc"} is not {ab: "c"}.
    assert.notEqual(fingerprintOf({ a: 'bc' }), fingerprintOf({ ab: 'c' }));
  });
});
