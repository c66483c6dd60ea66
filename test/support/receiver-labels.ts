// Alertmanager 0.33+ receiver labels and the `receiver_matchers` query parameter, as the
// emulated 0.34 server (flavours.ts) serves them. Shapes from upstream prometheus/alertmanager
// 0.34.0 (commit 68fb2d5), api/v2/openapi.yaml: `definitions.receiver` is {name, labels}
// (alerts and groups keep the name-only `receiverReference`), and `parameters.receiverMatchers`
// (`receiver_matchers`, repeated, e.g. `owner="my-team"`) on GET /receivers, /alerts and
// /alerts/groups. Semantics from api/v2/api.go: getReceiversHandler keeps receivers whose labels
// match every matcher; receiversMatchLabels keeps an alert when ANY of its receivers' labels
// match; a receiver without labels never matches; a bad matcher is a 400
// "failed to parse receiver_matchers param: ...".
import type { IncomingMessage } from 'node:http';
import type { LabelSet, Matcher } from '../../main/core/api/types.ts';
import { evaluateAlert } from '../../main/core/matchers/evaluate.ts';
import { parseMatcher } from '../../main/core/matchers/parse.ts';

export interface ReceiverDef {
  name: string;
  labels?: LabelSet;
}

/** The request's receiver_matchers, or the 400 text upstream answers for a bad one. */
export function receiverMatchersOf(req: IncomingMessage): Matcher[] | { error: string } {
  const q = new URL(req.url ?? '/', 'http://x').searchParams.getAll('receiver_matchers');
  try {
    return q.map((s) => parseMatcher(s));
  } catch (e) {
    return { error: `failed to parse receiver_matchers param: ${(e as Error).message}` };
  }
}

/** Whether a receiver of this name passes the matchers (none: every receiver passes). */
export function receiverPasses(
  matchers: readonly Matcher[],
  name: string,
  defs: readonly ReceiverDef[],
): boolean {
  if (matchers.length === 0) return true;
  const labels = defs.find((d) => d.name === name)?.labels;
  return labels !== undefined && evaluateAlert(matchers, labels) === 'match';
}

/** GET /receivers: name and labels (labels omitted when empty, as the Go model does). */
export function receiversBody(defs: readonly ReceiverDef[], matchers: readonly Matcher[]) {
  return defs
    .filter((d) => receiverPasses(matchers, d.name, defs))
    .map((d) =>
      d.labels && Object.keys(d.labels).length > 0
        ? { name: d.name, labels: d.labels }
        : { name: d.name },
    );
}
