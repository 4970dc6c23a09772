/**
 * The app as a salon deploys it (docs/deploy.md): the BUILT server behind Debian's Caddy running
 * the repository's deploy/Caddyfile, TLS on the site's own name (`salon.test`, resolved for the
 * browsers by `--host-resolver-rules`), with a certificate from a CA made for the run that the
 * browsers trust as a person trusts a root (not an "ignore errors" switch), the app started with
 * PUBLIC_URL=https://salon.test and TRUST_PROXY naming the proxy's address only. The visitor, the
 * stylist and a stranger each have an address of their own (support/proxy-net.ts).
 *
 *   (a) the stylist signs in and a visitor consults from the landing page: video both ways, every
 *       page a secure context on a name that is not localhost, realtime over wss:// only, nothing
 *       loaded over plain HTTP, no mixed-content complaint, HSTS and the documented CSP, cookies
 *       Secure;
 *   (b) the widget on the salon's shop, a second HTTPS site (`tienda.test`): the consultation in
 *       its frame, with video, the frame a secure context, its cookie Secure and partitioned
 *       under the shop, the same wire as (a);
 *   (c) the limits count the visitor's own address through the proxy, and a client that is not
 *       the proxy cannot choose its address with X-Forwarded-For; plain HTTP is redirected.
 *
 * Needs root and e2e/run.mjs's private namespace (as CI has), Caddy and certutil (.ci/run).
 */
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import type { Server } from 'node:http';
import {
  chromium,
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Frame,
  type Page,
} from '@playwright/test';
import { Api, uniqueEmail } from '../support/api.js';
import { cameraArgs } from '../support/camera.js';
import { VIDEO_ARGS } from '../support/chromium.js';
import { startHostSite } from '../support/host-site.js';
import { createProxyNet, type ProxyNet, type ProxySide } from '../support/proxy-net.js';
import {
  ADVISOR_FRAME,
  acceptRinging,
  requestConsultation,
  signInAvailable,
  VISITOR_FRAME,
} from '../support/screens.js';
import { startServer, type ServerHandle } from '../support/server.js';
import { createTestCa, startCaddy, type Caddy, type TestCa } from '../support/tls-proxy.js';
import { expectRemoteVideo, installRtcProbe } from '../support/video.js';

const SITE_HOST = 'salon.test';
const SITE = `https://${SITE_HOST}`;
const SHOP_HOST = 'tienda.test';
const SHOP_PORT = 4743;
const SHOP = `https://${SHOP_HOST}:${SHOP_PORT}`;
const APP_PORT = 4741;
/** The proxy reaches the app from here; TRUST_PROXY names it and nothing else. */
const PROXY_ADDRESS = '127.0.0.1';
const LOGIN_LIMIT = 4;
const PASSWORD = 'tls-stylist-pass-123';
const WIDGET_FRAME = 'iframe[src*="/embed?"]';

/** What one person's pages did on the wire and in the console. */
type Watch = { requests: string[]; sockets: string[]; console: string[] };

type Person = { context: BrowserContext; page: Page; watch: Watch };

