// When an alert notification has nothing left to ask (policy/note-settled.ts): what it named
// no longer fires unacknowledged on its cluster. The desktop shell withdraws it then.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { AppNotification } from '../../../main/core/model/events.ts';
import { noteSettled } from '../../../main/core/policy/note-settled.ts';
import { alert, group, snapshot } from './view-fixtures.ts';

const note = (target: AppNotification['target'], silenceable = true): AppNotification => ({
  id: 'n1',
  title: 'x',
  body: '',
  urgency: 'critical',
  at: '2026-11-30T00:00:00.000Z',
  events: [],
  ...(target ? { target } : {}),
  ...(silenceable ? { silenceable: true } : {}),
});

describe('noteSettled', () => {
  const firing = alert({
    labels: { alertname: 'Disk', host: 'a' },
    states: { c1: 'active', c2: 'suppressed' },
  });
  const held = alert({ labels: { alertname: 'Disk', host: 'b' }, states: { c1: 'suppressed' } });
  const view = snapshot({
    alerts: [firing, held],
    groups: [group('c1', { alertname: 'Disk' }, [firing])],
  });

  it('an alert: settled once not active on the notified cluster, or gone', () => {
    assert.equal(
      noteSettled(note({ fingerprint: firing.fingerprint, clusterId: 'c1' }), view),
      false,
    );
    assert.equal(
      noteSettled(note({ fingerprint: firing.fingerprint, clusterId: 'c2' }), view),
      true,
    );
    assert.equal(noteSettled(note({ fingerprint: held.fingerprint, clusterId: 'c1' }), view), true);
    assert.equal(noteSettled(note({ fingerprint: 'gone', clusterId: 'c1' }), view), true);
  });

  it('a group: settled once none of its alerts fires unacknowledged, or gone', () => {
    const g = group('c1', { alertname: 'Disk' }, [firing]);
    assert.equal(noteSettled(note({ groupKey: g.key, clusterId: 'c1' }), view), false);
    const quiet = snapshot({
      alerts: [firing],
      groups: [{ ...g, counts: { active: 0, suppressed: 1, unprocessed: 0 } }],
    });
    assert.equal(noteSettled(note({ groupKey: g.key, clusterId: 'c1' }), quiet), true);
    assert.equal(noteSettled(note({ groupKey: 'c1|gone', clusterId: 'c1' }), view), true);
  });

  it('notices (not silenceable) and summaries without an alert are never withdrawn', () => {
    assert.equal(noteSettled(note({ instanceId: 'am1' }, false), view), false);
    assert.equal(noteSettled(note({ clusterId: 'c1' }), view), false);
  });
});
