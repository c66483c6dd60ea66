// Where silences went, in a toast's words: "on am1", "on am1 and prod", "on am1, am2, am3 and
// 2 more". The silence form's toast said "… on am1" and an acknowledgement's said nothing, so
// an engineer with several Alertmanagers could not tell where an ack had been written.

const SHOWN = 3;

/** "on …" for these clusters (each once, in the order given), by their labels. */
export function onAlertmanagers(
  clusterIds: readonly string[],
  label: (clusterId: string) => string,
): string {
  const names = [...new Set(clusterIds)].map(label);
  if (names.length === 0) return '';
  if (names.length === 1) return `on ${names[0]}`;
  if (names.length <= SHOWN) return `on ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `on ${names.slice(0, SHOWN).join(', ')} and ${names.length - SHOWN} more`;
}
