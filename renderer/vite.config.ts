import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // Relative asset URLs: the same build is loaded from file:// (Electron) and http:// (browser shell).
  base: './',
  plugins: [svelte()],
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
});
