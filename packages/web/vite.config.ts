import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { visionAssetsPlugin } from './build/vision-assets.js';

const backend = 'http://localhost:3000';

/** The build's text assets a browser may be sent (what renders the landing page never is). */
export const PUBLIC_TEXT_ASSET = /^(?!server\/).*\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `.br` and `.gz` beside every text asset of the build, once, at maximum compression, so the
 * server (`@fastify/static` with `preCompressed`) sends them without compressing per request.
 * `include` picks which (paths relative to `dir`, the output directory unless given); a later build
 * into the same directory (the widget's, the landing pages') compresses only its own.
 */
export function precompress(include = PUBLIC_TEXT_ASSET, dir?: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'belleza:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = dir ?? config.build.outDir;
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

export const resolve = {
  // '@belleza/contract' resolves to its TypeScript source (the package's `source` export).
  conditions: ['source', ...defaultClientConditions],
  alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
};

/** The built page served for `/`: the landing page rendered in Spanish for a fresh install. */
export const LANDING_HTML = 'landing.html';
/** The same page in another language (`landing.en.html`), for visitors who chose it. */
export const landingHtmlFor = (language: string) =>
  language === 'es' ? LANDING_HTML : `landing.${language}.html`;
/** Where the build puts what renders the landing page (never served: see the server's app.ts). */
export const SERVER_DIR = 'server';
/** The landing page around its root, CSS inline, for the renders (src/prerender/landing.tsx). */
export const LANDING_TEMPLATE = `${SERVER_DIR}/landing-template.html`;

/** The consultation's module (loaded by the landing page's script on intent, see islands/). */
const CONSULTATION_MODULE = '/src/features/landing/consultation/index.ts';
/** The texts it loads before it renders (consultation/LandingConsultation.tsx). */
const CONSULTATION_TEXTS = ['common', 'errors', 'consultation', 'landing'];

/**
 * Writes the template the landing page is rendered into (`server/landing-template.html`): the
 * built `landing.html` with its stylesheets inline (about 4 KB gzip in all: on a phone each would
 * be a render-blocking round trip before the first paint, which is all this page is about) and the
 * list of the consultation's files, which the page's script fetches once idle without running them
 * (`landing-prefetch`). The pages themselves are rendered by the server build (vite.ssr.config.ts).
 */
function landingTemplate(): Plugin {
  let outDir = 'dist';
  return {
    name: 'belleza:landing-template',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const decoder = new TextDecoder();
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      // The chunk holding the module (the widget's page imports it too, so it may hold more).
      const consultation = chunks.find((c) =>
        c.moduleIds.some((id) => id.endsWith(CONSULTATION_MODULE)),
      );
      if (!consultation) throw new Error(`no chunk for ${CONSULTATION_MODULE}`);
      // The module and what it imports statically, with their CSS.
      const modules = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        if (modules.has(fileName)) return;
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') return;
        modules.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        chunk.imports.forEach(visit);
      };
      visit(consultation.fileName);
      const texts: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const m = /\/src\/locales\/([^/]+)\/([^/]+)\.json$/.exec(chunk.facadeModuleId ?? '');
        if (m?.[1] && m[2] && CONSULTATION_TEXTS.includes(m[2]))
          (texts[m[1]] ??= []).push(`/${chunk.fileName}`);
      }
      const prefetch = {
        modules: [...modules].map((f) => `/${f}`),
        styles: [...styles].map((f) => `/${f}`),
        texts,
      };
      const inlineCss = (_tag: string, file: string) => {
        const asset = bundle[file];
        if (asset?.type !== 'asset') throw new Error(`${LANDING_HTML}: no ${file} in the bundle`);
        const css = typeof asset.source === 'string' ? asset.source : decoder.decode(asset.source);
        return `<style data-file="${file}">${css.trim()}</style>`;
      };
      const built = await readFile(join(outDir, LANDING_HTML), 'utf8');
      const template = built
        .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, inlineCss)
        .replace(
          '  </head>',
          `    <script type="application/json" id="landing-prefetch">${JSON.stringify(prefetch)}</script>\n  </head>`,
        );
      await mkdir(join(outDir, SERVER_DIR), { recursive: true });
      await writeFile(join(outDir, LANDING_TEMPLATE), template);
    },
  };
}

type LandingRenderer = {
  renderLandingDocument: (template: string, language: string) => Promise<string>;
};

/**
 * `vite` (dev) serves `/` like the server does: the landing page rendered (with no salon content)
 * around the dev template, so its script finds what it wires.
 */
function landingInDev(): Plugin {
  return {
    name: 'belleza:landing-in-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url !== '/' && !req.url?.startsWith('/?')) return next();
        const root = fileURLToPath(new URL('.', import.meta.url));
        const language = /(?:^|;\s*)preferred-language=en\b/.test(req.headers.cookie ?? '')
          ? 'en'
          : 'es';
        void (async () => {
          const raw = await readFile(join(root, LANDING_HTML), 'utf8');
          const template = await server.transformIndexHtml(`/${LANDING_HTML}`, raw);
          const mod = (await server.ssrLoadModule('/src/prerender/landing.tsx')) as LandingRenderer;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(await mod.renderLandingDocument(template, language));
        })().catch(next);
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    landingInDev(),
    landingTemplate(),
    visionAssetsPlugin(),
    // What renders the landing page is the server's, never sent to a browser.
    precompress(PUBLIC_TEXT_ASSET),
  ],
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
