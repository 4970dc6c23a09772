/**
 * The app on a salon's own website: CORS for the origins the admin lists (reading only, never with
 * credentials), `frame-ancestors` on the embedded page and the video page it nests, and
 * `/widget.js` loadable from another site, cached five minutes, pre-compressed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { defaultSettings, type Settings } from '@belleza/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addAdmin, call, type SignedInAdvisor } from '../modules/advisors/advisors.fixtures.js';
import { createTestApp, dialects, type TestApp } from '../test/helpers.js';
import { cspDirectives as directives } from '../test/csp.js';

const SITE = 'https://citas.salon.pe';
const HOST = 'https://salon.example';
const OTHER_HOST = 'http://127.0.0.1:8080';
const WIDGET = `(()=>{${'/* widget */'.repeat(400)}})();`;

let webDist: string;
let bareDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'belleza-embed-'));
  mkdirSync(join(webDist, 'assets'));
  const shell = (title: string) =>
    '<!doctype html><meta name="application-name" content="Belleza en Vivo" />' +
    `<title>${title} | Belleza en Vivo</title>`;
  writeFileSync(join(webDist, 'index.html'), shell('app shell'));
  writeFileSync(join(webDist, 'landing.html'), shell('landing'));
  writeFileSync(join(webDist, 'embed.html'), shell('embedded consultation'));
  writeFileSync(join(webDist, 'daily_video_call.html'), shell('Videollamada'));
  writeFileSync(join(webDist, 'assets', 'main-abc123.js'), 'console.log(1);');
  writeFileSync(join(webDist, 'widget.js'), WIDGET);
  writeFileSync(join(webDist, 'widget.js.gz'), gzipSync(WIDGET));
  writeFileSync(join(webDist, 'widget.js.br'), brotliCompressSync(WIDGET));
  // A build without the widget's files.
  bareDist = mkdtempSync(join(tmpdir(), 'belleza-embed-bare-'));
  writeFileSync(join(bareDist, 'index.html'), shell('app shell'));
});
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
  rmSync(bareDist, { recursive: true, force: true });
});

