// Turns of the event loop for work done in slices (the readers of 20 instances' bodies): one
// waiter goes on per turn, in the order they asked. Each reader yielding with its own
// setImmediate let all of them run in one check phase: with 20 changed bodies that was 20
// slices of 8 ms back to back, and a window's list query (I/O, timers) waited ~160 ms for it.

/** Waiting resolvers, oldest first (one per reader at most: a short queue). */
const waiting: (() => void)[] = [];
let scheduled = false;

function release(): void {
  scheduled = false;
  const next = waiting.shift();
  if (waiting.length > 0) {
    // Queued from inside the check phase: runs in the next turn, after timers and I/O.
    scheduled = true;
    setImmediate(release);
  }
  next?.();
}

/** Resolves in a later turn of the event loop than any other waiter resumes in. */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(release);
    }
  });
}
