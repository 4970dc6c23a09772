/**
 * Security headers on every answer, HTML documents and API alike: a CSP that runs only the site's
 * own scripts (no inline script, no eval) and lets no other site frame the pages; no referrer, no
 * MIME sniffing, HSTS only on an HTTPS site; the HTTPS upgrade only on an HTTPS site (on plain HTTP
 * it would turn the socket's ws:// into wss:// and realtime would never connect); and no CORS grant
 * to a foreign origin.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { cspDirectives as directives } from '../test/csp.js';

let webDist: string;
beforeAll(() => {
  webDist = mkdtempSync(join(tmpdir(), 'belleza-headers-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>app</title>');
});
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const headersOf = async (
    publicUrl: string,
    url: string,
    headers: Record<string, string> = {},
  ) => {
    t ??= await createTestApp({ config: { publicUrl, webDist } });
    return (await t.app.inject({ url, headers })).headers;
  };

  it.each(['/', '/admin/settings', '/api/settings/public', '/openapi.json'])(
    'sends the full set on %s',
    async (url) => {
      const h = await headersOf('https://citas.salon.pe', url);
      const csp = directives(h['content-security-policy']);
      expect(csp.get('script-src')).toBe("'self' 'wasm-unsafe-eval' https://*.daily.co");
      expect(csp.get('script-src-attr')).toBe("'none'");
      expect(csp.get('default-src')).toBe("'self'");
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'self'");
      expect(csp.get('base-uri')).toBe("'self'");
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['referrer-policy']).toBe('no-referrer');
      expect(h['x-frame-options']).toBe('SAMEORIGIN');
      expect(h['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    },
  );

  it('lets the pages open the realtime socket and the video frames', async () => {
    const csp = directives(
      (await headersOf('https://citas.salon.pe', '/'))['content-security-policy'],
    );
    expect(csp.get('connect-src')).toBe("'self' ws: wss: https://*.daily.co wss://*.daily.co");
    expect(csp.get('frame-src')).toBe("'self' https://*.daily.co");
  });

  it('asks browsers to upgrade to HTTPS, and to stay there, only on an HTTPS site', async () => {
    const https = await headersOf('https://citas.salon.pe', '/');
    expect(String(https['content-security-policy'])).toContain('upgrade-insecure-requests');
    await t?.close();
    t = undefined;
    const http = await headersOf('http://192.168.1.20:3000', '/');
    expect(String(http['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(http['strict-transport-security']).toBeUndefined();
  });

  it('grants CORS to the site itself and to no foreign origin', async () => {
    const own = await headersOf('https://citas.salon.pe', '/api/settings/public', {
      origin: 'https://citas.salon.pe',
    });
    expect(own['access-control-allow-origin']).toBe('https://citas.salon.pe');
    for (const origin of ['https://evil.example', 'null', 'https://citas.salon.pe.evil.example']) {
      const foreign = await headersOf('https://citas.salon.pe', '/api/settings/public', { origin });
      expect(foreign['access-control-allow-origin'], origin).toBeUndefined();
    }
    const preflight = await t!.app.inject({
      method: 'OPTIONS',
      url: '/api/advisors/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
