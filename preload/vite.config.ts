// A sandboxed preload must be one CommonJS file that only requires 'electron'.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  build: {
    ssr: true,
    target: 'chrome130',
    outDir: 'out/preload',
    emptyOutDir: true,
    minify: false,
    rollupOptions: {
      input: { index: 'preload/index.ts' },
      external: ['electron'],
      output: { format: 'cjs', entryFileNames: '[name].cjs' },
    },
  },
  ssr: { noExternal: true },
});
