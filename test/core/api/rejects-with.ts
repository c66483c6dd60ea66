// Asserts that a client call fails with an AlertmanagerError of the given kind (and status).
import assert from 'node:assert/strict';
import { AlertmanagerError, type ErrorKind } from '../../../main/core/api/errors.ts';

export async function rejectsWith(
  p: Promise<unknown>,
  kind: ErrorKind,
  status?: number,
): Promise<AlertmanagerError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof AlertmanagerError, `not an AlertmanagerError: ${String(err)}`);
    assert.equal(err.kind, kind, err.message);
    if (status !== undefined) assert.equal(err.status, status, err.message);
    return err;
  }
  assert.fail(`expected a ${kind} error`);
}
