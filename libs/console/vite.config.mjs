import { join } from 'node:path';
import { defineConfig } from 'vite';

/**
 * The operator console's build: served by the service at /console/, written to dist/console beside the compiled server
 * so that a deployment copies one folder. Built like the holder app: Vite's own JSX transform compiles Preact's JSX.
 */
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: join(import.meta.dirname, '..', '..', 'dist', 'console'),
    emptyOutDir: true,
    // Every asset is a file of its own: the page's policy runs and styles only files of this origin.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
