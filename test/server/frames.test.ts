// Which answers go as binary frames (main/server/frames.ts) and how the client reads both kinds
// (renderer/src/bridge/frame-text.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BINARY_FROM_CHARS, encodeFrame } from '../../main/server/frames.ts';
import { frameText } from '../../renderer/src/bridge/frame-text.ts';

describe('bridge frames', () => {
  it('sends large non-ASCII text as UTF-8 bytes, everything else as text', () => {
    const small = '{"t":"漢字🙂"}';
    assert.equal(encodeFrame(small), small);
    const ascii = `{"t":"${'a'.repeat(BINARY_FROM_CHARS)}"}`;
    assert.equal(encodeFrame(ascii), ascii);
    const mixed = `{"t":"${'a'.repeat(BINARY_FROM_CHARS)}é"}`;
    const framed = encodeFrame(mixed);
    assert.ok(Buffer.isBuffer(framed));
    assert.equal(framed.toString('utf8'), mixed);
  });

  it('reads strings, ArrayBuffers and Node Buffers alike; nothing else', () => {
    const text = `{"t":"${'漢'.repeat(100)}🙂"}`;
    const bytes = Buffer.from(text, 'utf8');
    assert.equal(frameText(text), text);
    assert.equal(frameText(bytes), text);
    const copy = new ArrayBuffer(bytes.length);
    new Uint8Array(copy).set(bytes);
    assert.equal(frameText(copy), text);
    // A view into a larger buffer reads only its own bytes.
    const padded = Buffer.concat([Buffer.from('xx'), bytes, Buffer.from('yy')]);
    assert.equal(frameText(padded.subarray(2, 2 + bytes.length)), text);
    assert.equal(frameText({ size: 3 }), undefined);
    assert.equal(frameText(42), undefined);
  });
});
