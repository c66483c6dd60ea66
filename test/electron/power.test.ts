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

  it('tells the history when sleep starts, and after the first poll once awake', async () => {
    const power = new EventEmitter();
    const calls: string[] = [];
    let release!: () => void;
    const unwire = wirePower(
      power,
      {
        setPollingPaused: (p) => calls.push(`paused:${p}`),
        refresh: () =>
          new Promise<void>((resolve) => {
            calls.push('refresh');
            release = resolve;
          }),
      },
      () => undefined,
      { suspended: () => calls.push('suspended'), woke: () => calls.push('woke') },
    );
    power.emit('suspend');
    power.emit('resume');
    assert.deepEqual(calls, ['paused:true', 'suspended', 'paused:false', 'refresh']);
    release();
    await new Promise((r) => setImmediate(r));
    assert.equal(calls.at(-1), 'woke', 'after the poll, not before');
    // Unlocking the screen without sleeping is not "waking".
    power.emit('unlock-screen');
    release();
    await new Promise((r) => setImmediate(r));
    assert.equal(calls.filter((c) => c === 'woke').length, 1);
    unwire();
  });
});
