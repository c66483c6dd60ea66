import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BodyBytes, pageCopy } from '../../../main/core/api/body-bytes.ts';

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
    assert.ok(Buffer.from(out.buffer, out.byteOffset, out.length).equals(whole));
    // The buffer is the body's alone, shrunk to it: it can be handed over as it is.
    assert.equal(out.byteOffset, 0);
    assert.equal(out.buffer.byteLength, whole.length);
  }
});

test('body buffers are resizable ArrayBuffers (page memory, not malloc) bounded by the limit', () => {
  const body = new BodyBytes(100_000);
  body.push(bytesOf(60_000, 5));
  body.push(bytesOf(40_000, 6));
  const out = body.done();
  assert.equal((out.buffer as ArrayBuffer).resizable, true);
  assert.equal((out.buffer as ArrayBuffer).maxByteLength, 100_000);
  // A declared length beyond the limit reserves no more than the limit.
  assert.equal((new BodyBytes(1000, 1e12).done().buffer as ArrayBuffer).maxByteLength, 1000);
});

test('a copy for a worker is a buffer of its own with the same bytes', () => {
  const src = bytesOf(5000, 7);
  const copy = pageCopy(src);
  assert.notEqual(copy.buffer, src.buffer);
  assert.equal(copy.buffer.byteLength, 5000);
  assert.equal((copy.buffer as ArrayBuffer).resizable, true);
  assert.deepEqual(copy, src);
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(copy.buffer, [copy.buffer as ArrayBuffer]);
  assert.equal(copy.byteLength, 0, 'handed over, not copied');
  port1.close();
  port2.close();
});
