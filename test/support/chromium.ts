// Headless Chromium for shell tests (the system /usr/bin/chromium through playwright-core).
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_BIN = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';

/** false when Chromium is available; a reason to skip otherwise (CI must have it). */
export function chromiumSkipReason(): string | false {
  if (existsSync(CHROMIUM_BIN)) return false;
  if (process.env.CI === 'true') throw new Error(`CI: Chromium missing at ${CHROMIUM_BIN}`);
  return `no Chromium at ${CHROMIUM_BIN} (set CHROMIUM_BIN)`;
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
