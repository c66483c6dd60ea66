// How many history rows one turn of the event loop writes (recorder.ts `rowsPerTurn`): what a
// row cost in the last transaction decides, so first-seen alerts (new names and label sets,
// ~0.1 ms a row) do not block the core ~50 ms a turn, and known ones still go 500 at a time.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rowsPerTurn } from '../../../main/core/history/recorder.ts';

describe('rowsPerTurn', () => {
  it('fits a turn of ~12 ms of writing, between 25 and 500 rows', () => {
    assert.equal(rowsPerTurn(500, 50, 500), 120, 'first-seen rows at 0.1 ms');
    assert.equal(rowsPerTurn(120, 6, 120), 240, 'cheaper rows: more per turn');
    assert.equal(rowsPerTurn(500, 2, 240), 500, 'never more than 500');
    assert.equal(rowsPerTurn(100, 1_000, 100), 25, 'never fewer than 25 (a stalled disk)');
    assert.equal(rowsPerTurn(500, 0, 100), 500, 'no measurable time');
  });

  it('learns nothing from a transaction too small to say what a row costs', () => {
    assert.equal(rowsPerTurn(3, 40, 240), 240);
  });
});
