// Window bounds are a setting: saved first, applied only once saved. A failed save leaves the
// running app as the file is (and the same bounds are tried again next time).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultSettings } from '../../main/core/settings/defaults.ts';
import type { Settings } from '../../main/core/settings/types.ts';
import { SavedBounds } from '../../main/electron/saved-bounds.ts';
import { createFakeCore } from '../support/fake-core.ts';

const A = { x: 10, y: 20, width: 900, height: 700 };
const B = { x: 30, y: 40, width: 800, height: 600 };

function setUp(fail = false) {
  const core = createFakeCore(defaultSettings());
  const saved: Settings[] = [];
  const logged: string[] = [];
  const bounds = new SavedBounds({
    core,
    persist: async (s) => {
      // Nothing is applied before the save finished.
      assert.equal(core.calls.filter((c) => c.method === 'updateSettings').length, saved.length);
      if (fail) throw new Error('Settings not saved to /x/settings.json: the disk is full');
      saved.push(s);
    },
    log: (line) => logged.push(line),
  });
  return { core, saved, logged, bounds };
}

describe('saved window bounds', () => {
  it('saves, then applies; the same bounds again are not saved twice', async () => {
    const { core, saved, bounds } = setUp();
    assert.equal(bounds.current(), undefined);
    await bounds.changed(A);
    assert.deepEqual(
      saved.map((s) => s.ui.window),
      [A],
    );
    assert.deepEqual(core.settings.ui.window, A);
    assert.deepEqual(bounds.current(), A);
    await bounds.changed({ ...A });
    await Promise.all([bounds.changed(B), bounds.changed(B)]);
    assert.deepEqual(
      saved.map((s) => s.ui.window),
      [A, B],
    );
    assert.deepEqual(core.settings.ui.window, B);
  });

  it('a failed save is logged and applies nothing', async () => {
    const { core, saved, logged, bounds } = setUp(true);
    await bounds.changed(A);
    assert.deepEqual(saved, []);
    assert.equal(core.settings.ui.window, undefined);
    assert.equal(bounds.current(), undefined);
    assert.deepEqual(
      core.calls.filter((c) => c.method === 'updateSettings'),
      [],
    );
    assert.match(logged.join('\n'), /saving window bounds failed: .*the disk is full/);
    // Not remembered as saved: the next move with the same bounds tries again.
    await bounds.changed(A);
    assert.equal(logged.length, 2);
  });
});
