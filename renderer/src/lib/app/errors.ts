// Turn whatever a bridge call rejected with into the message the user should read: the
// Alertmanager server's own message first (it says what was wrong), then the bridge message.
import { describeError } from '$core/api/describe-error.ts';
import type { BridgeError, FieldProblem } from '$core/bridge/contract.ts';

function bridgeErrorOf(e: unknown): BridgeError | null {
  if (typeof e === 'object' && e !== null && 'error' in e) {
    const inner = (e as { error: unknown }).error;
    if (typeof inner === 'object' && inner !== null && 'message' in inner) {
      return inner as BridgeError;
    }
  }
  return null;
}

/**
 * The problems a refused request carried, by their path inside the argument (`comment`,
 * `silences.unusedAfterMin`): forms put each at its field. Empty when it carried none.
 */
export function fieldProblems(e: unknown): readonly FieldProblem[] {
  return bridgeErrorOf(e)?.fields ?? [];
}

export function errorMessage(e: unknown): string {
  const be = bridgeErrorOf(e);
  if (be) {
    const am = be.alertmanager;
    if (am) return describeError(am);
    // The plain words, never the channel and argument path the message names for logs.
    if (be.fields?.length) return be.fields.map((f) => f.message).join(' ');
    return be.message;
  }
  if (e instanceof Error) return e.message;
  return String(e);
}
