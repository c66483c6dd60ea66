// Where in its interval each instance is polled once the core holds many alerts. Instances
// started together (the app starting, a resume, a refresh of all) poll together ever after at
// the same interval: at 100,000 alerts 20 bodies of ~3.5 MB then arrive within one second every
// interval, and reading and merging them held the core's turns for 100–400 ms at a time (a
// window's list question waited as long). Each instance gets its own place on a grid of its
// interval, taken from its id (as Prometheus spreads its scrapes by target), so their bodies
// arrive one after another. The cadence stays one interval; only a poll that was off its place
// (the first, one after a refresh) moves, at most half an interval later than start-to-start.

/** A place in [0, intervalMs) from the instance id (stable across runs and machines). */
export function pollPhaseMs(id: string, intervalMs: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // MurmurHash3's finaliser: ids that differ in their last character only ("am1", "am2")
  // land far apart, not side by side.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return ((h >>> 0) / 0x1_0000_0000) * intervalMs;
}

/**
 * How long after `now` the next poll starts: at the first point of the grid (`phaseMs` plus
 * multiples of `intervalMs` on the clock) that is at least half an interval after this poll
 * started and a quarter interval after it ended. On its place, that is one interval after it.
 */
export function alignedWaitMs(
  now: number,
  started: number,
  intervalMs: number,
  phaseMs: number,
): number {
  const earliest = Math.max(started + intervalMs / 2, now + intervalMs / 4);
  const into = (((earliest - phaseMs) % intervalMs) + intervalMs) % intervalMs;
  const next = into === 0 ? earliest : earliest + intervalMs - into;
  return next - now;
}
