// Browser tests of the window: the real core in this process behind the browser shell
// (WebSocket bridge), the built renderer, and one headless Chromium driven by playwright-core.
// The renderer is built once per test process into a temp dir, so test files never race on
// out/renderer.
import { MemorySecretStore as MemorySecrets } from '../../../main/core/secrets/memory-secret-store.ts';
import { launchChromium } from '../../support/chromium.ts';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PostableAlert } from '../../../main/core/api/types.ts';
import type { Clock } from '../../../main/core/service.ts';
import { postAlerts, startAlertmanager, type AmProcess } from '../../support/alertmanager.ts';
import { createCore } from '../../../main/core/engine/create-core.ts';
import { defaultInstance, defaultSettings } from '../../../main/core/settings/defaults.ts';
import type { InstanceSettings, Settings } from '../../../main/core/settings/types.ts';
import { startBrowserShell, type BrowserShell } from '../../../main/server/start.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

let builtDir: string | undefined;

/** Builds the renderer once for this process (vite, into a temp dir). */
export function buildRenderer(): string {
  // A prebuilt renderer may be given (e.g. an unminified build for profiling).
  builtDir ??= process.env.AMTRAY_RENDERER_DIR;
  if (builtDir) return builtDir;
  const dir = mkdtempSync(join(tmpdir(), 'amtray-renderer-'));
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '-c',
      'renderer/vite.config.ts',
      '--outDir',
      dir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`renderer build failed:\n${r.stdout}\n${r.stderr}`);
  builtDir = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/**
 * One headless Chromium for the whole file or suite it is called in (the machine is small;
 * each part opens its own context): launched in before(), closed in after().
 */
export function useBrowser(): { readonly browser: Browser } {
  const ctx = {} as { browser: Browser };
  before(async () => {
    ctx.browser = await launchBrowser();
  });
  after(async () => {
    await ctx.browser?.close();
  });
  return ctx;
}

export function testInstance(
  id: string,
  url: string,
  extra: Partial<InstanceSettings> = {},
): InstanceSettings {
  return defaultInstance({ id, name: id, url, pollIntervalSec: 2, timeoutSec: 3, ...extra });
}

export function testSettings(
  instances: InstanceSettings[],
  patch: Partial<Settings> = {},
): Settings {
  const s = defaultSettings();
  s.instances = instances;
  // Show every state so tests see silenced/inhibited alerts without touching the toggles.
  s.ui.filter = { ...s.ui.filter, showSilenced: true, showInhibited: true };
  return { ...s, ...patch };
}

/** Settings as a first run has them: silenced and inhibited alerts hidden (the state toggles). */
export function productSettings(instances: InstanceSettings[]): Settings {
  const s = testSettings(instances);
  s.ui.filter = { ...s.ui.filter, showSilenced: false, showInhibited: false };
  return s;
}

/**
 * A second real Alertmanager holding `alerts`, beside a test's own: `start` it from the test's
 * `settings` (it returns the server), pass `stop` as its `cleanup`; `am` is it once started.
 */
export function secondAlertmanager(alerts: PostableAlert[]): {
  readonly am: AmProcess;
  start: () => Promise<AmProcess>;
  stop: () => Promise<void> | undefined;
} {
  let am2: AmProcess | undefined;
  return {
    get am(): AmProcess {
      if (!am2) throw new Error('the second Alertmanager was not started');
      return am2;
    },
    start: async () => {
      am2 = await startAlertmanager();
      await postAlerts(am2.url, alerts);
      return am2;
    },
    stop: () => am2?.stop(),
  };
}

/** Dismisses every toast (Shift+Esc, as many times as it takes). */
export async function dismissToasts(page: Page): Promise<void> {
  for (let i = 0; i < 20 && (await page.locator('[data-testid=toast]').count()) > 0; i++)
    await page.keyboard.press('Shift+Escape');
}

export { MemorySecrets };

export interface Ui {
  shell: BrowserShell;
  /** Where the shell keeps passwords and tokens for this run. */
  secrets: MemorySecrets;
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and CSP violations seen so far. */
  problems: string[];
  /**
   * Links the window opened in new tabs (the browser shell opens links in the user's browser;
   * each tab is answered here, recorded and closed).
   */
  opened: string[];
  /**
   * Links handed to the shell's 'app:openExternal' (Electron's way: the system browser). The
   * browser shell's window must not (the shell's process would open them wherever it runs).
   */
  handedToShell: string[];
  close(): Promise<void>;
}

