// Turning whatever a handler threw into a BridgeError the UI can show. Alertmanager failures
// keep their serialized details; core errors may say what they are with a `code`
// ('not-found', 'invalid-argument') and everything else is 'internal'.
import { isAlertmanagerError, type SerializedError } from '../api/errors.ts';
import { SilenceValidationError, SilenceWriteError } from '../silences/actions.ts';
import type { BridgeError } from './contract.ts';

/** Thrown by handlers for a request that names something that does not exist. */
export class BridgeRequestError extends Error {
  readonly code: BridgeError['kind'];
  constructor(code: BridgeError['kind'], message: string) {
    super(message);
    this.name = 'BridgeRequestError';
    this.code = code;
  }
}

const CODES: readonly BridgeError['kind'][] = ['invalid-argument', 'not-found', 'forbidden'];

export function toBridgeError(err: unknown): BridgeError {
  if (isAlertmanagerError(err)) {
    const serialized = err.toJSON();
    return { kind: 'alertmanager', message: serialized.message, alertmanager: serialized };
  }
  if (err instanceof SilenceValidationError) {
    const fields = err.errors.map((e) => ({ path: e.field, message: e.message }));
    return { kind: 'invalid-argument', message: err.message, fields };
  }
  if (err instanceof SilenceWriteError) {
    // Every member refused or failed: show what the (last) server said.
    const last = [...err.attempts].reverse().find((a) => 'kind' in a.error)?.error as
      SerializedError | undefined;
    return last
      ? { kind: 'alertmanager', message: err.message, alertmanager: last }
      : { kind: 'internal', message: err.message };
  }
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (CODES as readonly string[]).includes(code)) {
      return { kind: code as BridgeError['kind'], message: err.message };
    }
    // A matcher the user typed that does not parse is their input, not our bug.
    if (err.name === 'MatcherParseError') return { kind: 'invalid-argument', message: err.message };
    return { kind: 'internal', message: err.message || err.name };
  }
  return { kind: 'internal', message: String(err) };
}
