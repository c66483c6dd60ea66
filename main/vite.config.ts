// Bundles the Electron main process and the browser shell for Node. electron-store is
// ESM-only and bundled in; electron, node-sqlite3-wasm and Node built-ins stay external.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'out/main',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: {
        index: 'main/electron/index.ts',
        serve: 'main/server/index.ts',
      },
      // node-sqlite3-wasm loads its .wasm from next to its own file: it stays a package.
      external: ['electron', 'node-sqlite3-wasm', /^node:/, ...builtinModules],
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  ssr: { noExternal: true },
});
