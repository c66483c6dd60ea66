// Where a long text cut short of room keeps its end (renderer/src/lib/format/tail-cut.ts):
// label values whose telling part is their end, and names that differ from their neighbours'
// at the end. Plain Node.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tailStart, tailStartAmong } from '../../renderer/src/lib/format/tail-cut.ts';

const tail = (s: string, at: number) => (at > 0 ? s.slice(at) : '');

describe('tailStart (label values)', () => {
  it('keeps the generated or ordinal end of workload names', () => {
    assert.equal(
      tail('checkout-api-7d9f8c6b5-x2k4p', tailStart('checkout-api-7d9f8c6b5-x2k4p')),
      '-x2k4p',
    );
    assert.equal(tail('kafka-broker-prod-12', tailStart('kafka-broker-prod-12')), '-prod-12');
    assert.equal(tail('db-primary-eu-west-2', tailStart('db-primary-eu-west-2')), '-west-2');
    assert.equal(tail('node_exporter_shard_7', tailStart('node_exporter_shard_7')), '_shard_7');
  });
  it('leaves ports, domains, words and short values cut at the end', () => {
    for (const v of [
      'ip-10-3-0-37.prod-us-1.compute.internal:9100',
      'alertmanager.example.com',
      'payments-gateway-frontend',
      'checkout-x2k4p',
      '10.2.3.4:8080',
    ])
      assert.equal(tailStart(v), 0, v);
  });
  it('never splits a character in two', () => {
    const v = 'service-name-long-a😀😀-12';
    const at = tailStart(v);
    assert.ok(at > 0);
    assert.ok(!/^[\uDC00-\uDFFF]/.test(v.slice(at)), JSON.stringify(v.slice(at)));
  });
});

describe('tailStartAmong (names beside each other)', () => {
  it('keeps the end when the names differ there', () => {
    const names = ['127.0.0.1:19093', '127.0.0.1:19094', '127.0.0.1:19095'];
    assert.equal(tail(names[1]!, tailStartAmong(names[1]!, names)), ':19094');
    const am = ['alertmanager-prod-eu-1', 'alertmanager-prod-eu-2'];
    assert.equal(tail(am[0]!, tailStartAmong(am[0]!, am)), '-prod-eu-1');
  });
  it('cuts at the end when they differ earlier, or stand alone', () => {
    const hosts = ['am.eu-west-1.example.com', 'am.us-east-1.example.com'];
    assert.equal(tailStartAmong(hosts[0]!, hosts), 0);
    assert.equal(tailStartAmong('alertmanager-prod-eu-1', ['alertmanager-prod-eu-1']), 0);
    assert.equal(tailStartAmong('am-eu', ['am-us']), 0);
  });
  it('never splits a cluster named after its members', () => {
    const names = ['127.0.0.1:19093, 127.0.0.1:19095', '127.0.0.1:19097'];
    assert.equal(tailStartAmong(names[0]!, names), 0);
    // The standalone beside it is still told by its end.
    assert.equal(tail(names[1]!, tailStartAmong(names[1]!, names)), ':19097');
  });
});
