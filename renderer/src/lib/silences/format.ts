// Matchers as Alertmanager prints them (name="value", name=~"re"), for display and search.
import type { Matcher } from '../../../../main/core/api/types.ts';
import { opOf } from './draft.ts';

export function formatMatcherText(m: Matcher): string {
  return `${m.name}${opOf(m)}"${m.value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