/** Starts the shell with these settings and opens the window in a fresh browser context. */
export async function openUi(
  browser: Browser,
  settings: Settings,
  opts: {
    colorScheme?: 'light' | 'dark';
    viewport?: { width: number; height: number };
    /** Runs after the shell started and before the page opens (e.g. wait for the core). */
    beforeOpen?: (shell: Ui['shell']) => Promise<void>;
    /** Runs on the page before it navigates (listeners that must see everything). */
    onPage?: (page: Page) => unknown;
    /** Keep a history file here (the Timeline); without it the shell keeps none. */
    historyPath?: string;
    /** The core's clock (tests that move time ahead); the system clock by default. */
    clock?: Clock;
  } = {},
): Promise<Ui> {
  const secrets = new MemorySecrets();
  const opened: string[] = [];
  const handedToShell: string[] = [];
  const shell = await startBrowserShell({
    openExternal: async (url) => void handedToShell.push(url),
    createCore: (o) => createCore(opts.clock ? { ...o, clock: opts.clock } : o),
    settings,
    secrets,
    rendererDir: buildRenderer(),
    ...(opts.historyPath ? { historyPath: opts.historyPath } : {}),
  });
  await opts.beforeOpen?.(shell);
  const context = await browser.newContext({
    viewport: opts.viewport ?? { width: 1280, height: 800 },
    colorScheme: opts.colorScheme ?? 'light',
  });
  // Links open in new tabs: anything not the shell's is answered here (no network), and each
  // new tab's first address is recorded.
  const shellOrigin = new URL(shell.url).origin;
  await context.route(
    (u) => u.origin !== shellOrigin,
    (r) => r.fulfill({ contentType: 'text/plain', body: 'a link the test opened' }),
  );
  const page = await context.newPage();
  context.on('page', (tab) => {
    if (tab === page) return;
    let taken = false;
    const take = (): void => {
      const u = tab.url();
      // A page of the shell's own (a test opening another window, the sound page) is not a link.
      if (taken || !/^https?:/.test(u) || u.startsWith(shellOrigin)) return;
      taken = true;
      opened.push(u);
      void tab.close().catch(() => {});
    };
    take();
    tab.on('framenavigated', (f) => {
      if (f === tab.mainFrame()) take();
    });
  });
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (/favicon/.test(m.text())) return;
    if (m.type() === 'error' || /Content.Security.Policy/i.test(m.text()))
      problems.push(`console ${m.type()}: ${m.text()}`);
  });
  // Runs in the page (DOM types are not in this tsconfig, hence the narrow casts).
  await page.addInitScript(() => {
    const g = globalThis as unknown as PageGlobals;
    g.document.addEventListener('securitypolicyviolation', (e) => {
      (g.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  await opts.onPage?.(page);
  await page.goto(shell.url);
  return {
    shell,
    secrets,
    context,
    page,
    problems,
    opened,
    handedToShell,
    async close() {
      await context.close().catch(() => {});
      await shell.close().catch(() => {});
    },
  };
}

/** What tests read in the page; the root tsconfig has no DOM lib. */
export interface PageGlobals {
  document: {
    addEventListener(
      type: 'securitypolicyviolation',
      fn: (e: { violatedDirective: string; blockedURI: string }) => void,
    ): void;
  };
  __csp?: string[];
  __xss?: unknown;
}

/** CSP violations recorded in the page. */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as PageGlobals).__csp ?? []);
}

/** A real Alertmanager, the browser shell on it and one page; see `useAlertmanagerUi`. */
export interface AlertmanagerUi {
  am: AmProcess;
  browser: Browser;
  ui: Ui;
  page: Page;
}

/**
 * Registers before/after hooks in the current suite: starts a real Alertmanager, posts
 * `alerts`, opens the window on settings made from its URL (one instance `am1` by default) at
 * `viewport`, and waits for `ready` (the first alert row by default). Fields are set in before().
 */
export function useAlertmanagerUi(opts: {
  alerts: PostableAlert[];
  /** The Alertmanager's YAML config (its routing); DEFAULT_CONFIG otherwise. */
  amConfig?: string;
  settings?: (am: AmProcess) => Settings | Promise<Settings>;
  viewport?: { width: number; height: number };
  ready?: (page: Page) => Promise<unknown>;
  /** Extra teardown (servers the test started), run before the Alertmanager stops. */
  cleanup?: () => unknown;
  /** Keep a history file here (the Timeline). */
  historyPath?: string;
  /** Runs on the page before it navigates (e.g. a route that holds bridge requests back). */
  onPage?: (page: Page) => unknown;
}): AlertmanagerUi {
  const ctx = {} as AlertmanagerUi;
  before(async () => {
    ctx.am = await startAlertmanager(opts.amConfig ? { config: opts.amConfig } : undefined);
    await postAlerts(ctx.am.url, opts.alerts);
    ctx.browser = await launchBrowser();
    const settings = opts.settings
      ? await opts.settings(ctx.am)
      : testSettings([testInstance('am1', ctx.am.url)]);
    ctx.ui = await openUi(ctx.browser, settings, {
      ...(opts.historyPath ? { historyPath: opts.historyPath } : {}),
      ...(opts.onPage ? { onPage: opts.onPage } : {}),
    });
    ctx.page = ctx.ui.page;
    if (opts.viewport) await ctx.page.setViewportSize(opts.viewport);
    await (opts.ready
      ? opts.ready(ctx.page)
      : ctx.page.locator('[data-testid=alert-row]').first().waitFor({ timeout: 30_000 }));
  });
  after(async () => {
    await ctx.ui?.close();
    await ctx.browser?.close();
    await opts.cleanup?.();
    await ctx.am?.stop();
  });
  return ctx;
}
