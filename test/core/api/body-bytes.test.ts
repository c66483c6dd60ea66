import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BodyBytes, PAGE_MEMORY_WORKS } from '../../../main/core/api/body-bytes.ts';

const bytesOf = (n: number, seed: number): Uint8Array =>
  Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

test('a body gathered from chunks is exactly their bytes, whatever the declared length', () => {
  const chunks = [bytesOf(70_000, 1), bytesOf(1, 2), bytesOf(200_000, 3), bytesOf(0, 4)];
  const whole = Buffer.concat(chunks);
  // Unknown, right, too short and too long a Content-Length: a hint, never trusted.
  for (const declared of [undefined, NaN, whole.length, 10, whole.length * 3]) {
    const body = new BodyBytes(1 << 20, declared);
    for (const c of chunks) body.push(c);
    assert.equal(body.size, whole.length);
    const out = body.done();
    assert.equal(out.length, whole.length, `declared ${declared}`);
    assert.equal(out.byteOffset, 0);
    assert.ok(Buffer.from(out.buffer, out.byteOffset, out.length).equals(whole));
  }
});

test('bodies are gathered in growable shared buffers (page memory, not malloc), bounded', () => {
  // This Node decodes, hashes and shares them (elsewhere bodies fall back to plain buffers).
  assert.equal(PAGE_MEMORY_WORKS, true);
  const body = new BodyBytes(100_000);
  body.push(bytesOf(60_000, 5));
  body.push(bytesOf(40_000, 6));
  const buf = body.done().buffer;
  assert.ok(buf instanceof SharedArrayBuffer);
  assert.equal(buf.growable, true);
  assert.equal(buf.maxByteLength, 100_000);
  // A declared length beyond the limit reserves no more than the limit.
  const big = new BodyBytes(1000, 1e12).done().buffer as SharedArrayBuffer;
  assert.equal(big.maxByteLength, 1000);
});
