// The ack ledger without a server: what it keeps (adds, renewals, removals), what it drops
// (expired, long gone from a cluster that answers) and what it keeps when it cannot know
// (a stale cluster); its file survives a restart, is private, and an unreadable one is never
// written over.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { AckLedgerFile } from '../../../main/core/files/ack-ledger-file.ts';
import { AckLedger } from '../../../main/core/silences/ack-ledger.ts';
import { cluster, MIN, silence, snapshot, T0 } from '../policy/view-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'ack-ledger-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function ledgerAt(path: string, now = () => T0, log?: (m: string) => void) {
  let changes = 0;
  const ledger = new AckLedger({
    store: new AckLedgerFile(path),
    now,
    changed: () => changes++,
    ...(log ? { log } : {}),
  });
  return { ledger, changes: () => changes };
}

describe('AckLedger', () => {
  it('keeps what it wrote and its renewals, in a private file a restart reads', async () => {
    const path = join(dir, 'a', 'acks.json');
    const { ledger, changes } = ledgerAt(path);
    await ledger.add('c1/one');
    await ledger.add('c1/two');
    const before = ledger.keys;
    const renewal = (key: string) => () => Promise.resolve({ silenceKey: key });
    await ledger.follow('c1/one', renewal('c1/one-renewed'));
    assert.notEqual(ledger.keys, before, 'a change is a new set (the merge compares by identity)');
    await ledger.follow('c1/someone-elses', renewal('c1/new')); // not ours: stays not ours
    await ledger.remove('c1/two');
    assert.deepEqual([...ledger.keys], ['c1/one-renewed']);
    assert.equal(changes(), 4);
    assert.equal(statSync(path).mode & 0o777, 0o600);

    const again = ledgerAt(path).ledger;
    await again.ready;
    assert.deepEqual([...again.keys], ['c1/one-renewed'], 'a restart knows its acks');
  });

  it('drops expired entries and those long gone from an answering cluster, never on no data', async () => {
    let now = T0;
    const { ledger } = ledgerAt(join(dir, 'b', 'acks.json'), () => now);
    for (const k of ['c1/expired', 'c1/active', 'c1/gone', 'c2/gone']) await ledger.add(k);
    const view = snapshot({
      clusters: [cluster('c1'), cluster('c2', { stale: true })],
      silences: [silence({ id: 'expired', state: 'expired' }), silence({ id: 'active' })],
    });
    // A renewal under way: its write has expired the old id, the answer is not in yet.
    let answer: (r: { silenceKey: string }) => void = () => {};
    const renewing = ledger.follow(
      'c1/expired',
      () => new Promise<{ silenceKey: string }>((r) => (answer = r)),
    );
    ledger.prune(view);
    assert.deepEqual([...ledger.keys], ['c1/expired', 'c1/active', 'c1/gone', 'c2/gone']);
    answer({ silenceKey: 'c1/renewed' });
    await renewing;
    ledger.prune(view);
    assert.deepEqual([...ledger.keys], ['c1/active', 'c1/gone', 'c2/gone', 'c1/renewed']);
    now += 11 * MIN;
    ledger.prune(view);
    assert.deepEqual([...ledger.keys], ['c1/active', 'c2/gone'], 'a stale cluster says nothing');
  });

  it('adopts nothing from an unreadable file and never writes over it', async () => {
    const path = join(dir, 'c', 'acks.json');
    const { ledger: first } = ledgerAt(path);
    await first.add('c1/x');
    writeFileSync(path, '{ not json');
    const logged: string[] = [];
    const { ledger } = ledgerAt(
      path,
      () => T0,
      (m) => logged.push(m),
    );
    await ledger.ready;
    assert.equal(ledger.keys.size, 0);
    await ledger.add('c1/y');
    assert.deepEqual([...ledger.keys], ['c1/y'], 'this run still knows what it wrote');
    assert.equal(readFileSync(path, 'utf8'), '{ not json', 'left as it is');
    assert.equal(logged.length, 2, logged.join('\n'));
  });
});
