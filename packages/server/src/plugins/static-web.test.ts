/**
 * Serving the built web app: pre-compressed assets, cache headers that let a browser keep the
 * fingerprinted files for a year while always revalidating the HTML shell, and the SPA fallback.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createAdvisorBodySchema } from '@belleza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

describe('the built web app', () => {
  let dir: string;
  let t: TestApp;
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'belleza-web-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><meta name="application-name" content="Belleza en Vivo" />' +
        '<meta name="default-language" content="es" /><meta name="currency" content="PEN" />' +
        '<title>app shell | Belleza en Vivo</title>',
    );
    writeFileSync(
      join(dir, 'daily_video_call.html'),
      '<!doctype html><title>Videollamada | Belleza en Vivo</title>',
    );
    writeFileSync(
      join(dir, 'landing.html'),
      '<!doctype html><html lang="es"><head><title>prerendered landing</title></head>' +
        '<body><p class="brand">Belleza en Vivo</p></body></html>',
    );
    writeFileSync(
      join(dir, 'landing.en.html'),
      '<!doctype html><html lang="en"><head><title>English landing</title></head>' +
        '<body><p class="brand">Belleza en Vivo</p></body></html>',
    );
    // What renders the landing page belongs to the server: never sent as a file.
    mkdirSync(join(dir, 'server'));
    writeFileSync(join(dir, 'server', 'renderer-internals.js'), 'export const internals = 1;');
    writeFileSync(join(dir, 'assets', 'main-abc123.js'), script);
    writeFileSync(join(dir, 'assets', 'main-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'main-abc123.js.gz'), gzipSync(script));
    t = await createTestApp({ config: { webDist: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts it, cached for a year', async () => {
    const res = await t.app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('names in Vary every request header the answer depends on, so a shared cache keeps them apart', async () => {
    const varyOf = async (url: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br', ...headers } });
      expect(res.statusCode, url).toBe(200);
      return String(res.headers.vary)
        .split(',')
        .map((field) => field.trim().toLowerCase());
    };
    // Encoding chosen by Accept-Encoding, CORS answer by Origin, the landing's language by Cookie.
    expect(await varyOf('/assets/main-abc123.js')).toEqual(
      expect.arrayContaining(['accept-encoding', 'origin']),
    );
    expect(await varyOf('/admin/dashboard')).toEqual(
      expect.arrayContaining(['accept-encoding', 'origin']),
    );
    expect(await varyOf('/', { cookie: 'preferred-language=en' })).toEqual(
      expect.arrayContaining(['accept-encoding', 'origin', 'cookie']),
    );
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await t.app.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('answers the app shell for client-side routes, always revalidated', async () => {
    const res = await t.app.inject({ url: '/admin/dashboard' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('app shell');
    const index = await t.app.inject({ url: '/index.html' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('answers the prerendered landing page for / only, always revalidated', async () => {
    for (const url of ['/', '/?utm_source=ad']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('prerendered landing');
    }
    for (const url of ['/advisor/login', '/admin', '/unknown']) {
      const res = await t.app.inject({ url });
      expect(res.body, url).toContain('app shell');
    }
  });

  it("answers / in the visitor's chosen language (cookie), Spanish otherwise", async () => {
    const landing = async (cookie?: string) => {
      const res = await t.app.inject({ url: '/', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      // A shared cache must not hand one visitor's language to another.
      expect(res.headers.vary).toMatch(/cookie/i);
      return res.body;
    };
    expect(await landing('preferred-language=en')).toContain('English landing');
    expect(await landing('theme=dark; preferred-language=en; other=1')).toContain(
      'English landing',
    );
    for (const cookie of [undefined, 'preferred-language=es', 'preferred-language=xx', 'x=en'])
      expect(await landing(cookie), String(cookie)).toContain('prerendered landing');
  });

  it('calls a salon not named yet by a neutral name in the page language, never the product', async () => {
    const shell = await t.app.inject({ url: '/admin' });
    expect(shell.body).toContain('<title>app shell | Nuestro salón</title>');
    // empty: the page names it in whichever language the reader switches to
    expect(shell.body).toContain('<meta name="application-name" content="" />');
    const es = await t.app.inject({ url: '/' });
    expect(es.body).toContain('<p class="brand">Nuestro salón</p>');
    const en = await t.app.inject({ url: '/', headers: { cookie: 'preferred-language=en' } });
    expect(en.body).toContain('<p class="brand">Our salon</p>');
    for (const body of [shell.body, es.body, en.body])
      expect(body).not.toContain('Belleza en Vivo');
  });

  it("embeds the salon's public profile in the landing, safe inside its script element", async () => {
    const admin = await t.app.container.advisors.create(
      null,
      createAdvisorBodySchema.parse({
        name: 'Rosa',
        email: 'embed@salon.pe',
        password: 'embed-pass-123',
        isAdmin: true,
      }),
    );
    const before = await t.app.container.salon.get();
    await t.app.container.salon.update(
      { advisorId: admin.advisorId },
      {
        ...before,
        name: 'Salón Rosa',
        heroTitle: 'Color </script><b>x</b>',
        address: 'Av. Larco 1',
      },
    );
    try {
      const res = await t.app.inject({ url: '/' });
      expect(res.body).toContain('<p class="brand">Salón Rosa</p>');
      const json = /<script type="application\/json" id="salon-profile">(.*?)<\/script>/.exec(
        res.body,
      )?.[1];
      expect(json).toBeDefined();
      expect(json).not.toContain('</script>');
      const embedded = JSON.parse(json!) as Record<string, unknown>;
      expect(embedded).toMatchObject({
        name: 'Salón Rosa',
        heroTitle: 'Color </script><b>x</b>',
        address: 'Av. Larco 1',
      });
      expect(embedded).not.toHaveProperty('updatedAt');
    } finally {
      await t.app.container.salon.update({ advisorId: admin.advisorId }, { ...before, name: '' });
    }
  });

  it('names the site as the admin set it, escaped, in every document', async () => {
    const current = {
      ...(await t.app.container.settings.get()),
      notifications: {
        ...(await t.app.container.settings.get()).notifications,
        emailNotifications: false,
      },
    };
    const admin = await t.app.container.advisors.create(
      null,
      createAdvisorBodySchema.parse({
        name: 'Admin',
        email: 'docs@salon.pe',
        password: 'docs-pass-123',
        isAdmin: true,
      }),
    );
    await t.app.container.settings.update(
      { advisorId: admin.advisorId },
      {
        ...current,
        system: {
          ...current.system,
          siteName: 'Salón <Rosa> & Co',
          defaultLanguage: 'en',
          currency: 'USD',
        },
      },
    );
    try {
      const shell = await t.app.inject({ url: '/admin', headers: { 'accept-encoding': 'gzip' } });
      expect(shell.headers['content-encoding']).toBe('gzip');
      const html = gunzipSync(shell.rawPayload).toString();
      expect(html).toContain('<title>app shell | Salón &lt;Rosa&gt; &amp; Co</title>');
      expect(html).toContain(
        '<meta name="application-name" content="Salón &lt;Rosa&gt; &amp; Co" />',
      );
      expect(html).toContain('<meta name="default-language" content="en" />');
      expect(html).toContain('<meta name="currency" content="USD" />');
      expect(html).not.toContain('Belleza en Vivo');
      const video = await t.app.inject({ url: '/daily_video_call.html' });
      expect(video.body).toContain('<title>Videollamada | Salón &lt;Rosa&gt; &amp; Co</title>');
      expect(video.headers['cache-control']).toBe('no-cache');
      // A visitor who has not chosen gets the default language's landing; a choice still wins.
      expect((await t.app.inject({ url: '/' })).body).toContain('English landing');
      const es = await t.app.inject({ url: '/', headers: { cookie: 'preferred-language=es' } });
      expect(es.body).toContain('prerendered landing');
      expect(es.headers.vary).toMatch(/cookie/i);
      expect(es.headers.vary).toMatch(/accept-encoding/i);
    } finally {
      await t.app.container.settings.update({ advisorId: admin.advisorId }, current);
    }
  });

  it("never sends the build's server-side files (the landing's renderer)", async () => {
    const res = await t.app.inject({ url: '/server/renderer-internals.js' });
    expect(res.body).not.toContain('internals');
    expect(res.body).toContain('app shell');
  });

  it('keeps API 404s as JSON, not the app shell', async () => {
    const res = await t.app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false });
  });
});