describe.each(await dialects())('the widget on a salon website (%s)', (dialect) => {
  let t: TestApp;
  let admin: SignedInAdvisor;
  beforeEach(async () => {
    t = await createTestApp({ dialect, config: { publicUrl: SITE, webDist } });
    admin = await addAdmin(t.app, { email: 'boss@salon.pe' });
  });
  afterEach(async () => {
    await t.close();
  });

  const save = async (change: (s: Settings) => void) => {
    const body = structuredClone(defaultSettings);
    body.notifications.emailNotifications = false;
    change(body);
    const res = await call(t.app, 'PUT', '/api/settings', { token: admin.token, body });
    expect(res.status).toBe(200);
  };
  const allow = (origins: string[]) => save((s) => void (s.embed.allowedOrigins = origins));
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const preflight = (url: string, origin: string, method = 'GET') =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': method },
    });

  describe('CORS', () => {
    it('lets a listed origin read the availability, without credentials, preflight included', async () => {
      await allow([HOST, OTHER_HOST]);
      const res = await get('/api/availability', { origin: HOST });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(HOST);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(String(res.headers.vary)).toMatch(/origin/i);
      expect(
        (await get('/api/availability', { origin: OTHER_HOST })).headers[
          'access-control-allow-origin'
        ],
      ).toBe(OTHER_HOST);

      const pre = await preflight('/api/availability', HOST);
      expect(pre.statusCode).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(HOST);
      expect(pre.headers['access-control-allow-credentials']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBe('GET, HEAD');
      // Reading only: a host page is not granted a JSON POST of its own.
      const post = await preflight('/api/calls/request', HOST, 'POST');
      expect(post.headers['access-control-allow-methods']).not.toContain('POST');
    });

    it('still grants the site itself, with credentials', async () => {
      await allow([HOST]);
      for (const res of [
        await get('/api/availability', { origin: SITE }),
        await preflight('/api/advisors/login', SITE, 'POST'),
      ]) {
        expect(res.headers['access-control-allow-origin']).toBe(SITE);
        expect(res.headers['access-control-allow-credentials']).toBe('true');
      }
    });

    it('grants nothing to an origin that is not listed, nor to a near miss', async () => {
      await allow([HOST]);
      for (const origin of [
        'https://evil.example',
        'null',
        `${HOST}:8443`,
        'http://salon.example',
        'https://salon.example.evil.example',
      ]) {
        const res = await get('/api/availability', { origin });
        expect(res.statusCode, origin).toBe(200);
        expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
        const pre = await preflight('/api/availability', origin);
        expect(pre.headers['access-control-allow-origin'], origin).toBeUndefined();
      }
    });

    it('follows the list at once when an origin is removed', async () => {
      await allow([HOST]);
      expect(
        (await get('/api/availability', { origin: HOST })).headers['access-control-allow-origin'],
      ).toBe(HOST);
      await allow([]);
      expect(
        (await get('/api/availability', { origin: HOST })).headers['access-control-allow-origin'],
      ).toBeUndefined();
      expect(
        (await preflight('/api/availability', HOST)).headers['access-control-allow-origin'],
      ).toBeUndefined();
    });
  });

  describe('framing', () => {
    it('with no origin listed, the embedded and video pages are framed by the site only', async () => {
      for (const url of [
        '/embed',
        '/embed?host=https%3A%2F%2Fsalon.example',
        '/daily_video_call.html',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toBe(
          "'self'",
        );
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      }
      expect((await get('/embed')).body).toContain('embedded consultation');
    });

    it('lets the listed origins frame the embedded page and the video page it nests, nothing else', async () => {
      await allow([HOST, OTHER_HOST]);
      const shellCsp = directives((await get('/')).headers['content-security-policy']);
      for (const url of [
        '/embed',
        '/embed?host=https%3A%2F%2Fsalon.example&lang=en&subject=color',
        '/embed.html',
        '/daily_video_call.html',
        '/daily_video_call.html?roomUrl=%2Frtc%2Fcall_1&userType=client',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        const csp = directives(res.headers['content-security-policy']);
        expect(csp.get('frame-ancestors'), url).toBe(`'self' ${HOST} ${OTHER_HOST}`);
        expect(res.headers['x-frame-options'], url).toBeUndefined();
        // Every other directive as on any page.
        const rest = new Map(csp);
        rest.delete('frame-ancestors');
        const shellRest = new Map(shellCsp);
        shellRest.delete('frame-ancestors');
        expect(rest, url).toEqual(shellRest);
      }
      for (const url of ['/', '/admin', '/index.html', '/landing.html', '/api/availability']) {
        const res = await get(url);
        expect(directives(res.headers['content-security-policy']).get('frame-ancestors'), url).toBe(
          "'self'",
        );
        expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      }
    });

    it('serves /embed as a document named as the admin set it, compressed when accepted', async () => {
      await save((s) => {
        s.system.siteName = 'Salón Rosa';
        s.embed.allowedOrigins = [HOST];
      });
      const res = await get('/embed?lang=es', { 'accept-encoding': 'gzip' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.rawPayload).toString()).toContain(
        '<title>embedded consultation | Salón Rosa</title>',
      );
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toBe(
        `'self' ${HOST}`,
      );
    });
  });

  describe('/widget.js', () => {
    it('is a script another site may load, cached five minutes, pre-compressed', async () => {
      const gz = await get('/widget.js', { 'accept-encoding': 'gzip' });
      expect(gz.statusCode).toBe(200);
      expect(gz.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(gz.headers['cache-control']).toBe('public, max-age=300');
      expect(gz.headers['content-type']).toMatch(/^(text|application)\/javascript\b/);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(WIDGET);

      const br = await get('/widget.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(WIDGET);

      const plain = await get('/widget.js', { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(plain.headers['cache-control']).toBe('public, max-age=300');
      expect(plain.body).toBe(WIDGET);
    });

    it('leaves every other file to the site itself', async () => {
      const asset = await get('/assets/main-abc123.js');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });
});

describe('a build without the widget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { publicUrl: SITE, webDist: bareDist } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404 for /widget.js and /embed, not the app shell', async () => {
    for (const url of ['/widget.js', '/embed']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('app shell');
    }
  });
});
