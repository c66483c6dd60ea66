// The icon generator: valid PNGs (decoded back pixel for pixel), a well-formed ICO, distinct
// tray states, and the committed assets are exactly what the generator produces.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { inflateSync } from 'node:zlib';
import { TRAY_STATES, allIcons, trayIcon } from '../../main/tools/make-icons.ts';
import { crc32, encodeIco, encodePng, readPngHeader } from '../../main/tools/png.ts';

function decodeRgba(png: Buffer): Uint8Array {
  const { width, height } = readPngHeader(png);
  const idat: Buffer[] = [];
  for (let off = 8; off < png.length;) {
    const len = png.readUInt32BE(off);
    const type = png.subarray(off + 4, off + 8).toString('ascii');
    const data = png.subarray(off + 8, off + 8 + len);
    assert.equal(
      png.readUInt32BE(off + 8 + len),
      crc32(png.subarray(off + 4, off + 8 + len)),
      type,
    );
    if (type === 'IDAT') idat.push(data);
    off += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    assert.equal(raw[y * (width * 4 + 1)], 0, 'filter None');
    out.set(raw.subarray(y * (width * 4 + 1) + 1, (y + 1) * (width * 4 + 1)), y * width * 4);
  }
  return out;
}

describe('icons', () => {
  it('PNG round-trips', () => {
    const px = new Uint8Array(3 * 2 * 4).map((_, i) => (i * 37) % 256);
    const png = encodePng(3, 2, px);
    assert.deepEqual(readPngHeader(png), { width: 3, height: 2, colorType: 6 });
    assert.deepEqual(decodeRgba(png), px);
    assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  });

  it('ICO directory points at the PNGs', () => {
    const a = encodePng(16, 16, new Uint8Array(16 * 16 * 4));
    const b = encodePng(256, 256, new Uint8Array(256 * 256 * 4));
    const ico = encodeIco([
      { size: 16, png: a },
      { size: 256, png: b },
    ]);
    assert.deepEqual([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)], [0, 1, 2]);
    assert.equal(ico[6], 16);
    assert.equal(ico[6 + 16], 0); // 256 is stored as 0
    const off = ico.readUInt32LE(6 + 12);
    assert.deepEqual(ico.subarray(off, off + a.length), a);
    const off2 = ico.readUInt32LE(6 + 16 + 12);
    assert.equal(ico.readUInt32LE(6 + 16 + 8), b.length);
    assert.deepEqual(ico.subarray(off2, off2 + b.length), b);
  });

  it('tray states are visibly different; templates are black + alpha', () => {
    const images = TRAY_STATES.map((s) => Buffer.from(trayIcon(s, 'dark', 16)).toString('hex'));
    assert.equal(new Set(images).size, TRAY_STATES.length);
    const shapes = TRAY_STATES.map((s) => {
      const t = trayIcon(s, 'template', 32);
      for (let i = 0; i < t.length; i += 4) {
        if (t[i + 3]) assert.deepEqual([t[i], t[i + 1], t[i + 2]], [0, 0, 0], s);
      }
      return Buffer.from(t).toString('hex');
    });
    assert.equal(new Set(shapes).size, TRAY_STATES.length);
  });

  it('committed assets match the generator', async () => {
    const root = new URL('../../assets/', import.meta.url);
    for (const file of allIcons()) {
      const onDisk = await readFile(new URL(file.path, root));
      assert.ok(
        onDisk.equals(file.data),
        `assets/${file.path} is stale: run npx tsx main/tools/make-icons.ts`,
      );
    }
  });
});
