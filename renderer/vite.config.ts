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

export default defineConfig({
  root,
  // Relative asset URLs: the same build is loaded from app:// (Electron) and http:// (browser shell).
  base: './',
  plugins: [svelte(), devCsp()],
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
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
});
