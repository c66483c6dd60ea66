// Headless Chromium for shell tests (the system /usr/bin/chromium through playwright-core).
import { chromium, type Browser } from 'playwright-core';
import { debianBinary } from './debian-binary.ts';

const CHROMIUM = debianBinary('chromium', '/usr/bin/chromium', 'CHROMIUM_BIN');
export const CHROMIUM_BIN = CHROMIUM.path();

/** false when Chromium is available; a reason to skip otherwise (CI must have it). */
export function chromiumSkipReason(): string | false {
  return CHROMIUM.skipReason();
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_BIN,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
}