test.describe('HTTPS behind the TLS proxy (deploy/Caddyfile)', () => {
  test.describe.configure({ mode: 'serial' });
  let net: ProxyNet | undefined;
  let ca: TestCa | undefined;
  let caddy: Caddy | undefined;
  let server: ServerHandle | undefined;
  let shop: Server | undefined;
  const browsers: Partial<Record<ProxySide, Browser>> = {};
  let admin: Api;
  let stylist: Person;

  const person = async (side: ProxySide): Promise<Person> => {
    const context = await browsers[side]!.newContext({
      baseURL: SITE,
      permissions: ['camera', 'microphone'],
    });
    await installRtcProbe(context);
    const watch: Watch = { requests: [], sockets: [], console: [] };
    context.on('request', (r) => watch.requests.push(r.url()));
    const page = await context.newPage();
    page.on('websocket', (ws) => watch.sockets.push(ws.url()));
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') watch.console.push(m.text());
    });
    return { context, page, watch };
  };

  /** Nothing over plain HTTP, realtime over wss:// only (never Socket.IO's polling), no complaint. */
  const expectSecureWire = async ({ context, watch }: Person) => {
    const schemes = [...new Set(watch.requests.map((url) => new URL(url).protocol))].sort();
    expect(schemes.filter((s) => !['blob:', 'data:'].includes(s))).toEqual(['https:']);
    expect(watch.requests.filter((url) => url.includes('/socket.io/'))).toEqual([]);
    expect(watch.sockets.length).toBeGreaterThan(0);
    for (const url of watch.sockets) expect(url).toMatch(/^wss:\/\/salon\.test\/socket\.io\//);
    expect(
      watch.console.filter((text) => /mixed content|insecure|certificate/i.test(text)),
    ).toEqual([]);
    for (const cookie of await context.cookies())
      expect({ name: cookie.name, secure: cookie.secure }).toEqual({
        name: cookie.name,
        secure: true,
      });
  };

  /** A frame's own view: its origin, and whether the browser counts it a secure context. */
  const securityOf = (frame: Frame | Page) =>
    frame.evaluate(() => ({
      origin: location.origin,
      secure: window.isSecureContext,
      camera: typeof navigator.mediaDevices?.getUserMedia,
    }));

  const frameOf = async (page: Page, selector: string) =>
    (await page.locator(selector).elementHandle()).contentFrame();

  test.beforeAll(async () => {
    net = createProxyNet();
    ca = createTestCa([SITE_HOST, SHOP_HOST]);
    server = await startServer(APP_PORT, {
      // Reachable directly too (a firewall left open), so a stranger can try a forged header.
      HOST: '0.0.0.0',
      PUBLIC_URL: SITE,
      TRUST_PROXY: PROXY_ADDRESS,
      LOGIN_RATE_LIMIT: String(LOGIN_LIMIT),
    });
    caddy = await startCaddy(
      {
        SITE_HOST,
        TLS: `${ca.certFile} ${ca.keyFile}`,
        UPSTREAMS: `${PROXY_ADDRESS}:${APP_PORT}`,
      },
      join(ca.dir, 'caddy'),
    );
    shop = await startHostSite(net.publicIp, SHOP_PORT, SITE, ca);
    const resolve = `--host-resolver-rules=MAP ${SITE_HOST} ${net.publicIp},MAP ${SHOP_HOST} ${net.publicIp}`;
    for (const side of ['visitor', 'stylist'] as const)
      browsers[side] = await chromium.launch({
        executablePath: net.sides[side].chromium,
        args: [...VIDEO_ARGS, ...cameraArgs(), resolve],
        // Chromium on Linux trusts the roots of ~/.pki/nssdb: there, the run's CA.
        env: { ...process.env, HOME: ca.browserHome },
      });
    admin = await Api.login(server.url);
  });

  test.afterAll(async () => {
    for (const browser of Object.values(browsers)) await browser.close().catch(() => undefined);
    await new Promise((done) => (shop ? shop.close(done) : done(undefined)));
    await caddy?.stop();
    await server?.stop().catch(() => undefined);
    ca?.remove();
    net?.destroy();
  });

  test('(a) a consultation on https://salon.test: secure pages, wss, video both ways, the headers', async () => {
    const email = uniqueEmail('tls-stylist');
    await admin.createAdvisor({ name: 'Rosa Estilista', email, password: PASSWORD });
    stylist = await person('stylist');
    await signInAvailable(stylist.page, email, PASSWORD);

    const visitor = await person('visitor');
    const landing = visitor.page.waitForResponse(
      (r) => r.url() === `${SITE}/` && r.request().resourceType() === 'document',
    );
    await requestConsultation(visitor.page, {
      name: 'Lucía Quispe',
      phone: '+51 987 654 321',
      message: 'Quiero un balayage',
    });
    const headers = (await landing).headers();
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = Object.fromEntries(
      (headers['content-security-policy'] ?? '').split(';').map((d): [string, string] => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(csp).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self' 'wasm-unsafe-eval' https://*.daily.co",
      'script-src-attr': "'none'",
      'frame-ancestors': "'self'",
      'upgrade-insecure-requests': '',
    });
    expect(csp['connect-src']).toContain('wss:');

    await acceptRinging(stylist.page, 'Lucía Quispe');
    await expectRemoteVideo(visitor.page, VISITOR_FRAME);
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    // The cameras opened because the origin is secure: a real name, over HTTPS, no flag for it.
    const secure = { origin: SITE, secure: true, camera: 'function' };
    expect(await securityOf(visitor.page)).toEqual(secure);
    expect(await securityOf(stylist.page)).toEqual(secure);
    expect(await securityOf((await frameOf(visitor.page, VISITOR_FRAME))!)).toEqual(secure);
    expect(await securityOf((await frameOf(stylist.page, ADVISOR_FRAME))!)).toEqual(secure);
    await expectSecureWire(visitor);
    await expectSecureWire(stylist);

    await stylist.page.getByRole('button', { name: 'Finalizar llamada' }).click();
    await stylist.page
      .getByRole('alertdialog', { name: '¿Finalizar la llamada?' })
      .getByRole('button', { name: 'Finalizar para ambos' })
      .click();
    await expect(visitor.page.getByText('Consulta finalizada', { exact: true })).toBeVisible();
    await visitor.context.close();
  });

  test('(b) the widget on https://tienda.test: the consultation in its frame, with video', async () => {
    await admin.setEmbedOrigins([SHOP]);
    const visitor = await person('visitor');
    await visitor.page.goto(`${SHOP}/`);
    await visitor.page.getByRole('button', { name: /Consulta en vivo/ }).click();
    const widget = visitor.page.frameLocator(WIDGET_FRAME);
    const form = widget.getByRole('dialog', { name: 'Consulta gratuita en vivo' });
    await form.getByLabel('Nombre', { exact: true }).fill('Marta Widget');
    await form.getByLabel('Teléfono', { exact: true }).fill('+51 987 654 322');
    await form.getByLabel('Mensaje', { exact: true }).fill('Quiero un corte para cabello rizado');
    await form.getByRole('checkbox', { name: /^(Acepto el uso|I agree to my data)/ }).check();
    await form.getByRole('button', { name: 'Solicitar consulta' }).click();
    await expect(widget.getByText('Esperando a tu estilista...')).toBeVisible();

    await acceptRinging(stylist.page, 'Marta Widget');
    await expectRemoteVideo(visitor.page, widget.frameLocator(VISITOR_FRAME));
    await expectRemoteVideo(stylist.page, ADVISOR_FRAME);
    const frame = (await frameOf(visitor.page, WIDGET_FRAME))!;
    expect(await securityOf(visitor.page)).toMatchObject({ origin: SHOP, secure: true });
    expect(await securityOf(frame)).toEqual({ origin: SITE, secure: true, camera: 'function' });
    // The frame keeps her consultation in its partitioned cookie too (where a browser denies a
    // cross-site frame its storage, only there): sent only over HTTPS, never to scripts.
    const embedCookies = () => visitor.context.cookies(`${SITE}/api/embed/storage`);
    await expect.poll(async () => (await embedCookies()).map((c) => c.name)).toEqual(['bev_embed']);
    expect((await embedCookies())[0]).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'None',
      partitionKey: `https://${SHOP_HOST}`,
    });
    await expectSecureWire(visitor);
    await visitor.context.close();
  });

  test('(c) the limits see the visitor’s own address; a stranger’s X-Forwarded-For is ignored', async () => {
    const visitor = await person('visitor');
    await visitor.page.goto('/advisor/login');
    /** Failed sign-ins from this page, through the proxy, each claiming another address. */
    const signInsFrom = (page: Page, count: number) =>
      page.evaluate(async (n) => {
        const statuses: number[] = [];
        for (let i = 0; i < n; i++) {
          const res = await fetch('/api/advisors/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `192.0.2.${i + 1}` },
            body: JSON.stringify({ email: `nobody-${i}@e2e.test`, password: 'not-her-password' }),
          });
          statuses.push(res.status);
        }
        return statuses;
      }, count);
    const refusedAfterLimit = [...Array<number>(LOGIN_LIMIT).fill(401), 429];

    // Her address (not the proxy's, not the one she claims) runs out of tries; the stylist, behind
    // the same proxy, keeps hers.
    expect(await signInsFrom(visitor.page, LOGIN_LIMIT + 1)).toEqual(refusedAfterLimit);
    expect(await signInsFrom(stylist.page, 1)).toEqual([401]);
    const visitorAddress = net!.sides.visitor.address;
    expect(
      server!
        .recentLogs()
        .lines.some(
          (l) =>
            l.includes('/api/advisors/login') && l.includes(`"remoteAddress":"${visitorAddress}"`),
        ),
    ).toBe(true);

    // A stranger reaching the app without the proxy claims to be the stylist: the app counts the
    // stranger's own address, and the stylist still has her tries.
    const stranger = (n: number) =>
      new Promise<number>((resolve, reject) => {
        const body = JSON.stringify({ email: `stranger-${n}@e2e.test`, password: 'a-guess-1234' });
        httpRequest(
          {
            host: net!.publicIp,
            port: APP_PORT,
            localAddress: net!.strangerIp,
            method: 'POST',
            path: '/api/advisors/login',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': net!.sides.stylist.address,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
          .on('error', reject)
          .end(body);
      });
    const strangerStatuses: number[] = [];
    for (let i = 0; i <= LOGIN_LIMIT; i++) strangerStatuses.push(await stranger(i));
    expect(strangerStatuses).toEqual(refusedAfterLimit);
    expect(await signInsFrom(stylist.page, 1)).toEqual([401]);

    // The operator's probes through the proxy, as the deploy guide's monitor reads them: ready,
    // and the metrics refused to a forwarded request without the token.
    const probes = await visitor.page.evaluate(async () => {
      const ready = await fetch('/readyz');
      const metrics = await fetch('/metrics');
      return {
        ready: [ready.status, ((await ready.json()) as { status: string }).status],
        metrics: metrics.status,
      };
    });
    expect(probes).toEqual({ ready: [200, 'ready'], metrics: 403 });

    // Plain HTTP to the site's name answers only a redirect to HTTPS.
    const redirect = await new Promise<{ status?: number; location?: string }>(
      (resolve, reject) => {
        httpRequest(
          { host: net!.publicIp, port: 80, path: '/advisor/login', headers: { host: SITE_HOST } },
          (res) => {
            res.resume();
            resolve({ status: res.statusCode, location: res.headers.location });
          },
        )
          .on('error', reject)
          .end();
      },
    );
    expect(redirect).toEqual({ status: 308, location: `${SITE}/advisor/login` });
    await visitor.context.close();
    await stylist.context.close();
  });
});
