/**
 * The Content-Security-Policy the app sends: what the pages may load and connect to, and the
 * HTTPS upgrade only on an HTTPS site (on plain HTTP it would turn the socket's ws:// into wss://
 * and realtime would never connect).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.js';

describe('Content-Security-Policy', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const csp = async (publicUrl: string) => {
    t = await createTestApp({ config: { publicUrl } });
    const res = await t.app.inject({ url: '/openapi.json' });
    return String(res.headers['content-security-policy']);
  };

  it('lets the pages open the realtime socket and the video frames', async () => {
    const policy = await csp('https://citas.salon.pe');
    expect(policy).toContain("connect-src 'self' ws: wss:");
    expect(policy).toContain("frame-src 'self' https://*.daily.co");
  });

  it('asks browsers to upgrade to HTTPS on an HTTPS site', async () => {
    expect(await csp('https://citas.salon.pe')).toContain('upgrade-insecure-requests');
  });

  it('does not on a plain-HTTP site, where the upgrade would break the socket', async () => {
    expect(await csp('http://192.168.1.20:3000')).not.toContain('upgrade-insecure-requests');
  });
});
