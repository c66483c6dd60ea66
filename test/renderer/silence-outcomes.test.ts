// What the silence form says after sending to several Alertmanagers: which one refused and
// why, what was created where, and that a retry goes to the refused ones only.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  andList,
  isCreated,
  partialText,
  type Outcomes,
} from '../../renderer/src/lib/silences/cluster-outcomes.ts';

const label = (id: string) => id.replace('instance:', '');

describe('silence outcomes per Alertmanager', () => {
  it('names the one that refused and what the other has', () => {
    const outcomes: Outcomes = {
      'instance:am1': { id: 'abc', silenceKey: 'instance:am1/abc' },
      'instance:am2': { error: 'connection refused' },
    };
    assert.deepEqual(partialText(outcomes, ['instance:am1', 'instance:am2'], label), {
      failed: 'Not created on am2: connection refused',
      created: 'Created on am1 (id abc). Create again sends it to am2 only.',
    });
    assert.equal(isCreated(outcomes, 'instance:am1'), true);
    assert.equal(isCreated(outcomes, 'instance:am2'), false);
  });

  it('says nothing was created when every one refused, each with its reason', () => {
    const outcomes: Outcomes = { a: { error: 'down' }, b: { error: 'HTTP 500' } };
    assert.deepEqual(partialText(outcomes, ['a', 'b'], label), {
      failed: 'Not created on a: down; Not created on b: HTTP 500',
      created: null,
    });
  });

  it('reads only its own keys (cluster ids come from the servers)', () => {
    assert.equal(isCreated({}, 'constructor'), false);
    assert.equal(isCreated({}, '__proto__'), false);
  });

  it('lists names as words', () => {
    assert.equal(andList([]), '');
    assert.equal(andList(['am1']), 'am1');
    assert.equal(andList(['am1', 'am2']), 'am1 and am2');
    assert.equal(andList(['a', 'b', 'c']), 'a, b and c');
  });
});
