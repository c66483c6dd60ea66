// /alerts/groups read group by group (group-split.ts, AlertGroupsReader.readText): whatever it
// accepts must be exactly what parsing the whole body gives, anything else must be left to the
// whole-body path, and an unchanged group's text must give back the same object (not parsed).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AlertGroupsReader } from '../../../main/core/api/alert-groups-reader.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AlertmanagerClient } from '../../../main/core/api/client.ts';
import { ObjectArraySplitter } from '../../../main/core/api/group-split.ts';
import { splitObjectArray } from './split-object-array.ts';
import { alertGroupsResponse } from '../../../main/core/api/schemas.ts';
import { StringPool } from '../../../main/core/api/string-pool.ts';
import { groupsPayload, prng } from '../../bench/lib/fixtures.ts';

const reader = () => new AlertGroupsReader(new StringPool());

/** Values that trip a naive scanner: quotes, backslashes and brackets inside strings. */
const TRICKY = [
  'say "hi"',
  'ends with a backslash \\',
  '\\"',
  '\\\\"}]',
  '{not an object}',
  '[1, 2]',
  'line\nbreak\ttab',
  'emoji 🔥 and \u202e bidi',
  '',
];

function body(seed: number): { groups: unknown[]; text: string } {
  const r = prng(seed);
  const groups = groupsPayload(
    Array.from({ length: 12 }, (_, i) => i + seed * 100),
    { alerts: 12, alertnames: 4, seed },
  ) as unknown as Record<string, Record<string, unknown>[]>[];
  for (const g of groups)
    for (const a of g['alerts'] as unknown as Record<string, Record<string, string>>[]) {
      a['annotations']!['summary'] = TRICKY[Math.floor(r() * TRICKY.length)]!;
      a['labels']!['note'] = TRICKY[Math.floor(r() * TRICKY.length)]!;
    }
  // Whitespace as servers and proxies may format it.
  const text =
    r() < 0.5 ? JSON.stringify(groups) : JSON.stringify(groups, null, r() < 0.5 ? 2 : '\t');
  return { groups, text: r() < 0.3 ? ` \r\n${text}\n ` : text };
}

/** Texts that are not JSON arrays of objects (or not only that). */
const NOT_OBJECT_ARRAYS = [
  '',
  '{}',
  '[1]',
  '[{}',
  '[{},]',
  '[{}}]',
  '[{}] x',
  '\ufeff[{}]',
  '[{"a":"]',
  'null',
];

describe('splitObjectArray', () => {
  it('finds each element of arrays of objects, and nothing in other texts', () => {
    assert.deepEqual(splitObjectArray('[]'), []);
    assert.deepEqual(splitObjectArray(' [ {"a":"}"} , {} ] '), [
      [3, 12],
      [15, 17],
    ]);
    for (const t of NOT_OBJECT_ARRAYS)
      assert.equal(splitObjectArray(t), undefined, JSON.stringify(t));
  });
});

