// Turns of the event loop for work done in slices: one waiter goes on per turn, in the order
// they asked, urgent ones (a window's list query) first. Each worker yielding with its own
// setImmediate let all of them run in one check phase: with 20 changed bodies that was 20
// slices of 8 ms back to back, and a window's list query (I/O, timers) waited ~160 ms for it.
// The list's own slices (a query's answer, the follow after a poll) once ran beside this queue
// in every turn; at 100,000 alerts a turn then held a merge, a follow slice, an outcome and a
// reader slice together (100–130 ms stalls of the core in a probe). Now they share it.

/** Waiting resolvers, oldest first: a short queue (a few workers at most). */
const waiting: (() => void)[] = [];
/** Waiters a window waits on: released before any other. */
const urgent: (() => void)[] = [];
let scheduled = false;

function release(): void {
  scheduled = false;
  const next = urgent.shift() ?? waiting.shift();
  if (urgent.length + waiting.length > 0) {
    // Queued from inside the check phase: runs in the next turn, after timers and I/O.
    scheduled = true;
    setImmediate(release);
  }
  next?.();
}

/**
 * Resolves in a later turn of the event loop than any other waiter resumes in. `first`: before
 * every waiter that is not (a query a window waits for; background work waits its turn).
 */
export function nextTurn(first = false): Promise<void> {
  return new Promise<void>((resolve) => {
    (first ? urgent : waiting).push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
  });
}
