// Keys of merged-view records that several modules build (the merge, silence actions).

/** A silence is identified per cluster: `<clusterId>/<silenceId>`. */
export function silenceKeyOf(clusterId: string, id: string): string {
  return `${clusterId}/${id}`;
}

/** The inverse of silenceKeyOf (cluster ids may contain '/', silence ids never do). */
export function parseSilenceKey(key: string): { clusterId: string; id: string } {
  const i = key.lastIndexOf('/');
  if (i <= 0 || i === key.length - 1) throw new Error(`invalid silence key: ${key}`);
  return { clusterId: key.slice(0, i), id: key.slice(i + 1) };
}
