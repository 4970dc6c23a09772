/**
 * Stored XSS: HTML/JS payloads go into every free-text field people type (visitor name, subject and
 * message; callback name, preferred time and message; advisor name, title, bio, phone and
 * specialties; call notes; rating comment; cancel reason) through the API, then every screen that
 * shows them is opened in Chromium: the advisor's dashboard (incoming-call popup, call screen with
 * its video page, profile), the admin dashboard, calls list, call details, callbacks, advisors and
 * reports. Nothing may run (no `window.__xss` in any frame, no dialog, no request for the payloads'
 * `x` image, no injected element or `javascript:` link) and each payload must read literally. The
 * CSV export neutralises a visitor's formula. A last test proves the detector catches a payload
 * that does run. A rating's comment reaches the landing only once an admin publishes it, as text
 * (React escapes it).
 */
import {
  CLIENT_KEY_HEADER,
  type Advisor,
  type CallRequestResponseData,
  type Callback,
} from '@belleza/contract';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { signIn } from '../support/screens.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';

const P = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  js: 'javascript:window.__xss=1',
  alert: '<img src=x onerror=alert(1)>',
};

const PASSWORD = 'xss-e2e-pass-123';
const ADVISOR = {
  name: `${P.img} Ada`,
  title: `${P.svg} Estilista`,
  bio: `${P.script} Bio ${P.js}`,
  phone: '<svg onload=alert(1)>',
  expertise: [`${P.alert} color`, P.js],
};
/** The call the advisor accepts from the popup, then notes, ends and the visitor rates. */
const RATED = {
  name: `${P.svg} Vera`,
  subject: `${P.script} Asunto`,
  message: `${P.img} Mensaje ${P.js}`,
  notes: `${P.alert} Nota ${P.js}`,
  comment: `${P.img} Comentario`,
};
/** A call the admin cancels with a typed reason. */
const CANCELLED = { name: P.js, message: `${P.alert} Cancelada`, reason: `${P.script} Motivo` };
const CALLBACK = {
  name: `${P.alert} Cora`,
  preferredTime: `${P.svg} tarde`,
  message: `${P.script} ${P.js}`,
};
const FORMULA = { name: '=HYPERLINK("http://evil","x")', subject: '-2+3' };

/** What a payload leaves behind if the page turned it into markup. */
const INJECTED =
  '[onerror], [onload], img[src="x"], svg[onload], [href^="javascript:" i], [src^="javascript:" i]';

type Watch = { dialogs: string[]; stray: string[] };

/** Records dialogs (dismissed) and requests for the payloads' `x` image in every page of a context. */
function watch(context: BrowserContext): Watch {
  const w: Watch = { dialogs: [], stray: [] };
  context.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss().catch(() => undefined);
  });
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (/(^|\/)x$/.test(url.pathname)) w.stray.push(r.url());
  });
  return w;
}

type FrameFacts = { xss: unknown; injected: string[] };

const inspectFrame = (selector: string): FrameFacts => ({
  xss: (window as { __xss?: unknown }).__xss ?? null,
  injected: [
    ...[...document.querySelectorAll(selector)].map((e) => e.outerHTML.slice(0, 160)),
    ...[...document.scripts].filter((s) => s.text.includes('__xss')).map((s) => s.outerHTML),
  ],
});

/** Nothing ran in any frame of the page: no flag, no injected markup, no dialog, no `x` request. */
async function expectNothingRan(page: Page, w: Watch): Promise<void> {
  for (const frame of page.frames()) {
    const facts = await frame.evaluate(inspectFrame, INJECTED);
    expect(facts, `frame ${frame.url()}`).toEqual({ xss: null, injected: [] });
  }
  expect(w.dialogs).toEqual([]);
  expect(w.stray).toEqual([]);
}

/** The literal text is shown (getByText matches rendered text, so markup would not match). */
async function expectLiteral(scope: Locator | Page, ...texts: string[]): Promise<void> {
  for (const text of texts) await expect(scope.getByText(text).first()).toBeVisible();
}

/**
 * A browser context that records what could betray a payload. The server's CSP (script-src 'self')
 * would block inline handlers anyway; it is bypassed so that a rendering hole would really run and
 * be seen here (the CSP is checked on its own in the last test).
 */
async function openContext(
  browser: Browser,
  bypassCSP = true,
): Promise<{ page: Page; w: Watch; close: () => Promise<void> }> {
  const context = await browser.newContext({ bypassCSP });
  const w = watch(context);
  const page = await context.newPage();
  return { page, w, close: () => context.close() };
}

