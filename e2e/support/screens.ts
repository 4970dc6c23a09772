/**
 * The steps of a consultation as people take them, through the real screens only (shared by the
 * specs and the join bench): a stylist signs in and sets herself available, a visitor asks from the
 * landing page, the stylist accepts from the ringing popup. They wait with the page's own timeouts
 * (`waitFor`), so the bench can use them outside the test runner.
 */
import type { ConsoleMessage, Frame, Page, Request, Response } from '@playwright/test';
import { recentServerLogs } from './server.js';

export const VISITOR_FRAME = 'iframe[title="Videollamada con tu estilista"]';
export const ADVISOR_FRAME = 'iframe[title="Videollamada con el cliente"]';

/** The sign-in form's labels in the page's language. */
export type SignInLabels = { email: string; password: string; submit: string };
const SPANISH_SIGN_IN: SignInLabels = {
  email: 'Correo electrónico',
  password: 'Contraseña',
  submit: 'Iniciar sesión',
};

/**
 * Signs in through /advisor/login and waits for the home the account lands on. If it does not get
 * there, the error says what the page went through (navigations, refused API calls, the alert on
 * screen, script errors), so a failure in CI explains itself without the trace.
 */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  {
    home = 'advisor',
    baseUrl = '',
    labels = SPANISH_SIGN_IN,
  }: { home?: 'advisor' | 'admin'; baseUrl?: string; labels?: SignInLabels } = {},
): Promise<void> {
  const journey: string[] = [];
  const since = Date.now();
  const note = (what: string) => journey.push(`+${Date.now() - since} ms ${what}`);
  const onNavigated = (frame: Frame) => {
    if (frame === page.mainFrame()) note(`at ${new URL(frame.url()).pathname}`);
  };
  const onResponse = (response: Response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      note(
        `${response.request().method()} ${new URL(response.url()).pathname} → ${response.status()}`,
      );
  };
  const onRequest = (request: Request) => {
    if (request.url().includes('/api/'))
      note(`${request.method()} ${new URL(request.url()).pathname} sent`);
  };
  const onRequestFailed = (request: Request) =>
    note(
      `${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`,
    );
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') note(`console: ${message.text()}`);
  };
  const onPageError = (error: Error) => note(`page error: ${error.message}`);
  page.on('framenavigated', onNavigated);
  page.on('response', onResponse);
  page.on('request', onRequest);
  page.on('requestfailed', onRequestFailed);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    await page.goto(`${baseUrl}/advisor/login`);
    await page.getByLabel(labels.email).fill(email);
    await page.getByLabel(labels.password).fill(password);
    await page.getByRole('button', { name: labels.submit }).click();
    note(`pressed ${labels.submit}`);
    await page.waitForURL(new RegExp(`/${home}/dashboard$`), { timeout: 30_000 });
  } catch (error) {
    const alerts = await page
      .getByRole('alert')
      .allInnerTexts()
      .catch(() => []);
    const { lines, warnings } = recentServerLogs(page.url());
    throw new Error(
      `${email} did not reach /${home}/dashboard (now at ${page.url()}; on screen: ${
        alerts.join(' | ') || 'no alert'
      }):\n  ${journey.join('\n  ')}\n${error instanceof Error ? error.message : String(error)}` +
        (warnings.length ? `\nthe server's warnings:\n  ${warnings.join('\n  ')}` : '') +
        (lines.length ? `\nthe server's last lines:\n  ${lines.slice(-25).join('\n  ')}` : ''),
    );
  } finally {
    page.off('framenavigated', onNavigated);
    page.off('response', onResponse);
    page.off('request', onRequest);
    page.off('requestfailed', onRequestFailed);
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
}

/** From /advisor/login to an available stylist with a live connection. */
export async function signInAvailable(page: Page, email: string, password: string): Promise<void> {
  await signIn(page, email, password);
  await page.getByLabel('Estado', { exact: true }).selectOption('available');
  await page.getByText('Tiempo real conectado').waitFor();
}

export type Visitor = {
  name: string;
  phone: string;
  message: string;
  email?: string;
  /** ticks 'también por WhatsApp' (the server must have WhatsApp configured) */
  whatsapp?: boolean;
};

/** From the landing page to 'Esperando a tu estilista...' (advisors must be online). */
export async function requestConsultation(page: Page, visitor: Visitor): Promise<void> {
  await submitConsultation(page, visitor);
  await page.getByText('Esperando a tu estilista...').waitFor();
}

/** From the landing page to the sent request form (advisors must be online). */
export async function submitConsultation(page: Page, visitor: Visitor): Promise<void> {
  await page.goto('/');
  await page
    .getByTestId('availability')
    .filter({ hasText: 'Estilistas en línea' })
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Consulta gratuita en vivo', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Consulta gratuita en vivo' });
  await form.getByLabel('Nombre', { exact: true }).fill(visitor.name);
  await form.getByLabel('Teléfono', { exact: true }).fill(visitor.phone);
  await form.getByLabel('Mensaje', { exact: true }).fill(visitor.message);
  if (visitor.email) await form.getByLabel('Correo electrónico (opcional)').fill(visitor.email);
  await form.getByRole('checkbox', { name: /^(Acepto el uso|I agree to my data)/ }).check();
  if (visitor.whatsapp) await form.getByRole('checkbox', { name: /también por WhatsApp/ }).check();
  await form.getByRole('button', { name: 'Solicitar consulta' }).click();
}

/** Waits for the popup to ring with the visitor's name and presses 'Aceptar llamada'; answers when (epoch ms). */
export async function acceptRinging(page: Page, visitorName: string): Promise<number> {
  const popup = page.getByRole('alertdialog', { name: 'Llamada entrante' });
  await popup.getByText(visitorName).waitFor();
  const acceptedAt = Date.now();
  await popup.getByRole('button', { name: 'Aceptar llamada' }).click();
  return acceptedAt;
}

/**
 * Keeps the text of every toast the page shows from now on: a toast lasts a few seconds, and on a
 * busy machine a check could come after it is gone. Answers a function that reads them.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLElement && node.matches('.toast'))
            seen.push(node.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

/**
 * Counts the times text matching `pattern` comes into view on the page from now on (as rendered
 * text: hidden elements do not count). A state the page shows for a moment (a link that recovers
 * within a second) is seen even if no check happens to look at that moment. Answers a function
 * that reads `{ appeared, shown }`: how many times it came into view, and whether it is in view.
 */
export async function recordText(
  page: Page,
  pattern: RegExp,
): Promise<() => Promise<{ appeared: number; shown: boolean }>> {
  const key = `__text_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, source, flags }) => {
      const re = new RegExp(source, flags);
      const state = { appeared: 0, shown: false };
      (window as unknown as Record<string, typeof state>)[key] = state;
      const look = () => {
        const shown = re.test(document.body.innerText);
        if (shown && !state.shown) state.appeared += 1;
        state.shown = shown;
      };
      look();
      new MutationObserver(look).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
        attributes: true,
      });
    },
    { key, source: pattern.source, flags: pattern.flags },
  );
  return () =>
    page.evaluate(
      (key) => (window as unknown as Record<string, { appeared: number; shown: boolean }>)[key]!,
      key,
    );
}
