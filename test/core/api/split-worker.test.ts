// /alerts/groups split and hashed on a worker thread (split-worker.ts): the reader must give
// exactly what reading the body on the core's thread gives, keep an unchanged group's object,
// receive the text only of groups it does not hold, and read the body itself whenever the
// worker cannot answer.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { AlertGroupsReader, type BodyParts } from '../../../main/core/api/alert-groups-reader.ts';
import { DIGEST_CHARS, SplitWorker } from '../../../main/core/api/split-worker.ts';
import { StringPool } from '../../../main/core/api/string-pool.ts';
import type { AlertGroup } from '../../../main/core/api/types.ts';
import { groupsPayload } from '../../bench/lib/fixtures.ts';
import { splitObjectArray } from './split-object-array.ts';

/** Each element's text (the reference splitter of the splitter's own tests). */
const elements = (text: string): string[] =>
  splitObjectArray(text)!.map(([start, end]) => text.slice(start, end));

/** A split worker that counts the splits it answered (so a test knows the worker did them). */
class CountingWorker extends SplitWorker {
  answered = 0;
  override async split(...args: Parameters<SplitWorker['split']>) {
    const s = await super.split(...args);
    if (s !== undefined) this.answered++;
    return s;
  }
}

const workers: SplitWorker[] = [];
function newWorker(): CountingWorker {
  const w = new CountingWorker();
  workers.push(w);
  return w;
}
after(() => Promise.all(workers.map((w) => w.stop())));

/**
 * A body's bytes as the transport gives them: chunks of uneven sizes (UTF-8 sequences cut
 * between two), some of them views into a larger buffer shared with other chunks.
 */
const bytes = (text: string): Uint8Array[] => {
  const all = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  for (let at = 0, k = 0; at < all.length; k++) {
    const n = [1, 97, 4096, 3, 70_000][k % 5]!;
    // Every third chunk is a view into a buffer holding it and the bytes around it.
    chunks.push(k % 3 === 2 ? all.subarray(at, at + n) : all.slice(at, at + n));
    at += n;
  }
  return chunks;
};
const parts = (text: string): BodyParts => ({
  byteChunks: () => bytes(text),
  // Small decoded chunks, as the transport gives them.
  textChunks: () => text.match(/[\s\S]{1,97}/g) ?? [],
});

/** A body of 8 groups; `changed` alerts get a new annotation, one label value is not ASCII. */
function body(changed: readonly number[] = []): string {
  const groups = groupsPayload([...Array(64).keys()], { alerts: 64, alertnames: 8, seed: 3 });
  const alerts = groups.flatMap((g) => g.alerts);
  alerts[5]!.labels['note'] = 'Grüße 🔥 "quoted" \\ back';
  for (const i of changed) alerts[i]!.annotations['summary'] = `changed ${i}`;
  return JSON.stringify(groups);
}

const sha = (t: string) => createHash('sha256').update(t).digest('base64');