test.describe('stored XSS', () => {
  // Every screen of two roles in each test: their budget holds while video specs load the machine
  // (the advisor's, with a call accepted into the video page, reached its last step at 120 s once).
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let server: ServerHandle;
  let adminApi: Api;
  let advisor: Advisor;
  let advisorEmail: string;
  let ratedCallId: string;
  let cancelledCallId: string;
  let formulaCallId: string;

  test.beforeAll(async ({}, workerInfo) => {
    server = await startServer(4900 + workerInfo.parallelIndex, { CALL_REQUEST_RATE_LIMIT: '100' });
    adminApi = await Api.login(server.url);
    advisorEmail = uniqueEmail('xss-advisor');
    advisor = await adminApi.createAdvisor({
      name: ADVISOR.name,
      email: advisorEmail,
      password: PASSWORD,
      title: ADVISOR.title,
      bio: ADVISOR.bio,
      phone: ADVISOR.phone,
      expertise: ADVISOR.expertise,
    });
    // Stored as typed: the screens, not the API, are under test here.
    expect(advisor.name).toBe(ADVISOR.name);
    expect(advisor.profile.expertise).toEqual(ADVISOR.expertise);
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test("the advisor's dashboard, popup, call screen and profile show payloads as text", async ({
    browser,
  }) => {
    const desk = await openContext(browser);
    const { page, w } = desk;
    try {
      await signIn(page, advisorEmail, PASSWORD, { baseUrl: server.url });
      await expect(page.getByText('Tiempo real conectado')).toBeVisible();
      await expectLiteral(page, `Hola, ${ADVISOR.name}`);
      await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Disponible' });
      await expect(page.getByTestId('advisor-status-label')).toHaveText('Disponible');
      await expectNothingRan(page, w);

      // Profile: every field of her own is an input holding the payload as its value.
      await page.getByRole('button', { name: 'Mi perfil' }).click();
      const profile = page.getByRole('dialog', { name: 'Mi perfil' });
      await expect(profile.getByLabel('Nombre')).toHaveValue(ADVISOR.name);
      await expect(profile.getByLabel('Cargo')).toHaveValue(ADVISOR.title);
      await expect(profile.getByLabel('Teléfono')).toHaveValue(ADVISOR.phone);
      await expect(profile.getByLabel('Presentación')).toHaveValue(ADVISOR.bio);
      await expectNothingRan(page, w);
      await profile.getByRole('button', { name: 'Cancelar' }).click();
      await expect(profile).toHaveCount(0);

      // A visitor's payloads ring the popup and are listed as pending.
      const visitor = new Api(server.url);
      const rated = await visitor.request<CallRequestResponseData>('POST', '/api/calls/request', {
        name: RATED.name,
        phone: '+51 987 654 321',
        email: 'vera@e2e.test',
        subject: RATED.subject,
        message: RATED.message,
        consent: true,
      });
      expect(rated.advisorId).toBe(advisor.advisorId);
      ratedCallId = rated.callId;
      const popup = page.getByRole('alertdialog', { name: 'Llamada entrante' });
      await expectLiteral(popup, RATED.name, RATED.subject);
      await expect(page.getByRole('heading', { name: 'Llamadas pendientes (1)' })).toBeVisible();
      await expectNothingRan(page, w);

      // Accepted: the call screen names both sides, and its video page gets her name.
      await popup.getByRole('button', { name: 'Aceptar llamada' }).click();
      const screen = page.getByRole('dialog', { name: 'Videollamada activa' });
      await expectLiteral(screen, RATED.name, RATED.subject, `Asesor: ${ADVISOR.name}`);
      const frame = page.frameLocator('iframe[title="Videollamada con el cliente"]');
      await expect(frame.locator('#root')).not.toBeEmpty();
      await expect
        .poll(() => page.frames().some((f) => f.url().includes('daily_video_call.html')))
        .toBe(true);
      await expectNothingRan(page, w);
      await screen.getByRole('button', { name: 'Minimizar (la llamada sigue activa)' }).click();
      await expect(screen).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Llamadas activas (1)' })).toBeVisible();
      await expectLiteral(page, RATED.name, RATED.subject);
      await expectNothingRan(page, w);

      // Notes, end and the visitor's rating comment, as the other people would send them.
      const advisorApi = await Api.login(server.url, advisorEmail, PASSWORD);
      await advisorApi.request('POST', `/api/calls/${rated.callId}/notes`, { notes: RATED.notes });
      await advisorApi.request('POST', `/api/calls/${rated.callId}/end`, {});
      await visitor.request(
        'POST',
        `/api/calls/${rated.callId}/rating`,
        { rating: 4, comment: RATED.comment },
        { [CLIENT_KEY_HEADER]: rated.clientKey },
      );
      await expect(page.getByText('No hay llamadas pendientes ni activas')).toBeVisible();

      // A second call rings her (its name is a javascript: URL) and the admin cancels it.
      const cancelled = await visitor.request<CallRequestResponseData>(
        'POST',
        '/api/calls/request',
        {
          name: CANCELLED.name,
          phone: '+51 911 222 333',
          message: CANCELLED.message,
          consent: true,
        },
      );
      expect(cancelled.advisorId).toBe(advisor.advisorId);
      cancelledCallId = cancelled.callId;
      await expectLiteral(popup, CANCELLED.name);
      await expectNothingRan(page, w);
      await adminApi.request('POST', `/api/calls/${cancelled.callId}/cancel`, {
        reason: CANCELLED.reason,
      });
      await expect(popup).toHaveCount(0);

      // The visitor whose name is a spreadsheet formula (exported in the CSV test) rings too.
      const formula = await visitor.request<CallRequestResponseData>('POST', '/api/calls/request', {
        name: FORMULA.name,
        phone: '+51 933 444 555',
        subject: FORMULA.subject,
        consent: true,
      });
      expect(formula.advisorId).toBe(advisor.advisorId);
      formulaCallId = formula.callId;
      await expectLiteral(popup, FORMULA.name, FORMULA.subject);
      await adminApi.request('POST', `/api/calls/${formula.callId}/cancel`, {});
      await expect(popup).toHaveCount(0);

      // Offline: nothing rings her any more.
      await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Desconectado' });
      await expect(page.getByTestId('advisor-status-label')).toHaveText('Desconectado');
      await expectNothingRan(page, w);
    } finally {
      await desk.close();
    }
  });

  test('the admin dashboard, calls, details, callbacks, advisors and reports show payloads as text', async ({
    browser,
  }) => {
    const cb = await new Api(server.url).request<Callback>('POST', '/api/callbacks', {
      name: CALLBACK.name,
      phone: '+51 922 333 444',
      preferredTime: CALLBACK.preferredTime,
      message: CALLBACK.message,
      consent: true,
    });
    expect(cb.preferredTime).toBe(CALLBACK.preferredTime);

    const desk = await openContext(browser);
    const { page, w } = desk;
    try {
      await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin', baseUrl: server.url });
      const recent = page.getByRole('region', { name: 'Actividad reciente' });
      await expectLiteral(recent, RATED.name, CANCELLED.name, `con ${ADVISOR.name}`);
      const top = page.getByRole('region', { name: 'Mejores asesores' });
      await expectLiteral(top, ADVISOR.name);
      await expectNothingRan(page, w);

      // Calls list, then each call's details.
      await page.goto(`${server.url}/admin/calls`);
      const table = page.getByRole('table', { name: 'Historial de llamadas' });
      const ratedRow = table.getByRole('row').filter({ hasText: RATED.name });
      await expectLiteral(ratedRow, ADVISOR.name);
      const cancelledRow = table.getByRole('row').filter({ hasText: CANCELLED.name });
      await expect(cancelledRow).toHaveCount(1);
      await expectNothingRan(page, w);

      await ratedRow.getByRole('button', { name: 'Ver detalles' }).click();
      const details = page.getByRole('dialog', { name: 'Detalles de la llamada' });
      await expectLiteral(
        details,
        RATED.name,
        RATED.subject,
        RATED.message,
        RATED.comment,
        RATED.notes,
        `Ofrecida a ${ADVISOR.name}`,
        `Aceptada por ${ADVISOR.name}`,
      );
      await expectNothingRan(page, w);
      await page.keyboard.press('Escape');
      await expect(details).toHaveCount(0);

      await cancelledRow.getByRole('button', { name: 'Ver detalles' }).click();
      await expectLiteral(details, CANCELLED.name, CANCELLED.message, CANCELLED.reason);
      await expectNothingRan(page, w);
      await page.keyboard.press('Escape');
      await expect(details).toHaveCount(0);

      // Callbacks view.
      await page.getByRole('tab', { name: /Pedidos de llamada/ }).click();
      const cbRow = page.getByRole('row').filter({ hasText: CALLBACK.name });
      await expectLiteral(cbRow, CALLBACK.preferredTime, CALLBACK.message);
      await expectNothingRan(page, w);

      // Advisors page: name, title, specialties in the table; bio and phone in the edit form.
      await page.getByRole('link', { name: 'Asesores', exact: true }).click();
      const advisors = page.getByRole('table', { name: 'Lista de asesores' });
      const advisorRow = advisors.getByRole('row').filter({ hasText: ADVISOR.title });
      await expectLiteral(advisorRow, ADVISOR.name, ...ADVISOR.expertise);
      await expectNothingRan(page, w);
      await advisorRow.getByRole('button', { name: `Editar a ${ADVISOR.name}` }).click();
      const form = page.getByRole('dialog', { name: 'Editar asesor' });
      await expect(form.getByLabel('Nombre', { exact: true })).toHaveValue(ADVISOR.name);
      await expect(form.getByLabel('Título', { exact: true })).toHaveValue(ADVISOR.title);
      await expect(form.getByLabel('Teléfono', { exact: true })).toHaveValue(ADVISOR.phone);
      await expect(form.getByLabel('Biografía', { exact: true })).toHaveValue(ADVISOR.bio);
      await expectLiteral(form, ...ADVISOR.expertise);
      await expectNothingRan(page, w);
      await page.keyboard.press('Escape');
      await expect(form).toHaveCount(0);

      // Reports: the advisors' performance table.
      await page.getByRole('link', { name: 'Reportes' }).click();
      const performance = page.getByRole('region', { name: 'Rendimiento de asesores' });
      await expectLiteral(performance, ADVISOR.name);
      await expectNothingRan(page, w);
    } finally {
      await desk.close();
    }
    expect(ratedCallId).toBeTruthy();
    expect(cancelledCallId).toBeTruthy();
  });

  test("the CSV export neutralises a visitor's formula", async ({ browser }) => {
    const desk = await openContext(browser);
    const { page, w } = desk;
    try {
      await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin', baseUrl: server.url });
      await page.goto(`${server.url}/admin/calls`);
      await expectLiteral(page.getByRole('table', { name: 'Historial de llamadas' }), FORMULA.name);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar CSV' }).click(),
      ]);
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
      const line = lines.find((l) => l.startsWith(`${formulaCallId},`));
      expect(line, csv).toBeDefined();
      // Quoted (it holds commas and quotes), doubled quotes, and an apostrophe before the '='.
      expect(line).toContain(`,"'=HYPERLINK(""http://evil"",""x"")",`);
      expect(line).toContain(",'+51 933 444 555,");
      expect(line).toContain(",'-2+3,");
      // No cell of the whole file starts a formula (cells of our export never hold a line break).
      const cells = lines.flatMap((l) => l.match(/("(?:[^"]|"")*"|[^,]*)(?=,|$)/g) ?? []);
      const unquoted = cells.map((c) => (c.startsWith('"') ? c.slice(1, -1) : c));
      expect(unquoted.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
      // Payloads from the other tests in the export did not run in the page either.
      await expectNothingRan(page, w);
    } finally {
      await desk.close();
    }
  });

  /** What a component rendering user text as HTML would do. */
  const inject = (page: Page) =>
    page.evaluate(
      (html) => document.body.insertAdjacentHTML('beforeend', html),
      `${P.img}${P.alert}`,
    );
  const xssFlag = (page: Page) =>
    page.evaluate(() => (window as { __xss?: unknown }).__xss ?? null);

  test('the detector catches a payload that does run', async ({ browser }) => {
    const desk = await openContext(browser);
    const { page, w } = desk;
    try {
      await page.goto(`${server.url}/advisor/login`);
      await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
      await expectNothingRan(page, w);
      await inject(page);
      await expect.poll(() => xssFlag(page)).toBe(1);
      await expect.poll(() => w.dialogs).toEqual(['1']);
      await expect.poll(() => w.stray.length).toBeGreaterThan(0);
      expect((await page.evaluate(inspectFrame, INJECTED)).injected).toHaveLength(2);
      await expect(expectNothingRan(page, w)).rejects.toThrow();
    } finally {
      await desk.close();
    }
  });

  test("with the server's CSP, an injected inline handler does not run either", async ({
    browser,
  }) => {
    const desk = await openContext(browser, false);
    const { page, w } = desk;
    try {
      await page.goto(`${server.url}/advisor/login`);
      await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
      const violations = page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            document.addEventListener(
              'securitypolicyviolation',
              (e) => resolve(e.violatedDirective),
              {
                once: true,
              },
            ),
          ),
      );
      await inject(page);
      // The browser refuses the inline handler (a CSP violation) once the image fails to load.
      expect(await violations).toMatch(/^script-src/);
      expect(await xssFlag(page)).toBeNull();
      expect(w.dialogs).toEqual([]);
    } finally {
      await desk.close();
    }
  });
});
