/**
 * Builds `dist/widget.js`, the one script salons paste into their own pages: a classic,
 * self-contained IIFE written beside the app's build (`emptyOutDir: false`), within
 * WIDGET_MAX_GZIP_BYTES. `widgetBuildConfig()` is the build without the plugin that writes
 * `.gz`/`.br` beside it, for the size test (which builds in memory).
 */
import { fileURLToPath, URL } from 'node:url';
import { defaultClientConditions, defineConfig, type UserConfig } from 'vite';
import { precompress } from './vite.config.js';

export const widgetBuildConfig = (): UserConfig => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The app's build has copied public/ already; this one only adds widget.js.
  publicDir: false,
  // '@belleza/contract' resolves to its TypeScript source, as in the app's build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2019',
    minify: true,
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('./src/widget/widget.ts', import.meta.url)),
      formats: ['iife'],
      // Required for an IIFE; the entry exports nothing, so no global of this name is written.
      name: 'BellezaEnVivoWidget',
      fileName: () => 'widget.js',
    },
    rolldownOptions: {
      // The contract's modules build zod schemas at their top level, which the bundler must assume
      // have side effects; the widget uses none of them (only constants and `isCallSubject`), so
      // calls on `z`, and on the contract's own schema helpers used at top level, are declared
      // pure and zod is left out.
      treeshake: { manualPureFunctions: ['z', 'singleLine'] },
    },
  },
});

export default defineConfig({ ...widgetBuildConfig(), plugins: [precompress(/^widget\.js$/)] });
