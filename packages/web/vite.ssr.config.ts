/**
 * Builds what renders the landing page, `dist/server/landing.js` (src/prerender/landing.tsx, with
 * React and the landing's texts inside, so the server needs nothing of the web package), after the
 * app's build wrote its template; then renders `landing.html` and `landing.en.html` with it, the
 * pages of a salon that entered nothing yet (and what `/` is without a server-side render), and
 * compresses them like every asset. The server renders the same module with the salon's content.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import {
  LANDING_TEMPLATE,
  SERVER_DIR,
  landingHtmlFor,
  precompress,
  resolve,
} from './vite.config.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = join(root, 'dist');

type Renderer = {
  PRERENDERED_LANGUAGES: readonly string[];
  renderLandingDocument: (template: string, language: string) => Promise<string>;
};

function prerenderLanding(): Plugin {
  return {
    name: 'belleza:prerender-landing',
    apply: 'build',
    async writeBundle() {
      const mod = (await import(
        pathToFileURL(join(outDir, SERVER_DIR, 'landing.js')).href
      )) as Renderer;
      const template = await readFile(join(outDir, LANDING_TEMPLATE), 'utf8');
      for (const language of mod.PRERENDERED_LANGUAGES)
        await writeFile(
          join(outDir, landingHtmlFor(language)),
          await mod.renderLandingDocument(template, language),
        );
    },
  };
}

export default defineConfig({
  root,
  // The app's build has copied public/ already.
  publicDir: false,
  resolve,
  plugins: [
    react(),
    prerenderLanding(),
    // Writes .br/.gz beside the pages just rendered (closeBundle runs after writeBundle).
    precompress(/^landing(\.[a-z]+)?\.html$/, outDir),
  ],
  logLevel: 'warn',
  ssr: { noExternal: true },
  build: {
    ssr: 'src/prerender/landing.tsx',
    outDir: join(outDir, SERVER_DIR),
    emptyOutDir: false,
    target: 'node20',
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'landing.js', format: 'es' } },
  },
});
