import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const backend = 'http://localhost:3000';

/**
 * Writes `.br` and `.gz` beside every text asset of the build, once, at maximum compression, so the
 * server (`@fastify/static` with `preCompressed`) sends them without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'belleza:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = await readdir(outDir, { recursive: true });
      await Promise.all(
        files
          .filter((f) => /\.(js|css|html|svg|json|txt|webmanifest)$/.test(f))
          .map(async (f) => {
            const path = join(outDir, f);
            const body = await readFile(path);
            if (body.length < 1024) return;
            await writeFile(
              `${path}.br`,
              brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            await writeFile(`${path}.gz`, gzipSync(body, { level: 9 }));
          }),
      );
    },
  };
}

const resolve = {
  // '@belleza/contract' resolves to its TypeScript source (the package's `source` export).
  conditions: ['source', ...defaultClientConditions],
  alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
};

/** The built page served for `/` only: the app shell with the landing page already in `#root`. */
export const LANDING_HTML = 'landing.html';

/**
 * Writes `landing.html`: the built `index.html` with the landing page rendered to HTML (Spanish)
 * inside `#root`, so the first paint needs no JavaScript. `#root` is `inert` until the SPA has
 * replaced it with the live page (main.tsx), so no click lands on a button that does nothing yet.
 * Runs before `precompress` (writeBundle precedes closeBundle), which then compresses it too.
 */
function prerenderLanding(): Plugin {
  let outDir = 'dist';
  return {
    name: 'belleza:prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      // The landing chunk's own CSS (and JS, preloaded) must come with the HTML, else the
      // prerendered page would paint unstyled and shift once the chunk arrives.
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const landing = chunks.find((c) =>
        c.facadeModuleId?.endsWith('/src/features/landing/index.ts'),
      );
      if (!landing) throw new Error('no landing chunk in the bundle');
      const css = new Set<string>();
      const js = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = chunks.find((c) => c.fileName === fileName);
        if (!chunk || js.has(fileName)) return;
        js.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((f) => css.add(f));
        chunk.imports.forEach(visit);
      };
      visit(landing.fileName);
      const server = await createServer({
        configFile: false,
        root: fileURLToPath(new URL('.', import.meta.url)),
        resolve,
        plugins: [react()],
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const mod = (await server.ssrLoadModule('/src/prerender/landing.tsx')) as {
          renderLanding: () => Promise<string>;
        };
        const rendered = await mod.renderLanding();
        // React writes a preload for the high-priority hero image at the start of the markup; it
        // belongs in <head> (found sooner, and not a stray node for hydration).
        const preloads = rendered.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
        const body = rendered.slice(preloads.length);
        const shell = await readFile(join(outDir, 'index.html'), 'utf8');
        const marker = '<div id="root"></div>';
        if (!shell.includes(marker)) throw new Error(`index.html has no ${marker}`);
        const links = [
          ...(preloads.match(/<link [^>]*\/>/g) ?? []),
          ...[...css]
            .filter((f) => !shell.includes(`/${f}"`))
            .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
        ];
        await writeFile(
          join(outDir, LANDING_HTML),
          shell
            .replace('  </head>', `    ${links.join('\n    ')}\n  </head>`)
            .replace(marker, `<div id="root" data-prerendered="landing" inert>${body}</div>`),
        );
      } finally {
        await server.close();
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), prerenderLanding(), precompress()],
  resolve,
  server: {
    proxy: {
      '/api': backend,
      '/docs': backend,
      '/openapi.json': backend,
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        video: fileURLToPath(new URL('./daily_video_call.html', import.meta.url)),
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
