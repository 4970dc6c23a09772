import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { visionAssetsPlugin } from './build/vision-assets.js';

const backend = 'http://localhost:3000';

/**
 * Writes `.br` and `.gz` beside every text asset of the build, once, at maximum compression, so the
 * server (`@fastify/static` with `preCompressed`) sends them without compressing per request.
 * `include` picks which (paths relative to the output directory); a second build into the same
 * directory (the widget's) compresses only its own.
 */
export function precompress(include = /\.(js|css|html|svg|json|txt|webmanifest)$/): Plugin {
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
          .filter((f) => include.test(f))
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

/** The built page served for `/`: the landing entry with the page already in `#root`, in Spanish. */
export const LANDING_HTML = 'landing.html';
/** The same page prerendered in another language (`landing.en.html`), for visitors who chose it. */
export const landingHtmlFor = (language: string) =>
  language === 'es' ? LANDING_HTML : `landing.${language}.html`;

type PrerenderedLanding = { language: string; html: string; title: string; description: string };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Completes the built `landing.html` (entry src/landing.tsx), once per language: the landing page
 * rendered to HTML inside `#root` with its CSS inline, so the first paint needs no other request,
 * its title and description, and preloads for what the entry fetches before it can hydrate (the
 * texts, loaded through dynamic imports the HTML would otherwise only find after the entry ran).
 * `#root` is `inert` until React has taken the page over (landing.tsx), so no click lands on a
 * button that does nothing yet. The server sends `landing.<lang>.html` to a visitor whose language
 * cookie asks for it. Runs before `precompress` (writeBundle precedes closeBundle).
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
      const textPreloads = (language: string) =>
        ['common', 'landing'].map((ns) => {
          const file = `/src/locales/${language}/${ns}.json`;
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(file));
          if (!chunk) throw new Error(`no chunk for ${file}`);
          return `<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`;
        });
      // The page's stylesheets (about 4 KB gzip in all) go inline: on a phone each would be a
      // render-blocking round trip before the first paint, which is all this page is about.
      const inlineCss = (_tag: string, file: string) => {
        const asset = bundle[file];
        if (asset?.type !== 'asset') throw new Error(`${LANDING_HTML}: no ${file} in the bundle`);
        const css = typeof asset.source === 'string' ? asset.source : decoder.decode(asset.source);
        return `<style data-file="${file}">${css.trim()}</style>`;
      };
      const template = await readFile(join(outDir, LANDING_HTML), 'utf8');
      const marker = '<div id="root"></div>';
      const expected = [marker, '<html lang="es">', '<title>', 'name="description"'];
      for (const part of expected)
        if (!template.includes(part)) throw new Error(`${LANDING_HTML} has no ${part}`);

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
          PRERENDERED_LANGUAGES: readonly string[];
          renderLanding: (language: string) => Promise<PrerenderedLanding>;
        };
        for (const language of mod.PRERENDERED_LANGUAGES) {
          const page = await mod.renderLanding(language);
          // React writes a preload for the high-priority hero image at the start of the markup;
          // it belongs in <head> (found sooner, and not a stray node for hydration).
          const preloads = page.html.match(/^(<link [^>]*\/>)+/)?.[0] ?? '';
          const body = page.html.slice(preloads.length);
          const links = [...(preloads.match(/<link [^>]*\/>/g) ?? []), ...textPreloads(language)];
          await writeFile(
            join(outDir, landingHtmlFor(language)),
            template
              .replace('<html lang="es">', `<html lang="${language}">`)
              .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
              .replace(
                /(<meta\s+name="description"\s+content=")[^"]*"/,
                `$1${escapeHtml(page.description)}"`,
              )
              .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, inlineCss)
              .replace('  </head>', `    ${links.join('\n    ')}\n  </head>`)
              .replace(marker, `<div id="root" data-prerendered="landing" inert>${body}</div>`),
          );
        }
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
  plugins: [react(), landingInDev(), prerenderLanding(), visionAssetsPlugin(), precompress()],
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
        // The consultation for the widget's iframe on a salon's own site.
        embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
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
    // A page test that walks a fake clock through half an hour re-renders thousands of times: 4 s
    // alone, past Vitest's 5 s default with two workers on two cores.
    testTimeout: 15_000,
  },
});
