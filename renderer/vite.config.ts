import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The dev server injects component CSS as <style> elements and reloads over its own WebSocket,
 * both of which the strict CSP meta tag of index.html forbids. Relax style-src and allow that
 * socket (this port only) for `vite serve` only; builds keep the strict policy.
 */
function devCsp(): Plugin {
  return {
    name: 'amtray-dev-csp',
    apply: 'serve',
    transformIndexHtml: (html, ctx) => {
      const port = ctx.server?.config.server.port ?? 5173;
      return html
        .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        .replace(
          "connect-src 'self'",
          `connect-src 'self' ws://127.0.0.1:${port} ws://localhost:${port}`,
        );
    },
  };
}

/**
 * The browser shell's early connection (src/early.ts) is an entry of its own, put before the
 * main script: module scripts run in document order, each once fetched, so it runs as soon as
 * its few kB arrive instead of after the whole app is fetched and compiled. (Two scripts in
 * index.html would be bundled into one entry.) The dev server serves it from source.
 */
function earlyScript(): Plugin {
  const tag = (src: string) => `<script type="module" crossorigin src="${src}"></script>\n    `;
  return {
    name: 'amtray-early-script',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.filename.endsWith('index.html')) return html;
        const early = ctx.server
          ? '/src/early.ts'
          : Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.name === 'early')
              ?.fileName;
        if (!early) throw new Error('the early connection chunk was not built');
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('index.html has no module script');
        return html.slice(0, at) + tag(ctx.server ? early : `./${early}`) + html.slice(at);
      },
    },
  };
}

/**
 * The window's RE2 engine comes late (src/lib/matchers/re2-engine-lazy.ts): every import of
 * main/core/matchers/re2-engine.ts, relative or through `$core`, gets the lazy module instead,
 * so re2js becomes a chunk fetched after the list is drawn, not part of opening the window.
 */
function lateRegexEngine(): Plugin {
  const core = fileURLToPath(new URL('../main/core/matchers/re2-engine.ts', import.meta.url));
  const lazy = fileURLToPath(new URL('src/lib/matchers/re2-engine-lazy.ts', import.meta.url));
  return {
    name: 'amtray-late-regex-engine',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('re2-engine') || source.includes('re2-engine-lazy')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && resolved.id === core ? lazy : null;
    },
  };
}

/**
 * `//# allFunctionsCalledOnLoad` at the top of the chunks that opening the window runs (the
 * entries and their static imports: not the lazy views, not the late RE2 engine): Chromium (136+, so Electron too) then compiles
 * their functions on the thread that streams the script in, instead of one by one on the main
 * thread as the list is first drawn (~100 ms of a fresh window's opening here; A/B in
 * docs/performance.md).
 */
function compileHints(): Plugin {
  return {
    name: 'amtray-compile-hints',
    apply: 'build',
    // Last, after minification (which drops comments) and Vite's own preamble: the comment
    // must open the file. The content hash is the one before; the comment is the same in
    // every build, so names still change exactly when content does.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        // The entries' chunks and everything they import statically: what a page runs first.
        const initial = new Set<string>();
        const visit = (name: string): void => {
          const chunk = bundle[name];
          if (initial.has(name) || chunk?.type !== 'chunk') return;
          initial.add(name);
          chunk.imports.forEach(visit);
        };
        for (const [name, c] of Object.entries(bundle))
          if (c.type === 'chunk' && c.isEntry) visit(name);
        for (const name of initial) {
          const chunk = bundle[name];
          if (chunk?.type === 'chunk') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
        }
      },
    },
  };
}

export default defineConfig({
  root,
  // Relative asset URLs: the same build is loaded from app:// (Electron) and http:// (browser shell).
  base: './',
  plugins: [lateRegexEngine(), svelte(), devCsp(), earlyScript(), compileHints()],
  // The window imports the Electron-free core (types, matchers, model rules) as `$core/...`.
  resolve: { alias: { $core: fileURLToPath(new URL('../main/core', import.meta.url)) } },
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
    // The window, and Electron's hidden audio page (sound.html: plays with the window closed).
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        sound: fileURLToPath(new URL('sound.html', import.meta.url)),
        early: fileURLToPath(new URL('src/early.ts', import.meta.url)),
      },
      // The late RE2 engine by its own name (it would be "build-…", after re2js's file).
      output: {
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/re2js/'))
            ? 'assets/re2js-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
});