describe('split worker', () => {
  it('splits and hashes a body as the splitter does, and sends only texts it was not sent', async () => {
    const w = newWorker();
    const a = body();
    const first = await w.split(1, 0, bytes(a));
    assert.ok(first?.ok);
    const pieces = elements(a);
    assert.equal(first.texts.length, pieces.length);
    assert.deepEqual(first.texts, pieces);
    assert.equal(first.digests, pieces.map(sha).join(''));
    assert.equal(first.digests.length, pieces.length * DIGEST_CHARS);

    // One alert changed in the third group: only that group's text comes back.
    const groups = JSON.parse(a) as AlertGroup[];
    const b = body([groups[0]!.alerts.length + groups[1]!.alerts.length]);
    const second = await w.split(1, first.id, bytes(b));
    const changed = second!.texts.flatMap((t, i) => (t === null ? [] : [i]));
    assert.deepEqual(changed, [2]);
    assert.equal(second!.texts[2], elements(b)[2]);

    // Against a body it did not split last (the reader's read failed), every text comes back;
    // another reader's history is its own.
    const stale = await w.split(1, first.id, bytes(b));
    assert.equal(
      stale!.texts.filter((t) => t !== null).length,
      pieces.length,
      'base is not the last split of this reader',
    );
    const other = await w.split(2, stale!.id, bytes(b));
    assert.ok(other!.texts.every((t) => t !== null));

    // A group repeated in one body is sent once; forgetting a reader drops its history.
    const g = elements(a)[0]!;
    const twice = await w.split(3, 0, bytes(`[${g},${g}]`));
    assert.deepEqual(twice!.texts, [g, null]);
    w.forget(3);
    const after = await w.split(3, twice!.id, bytes(`[${g}]`));
    assert.deepEqual(after!.texts, [g]);
  });

  it('reads a body that crosses in many parts as the core thread reads it', async () => {
    // ~2 MB: several messages of chunks, chunks of 70 kB cut through UTF-8 sequences.
    const groups = groupsPayload([...Array(4000).keys()], {
      alerts: 4000,
      alertnames: 40,
      seed: 5,
    });
    groups[7]!.alerts[0]!.labels['note'] = 'Grüße 🔥'.repeat(20_000);
    const text = JSON.stringify(groups);
    assert.ok(text.length > 1_500_000);
    const w = newWorker();
    const reader = new AlertGroupsReader(new StringPool(), w);
    assert.deepEqual(await reader.readBody(parts(text)), readHere(text));
    assert.equal(w.answered, 1);
  });

  it('says when a body is not an array of objects', async () => {
    const w = newWorker();
    for (const text of ['{"a":1}', '[1]', '[{"a":1}', 'null', '[{"a":1}] x', '']) {
      const s = await w.split(1, 0, bytes(text));
      assert.equal(s!.ok, false, text);
    }
    // Not JSON inside an element is the reader's to find (JSON.parse of that group).
    assert.equal((await w.split(1, 0, bytes('[{"a":}]')))!.ok, true);
  });

  it('reads bodies through the worker exactly as on the core thread, keeping unchanged groups', async () => {
    const w = newWorker();
    const viaWorker = new AlertGroupsReader(new StringPool(), w);
    const here = new AlertGroupsReader(new StringPool());
    let before: AlertGroup[] | undefined;
    let previous: number[] = [];
    for (const changed of [[], [], [3], [3, 40], [], [60]]) {
      const text = body(changed);
      const got = await viaWorker.readBody(parts(text));
      const want = here.readText(text);
      assert.ok(got && want);
      assert.deepEqual(got, want);
      if (before) {
        // A group whose text did not change is the same object as in the last body.
        const pieces = elements(text);
        const last = elements(body(previous));
        pieces.forEach((p, i) => assert.equal(got[i] === before![i], p === last[i], `group ${i}`));
      }
      before = got;
      previous = changed;
    }
    assert.equal(w.answered, 6, 'every body was split by the worker');
  });

  it('refuses what the reader refuses, then reads the next body', async () => {
    const w = newWorker();
    const reader = new AlertGroupsReader(new StringPool(), w);
    assert.ok(await reader.readBody(parts(body())));
    // Valid JSON, not a group: the caller then lets the schema say why.
    assert.equal(await reader.readBody(parts('[{"labels":{},"alerts":3}]')), undefined);
    assert.equal(await reader.readBody(parts('[{"labels":')), undefined);
    const again = await reader.readBody(parts(body([1])));
    assert.equal(w.answered, 4);
    assert.deepEqual(again, readHere(body([1])));
  });

  it('reads the body itself when the worker is stopped or broken', async () => {
    const w = newWorker();
    const reader = new AlertGroupsReader(new StringPool(), w);
    const want = readHere(body([7]));
    assert.ok(await reader.readBody(parts(body())));
    // Stopped while the split is awaited: the reader reads the body here.
    const pending = reader.readBody(parts(body([7])));
    await w.stop();
    assert.deepEqual(await pending, want);
    // A fresh worker afterwards, against a base it never split: every text comes back.
    assert.deepEqual(await reader.readBody(parts(body([7, 9]))), readHere(body([7, 9])));
  });
});

function readHere(text: string): AlertGroup[] | undefined {
  return new AlertGroupsReader(new StringPool()).readText(text);
}
