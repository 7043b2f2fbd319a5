import { join } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The holder app's build: served by the service at /app/, written to dist/holder-app beside the compiled server so that
 * a deployment copies one folder. No plugin: Vite's own JSX transform compiles Preact's JSX (importSource below).
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/app/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: join(import.meta.dirname, '..', '..', 'dist', 'holder-app'),
    emptyOutDir: true,
    // Every asset is a file of its own: the page's policy runs and styles only files of this origin.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
