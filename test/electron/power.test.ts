// Sleep and wake: the core pauses on suspend and polls at once on resume.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { wirePower } from '../../main/electron/power.ts';

describe('power events', () => {
  it('suspend pauses polling; resume and unlock resume and refresh', async () => {
    const power = new EventEmitter();
    const calls: string[] = [];
    const unwire = wirePower(power, {
      setPollingPaused: (p) => calls.push(`paused:${p}`),
      refresh: async () => {
        calls.push('refresh');
      },
    });
    power.emit('suspend');
    power.emit('resume');
    power.emit('unlock-screen');
    assert.deepEqual(calls, ['paused:true', 'paused:false', 'refresh', 'paused:false', 'refresh']);
    unwire();
    power.emit('suspend');
    assert.equal(calls.length, 5);
  });
});
