// System sleep: stop polling on suspend (requests would only time out and mark every
// instance unreachable), and on resume or unlock poll at once so the view is fresh.
import type { Core } from '../core/service.ts';

export interface PowerEvents {
  on(event: 'suspend' | 'resume' | 'unlock-screen', listener: () => void): unknown;
  removeListener(event: 'suspend' | 'resume' | 'unlock-screen', listener: () => void): unknown;
}

export function wirePower(
  power: PowerEvents,
  core: Pick<Core, 'setPollingPaused' | 'refresh'>,
  log: (line: string) => void = () => undefined,
): () => void {
  const suspend = () => core.setPollingPaused(true);
  const wake = () => {
    core.setPollingPaused(false);
    core.refresh().catch((err: unknown) => log(`refresh after resume failed: ${String(err)}`));
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
