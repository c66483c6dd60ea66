// Remembered window bounds are restored only where they still fit a display.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { restoreBounds } from '../../main/electron/window-bounds.ts';

describe('window bounds', () => {
  const screen = [{ x: 0, y: 0, width: 1920, height: 1080 }];
  it('restores bounds that are on a display, drops ones that are not', () => {
    assert.deepEqual(restoreBounds({ x: 100, y: 100, width: 800, height: 600 }, screen), {
      x: 100,
      y: 100,
      width: 800,
      height: 600,
    });
    assert.equal(restoreBounds({ x: 3000, y: 100, width: 800, height: 600 }, screen), undefined);
    assert.equal(restoreBounds({ x: 1800, y: 1000, width: 800, height: 600 }, screen), undefined);
    assert.equal(restoreBounds(undefined, screen), undefined);
    assert.deepEqual(restoreBounds({ x: 0, y: 0, width: 10, height: 10 }, screen), {
      x: 0,
      y: 0,
      width: 480,
      height: 360,
    });
  });
});
