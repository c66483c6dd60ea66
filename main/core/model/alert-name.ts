// An alert's name, one meaning everywhere: its `alertname` label, or '' when it has none (a
// label with an empty value is the same as no label in Alertmanager). What a view shows for a
// nameless alert is the view's choice (a notification says "Alert").
import type { LabelSet } from '../api/types.ts';

export function alertNameOf(labels: LabelSet): string {
  return labels['alertname'] ?? '';
}
