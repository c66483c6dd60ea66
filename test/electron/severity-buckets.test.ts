// The tray tooltip shows the missing-label bucket apart from a literal "none", in severity
// order (the window title: test/renderer/severity-buckets.test.ts).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { buildTrayMenu } from '../../main/electron/tray-menu.ts';
import { emptySnapshot } from '../support/fake-core.ts';

describe('severity buckets in the tray', () => {
  it('tray tooltip shows both buckets, distinct, in severity order', () => {
    const s = emptySnapshot();
    s.summary = { ...s.summary, firing: 6, worst: 'critical' };
    s.summary.bySeverity = { none: 2, '': 3, critical: 1 };
    const m = buildTrayMenu(s, { now: 0, severityOrder: ['critical', 'warning', 'info'] });
    assert.equal(m.tooltip, 'Alertmanager Tray: 6 firing (1 critical, 2 none, 3 no severity)');
  });
});
