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

/** The built page served for `/` only: the landing entry with the page already in `#root`. */
export const LANDING_HTML = 'landing.html';

/**
 * Completes the built `landing.html` (entry src/landing.tsx): the landing page rendered to HTML
 * (Spanish) inside `#root` with its CSS inline, so the first paint needs no other request, and preloads for what the
 * entry fetches before it can hydrate (the Spanish texts, loaded through dynamic imports that
 * the HTML would otherwise only discover after the entry ran). `#root` is `inert` until React has
 * taken the page over (landing.tsx), so no click lands on a button that does nothing yet.
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
      const decoder = new TextDecoder();
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const texts = ['common', 'landing'].map((ns) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/locales/es/${ns}.json`));
        if (!chunk) throw new Error(`no chunk for the Spanish ${ns} texts`);
        return `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`;
      });
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
        const path = join(outDir, LANDING_HTML);
        const page = await readFile(path, 'utf8');
        const marker = '<div id="root"></div>';
        if (!page.includes(marker)) throw new Error(`${LANDING_HTML} has no ${marker}`);
        const links = [...(preloads.match(/<link [^>]*\/>/g) ?? []), ...texts];
        // The page's stylesheets (about 4 KB gzip in all) go inline: on a phone each would be a
        // render-blocking round trip before the first paint, which is all this page is about.
        const inlineCss = (tag: string, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') throw new Error(`${LANDING_HTML}: no ${file} in the bundle`);
          const css =
            typeof asset.source === 'string' ? asset.source : decoder.decode(asset.source);
          return `<style data-file="${file}">${css.trim()}</style>`;
        };
        await writeFile(
          path,
          page
            .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, inlineCss)
            .replace('  </head>', `    ${links.join('\n    ')}\n  </head>`)
            .replace(marker, `<div id="root" data-prerendered="landing" inert>${body}</div>`),
        );
      } finally {
        await server.close();
      }
    },
  };
}

/** `vite` (dev) serves `/` like the server does: the landing document, not the SPA's. */
function landingInDev(): Plugin {
  return {
    name: 'belleza:landing-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url === '/' || req.url?.startsWith('/?')) req.url = `/${LANDING_HTML}`;
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), landingInDev(), prerenderLanding(), precompress()],
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
        landing: fileURLToPath(new URL('./landing.html', import.meta.url)),
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
