// The window title shows the missing-label bucket apart from a literal "none", in severity
// order (the tray tooltip: test/electron/severity-buckets.test.ts).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { windowTitle } from '../../renderer/src/lib/app/window-title.ts';
import { emptySnapshot } from '../support/fake-core.ts';

describe('severity buckets in the window', () => {
  it('window title shows both buckets, distinct, in severity order', () => {
    const summary = { ...emptySnapshot().summary, firing: 6, worst: 'critical' as const };
    summary.bySeverity = { none: 2, '': 3, critical: 1 };
    assert.equal(
      windowTitle(summary, ['critical', 'warning', 'info']),
      '1 critical, 2 none, 3 no severity — Alertmanager Tray',
    );
  });

  it('window title shows a bidi override as a marker, the value isolated', () => {
    const summary = { ...emptySnapshot().summary, firing: 1, worst: 'critical' as const };
    summary.bySeverity = { 'safe\u202egnp.exe': 1 };
    const title = windowTitle(summary, []);
    assert.equal(title, '1 \u2068safe⟨U+202E⟩gnp.exe\u2069 — Alertmanager Tray');
  });
});
