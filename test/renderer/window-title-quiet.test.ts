// The window title ends with what quietText says while notifications are held.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { windowTitle } from '../../renderer/src/lib/app/window-title.ts';
import { emptySnapshot } from '../support/fake-core.ts';

describe('window title while notifications are held', () => {
  it('says quiet hours after what fires, and alone before any data', () => {
    const summary = { ...emptySnapshot().summary, firing: 1, bySeverity: { critical: 1 } };
    assert.equal(
      windowTitle(summary, ['critical'], 'quiet until 07:00'),
      '1 critical · quiet until 07:00 — Alertmanager Tray',
    );
    assert.equal(windowTitle(null, [], 'paused'), 'paused — Alertmanager Tray');
    assert.equal(windowTitle(summary, ['critical']), '1 critical — Alertmanager Tray');
  });
});