/** `text` in random chunks (1 to 40 characters, sometimes one whole chunk). */
function chunked(text: string, r: () => number): string[] {
  if (r() < 0.1) return [text];
  const out: string[] = [];
  for (let i = 0; i < text.length;) {
    const n = 1 + Math.floor(r() * 40);
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

/** The streaming splitter's elements, or undefined when it refuses the text. */
function streamed(chunks: readonly string[]): string[] | undefined {
  const splitter = new ObjectArraySplitter();
  const out: string[] = [];
  for (const c of chunks) if (!splitter.push(c, (t) => out.push(t))) return undefined;
  return splitter.end() ? out : undefined;
}

/** What splitObjectArray finds, as texts. */
function whole(text: string): string[] | undefined {
  return splitObjectArray(text)?.map(([a, b]) => text.slice(a, b));
}

describe('ObjectArraySplitter (chunk by chunk)', () => {
  it('finds exactly what splitObjectArray finds, wherever the chunks are cut', () => {
    const r = prng(5);
    const texts = [
      '[]',
      ' [ {"a":"}"} , {} ] ',
      '[{"a":"\\\\"},{"b":["}"]}]',
      // Runs of backslashes before quotes (escaped quotes, escaped backslashes), which the
      // splitter counts to find a string's end, cut anywhere by the chunks.
      '[{"a":"\\"}"},{"b":"\\\\\\"}"}]',
      '[{"a":"\\\\\\\\"},{"}":"\\"\\\\"}]',
      '[{"a":"\\u0022}\\\\","b":"\\\\\\\\\\"\\\\"}]',
      ...NOT_OBJECT_ARRAYS,
    ];
    for (let seed = 1; seed <= 20; seed++) texts.push(body(seed).text);
    for (let n = 0; n < 600; n++) {
      // Damaged bodies, as in the reader's test below.
      let { text } = body(1 + (n % 10));
      const at = Math.floor(r() * text.length);
      const pick = '{}[],"\\: x'[Math.floor(r() * 10)]!;
      text =
        r() < 0.5
          ? text.slice(0, at) + text.slice(at + 1)
          : text.slice(0, at) + pick + text.slice(at);
      texts.push(text);
    }
    let accepted = 0;
    for (const text of texts) {
      const expected = whole(text);
      if (expected) accepted++;
      for (let k = 0; k < 3; k++)
        assert.deepEqual(streamed(chunked(text, r)), expected, JSON.stringify(text.slice(0, 80)));
    }
    assert.ok(accepted > 40, `${accepted} accepted`);
  });
});

describe('AlertGroupsReader.readText', () => {
  it('gives what parsing the whole body gives', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { text } = body(seed);
      const got = reader().readText(text);
      assert.ok(got, `seed ${seed} accepted`);
      assert.deepEqual(got, alertGroupsResponse.parse(JSON.parse(text)), `seed ${seed}`);
    }
  });

  it('accepts nothing that the whole body parse would not give the same way', () => {
    // Random damage to valid bodies: whenever the group-by-group read accepts the text, the
    // whole text is valid JSON and reads to the same groups.
    const r = prng(7);
    let accepted = 0;
    let refused = 0;
    for (let n = 0; n < 600; n++) {
      let { text } = body(1 + (n % 10));
      const at = Math.floor(r() * text.length);
      const pick = '{}[],"\\: x'[Math.floor(r() * 10)]!;
      const op = r();
      text =
        op < 0.4
          ? text.slice(0, at) + text.slice(at + 1)
          : op < 0.8
            ? text.slice(0, at) + pick + text.slice(at)
            : text.slice(0, at) + pick + text.slice(at + 1);
      const got = reader().readText(text);
      if (!got) {
        refused++;
        continue;
      }
      accepted++;
      const whole = JSON.parse(text) as unknown; // throws (fails the test) if it is not JSON
      assert.deepEqual(got, reader().read(whole), `damaged body ${n}`);
    }
    assert.ok(accepted > 20 && refused > 100, `${accepted} accepted, ${refused} refused`);
  });

  it('gives back the same group object for an unchanged group text, parses the changed one', () => {
    const { groups } = body(3);
    const rd = reader();
    const first = rd.readText(JSON.stringify(groups))!;
    const changed = structuredClone(groups) as Record<string, Record<string, unknown>[]>[];
    changed[1]!['alerts']![0]!['updatedAt'] = '2026-11-22T00:00:00.000Z';
    const second = rd.readText(JSON.stringify(changed))!;
    assert.equal(second.length, first.length);
    second.forEach((g, i) => {
      if (i === 1) {
        assert.notEqual(g, first[i]);
        assert.equal(g.alerts[0]!.updatedAt, '2026-11-22T00:00:00.000Z');
      } else assert.equal(g, first[i], `group ${i} reused`);
    });
    // Only the last body's groups are remembered: the first body's changed group is gone.
    const third = rd.readText(JSON.stringify(groups))!;
    assert.notEqual(third[1], first[1]);
    assert.deepEqual(third[1], first[1]);
  });

  it('reads a body given in chunks as it reads the whole text', () => {
    const r = prng(9);
    for (let seed = 1; seed <= 20; seed++) {
      const { text } = body(seed);
      assert.deepEqual(reader().readChunks(chunked(text, r)), reader().readText(text));
    }
  });

  it('reads in slices that give the event loop turns, one read after another', async () => {
    const r = prng(11);
    for (let seed = 1; seed <= 10; seed++) {
      const { text } = body(seed);
      const rd = reader();
      // Turns the event loop had while the read went on (a slice of 0 ms: one per chunk).
      let turns = 0;
      let reading = true;
      const tick = (): void => {
        if (!reading) return;
        turns++;
        setImmediate(tick);
      };
      setImmediate(tick);
      const chunks = chunked(text, r);
      const got = await rd.readChunksSliced(chunks, 0);
      reading = false;
      assert.deepEqual(got, reader().readText(text), `seed ${seed}`);
      if (chunks.length > 2)
        assert.ok(turns > 0, `seed ${seed}: no turn in ${chunks.length} chunks`);
    }
    // Two reads asked at once run one after the other: the second finds the first's groups.
    const { groups } = body(3);
    const rd = reader();
    const text = JSON.stringify(groups);
    const [a, b] = await Promise.all([
      rd.readChunksSliced(chunked(text, r), 0),
      rd.readChunksSliced(chunked(text, r), 0),
    ]);
    assert.ok(a && b);
    b.forEach((g, i) => assert.equal(g, a[i], `group ${i} of the second read reused`));
  });

  it('leaves to the whole-body path what it does not accept', () => {
    const rd = reader();
    assert.equal(rd.readText('{"error":"x"}'), undefined);
    assert.equal(rd.readText('[{"labels":{},"receiver":{"name":"r"},"alerts":null}]'), undefined);
    assert.equal(
      rd.readText('[{"labels":{"__proto__":"x"},"receiver":{"name":"r"},"alerts":[]}]'),
      undefined,
    );
    assert.deepEqual(rd.readText('[]'), []);
  });
});

describe('the client reads /alerts/groups chunk by chunk', () => {
  let server: Server;
  let url = '';
  let served = '';
  before(async () => {
    // Writes the body a few bytes at a time, so UTF-8 sequences (emoji, bidi marks) are split
    // between chunks: the streaming decode must give the same text as decoding it whole.
    server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const bytes = Buffer.from(served, 'utf8');
      let i = 0;
      const next = (): void => {
        if (i >= bytes.length) return void res.end();
        res.write(bytes.subarray(i, (i += 7)), () => setImmediate(next));
      };
      next();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('gives what parsing the whole body gives, with multi-byte text cut between chunks', async () => {
    const client = new AlertmanagerClient({ baseUrl: url });
    try {
      for (const seed of [4, 5]) {
        const b = JSON.parse(body(seed).text) as unknown;
        served = JSON.stringify(b);
        assert.ok(
          [...served].some((c) => c.charCodeAt(0) > 0x7f),
          'the body has multi-byte characters',
        );
        assert.deepEqual(await client.getAlertGroups(), alertGroupsResponse.parse(b));
      }
    } finally {
      await client.close();
    }
  });
});
