// System sleep: stop polling on suspend (requests would only time out and mark every
// instance unreachable), and on resume or unlock poll at once so the view is fresh. The
// hooks let the history mark the start of sleep and say "while you were away" once the
// first poll after waking has been recorded.
import type { Core } from '../core/service.ts';

export interface PowerEvents {
  on(event: 'suspend' | 'resume' | 'unlock-screen', listener: () => void): unknown;
  removeListener(event: 'suspend' | 'resume' | 'unlock-screen', listener: () => void): unknown;
}

export interface PowerHooks {
  /** The system is going to sleep (polling has stopped). */
  suspended?: () => void;
  /** Back from sleep, after the first poll (unlocking without sleep does not count). */
  woke?: () => void;
}

export function wirePower(
  power: PowerEvents,
  core: Pick<Core, 'setPollingPaused' | 'refresh'>,
  log: (line: string) => void = () => undefined,
  hooks: PowerHooks = {},
): () => void {
  let asleep = false;
  const suspend = () => {
    asleep = true;
    core.setPollingPaused(true);
    hooks.suspended?.();
  };
  const wake = () => {
    const fromSleep = asleep;
    asleep = false;
    core.setPollingPaused(false);
    core
      .refresh()
      .catch((err: unknown) => log(`refresh after resume failed: ${String(err)}`))
      .finally(() => {
        if (fromSleep) hooks.woke?.();
      });
  };
  power.on('suspend', suspend);
  power.on('resume', wake);
  power.on('unlock-screen', wake);
  return () => {
    power.removeListener('suspend', suspend);
    power.removeListener('resume', wake);
    power.removeListener('unlock-screen', wake);
  };
}
