/**
 * Admin settings and reports in Chromium against the built server: invalid settings show their
 * range messages and are not saved; a valid save persists across a reload and lands in the audit
 * log (still listed after 100+ newer audit entries of other actions);
 * 'Enviar correo de prueba' reaches the mailbox of an SMTP server the test runs;
 * the reports page renders the demo data (seeded into a private server's database) with charts.
 */
import type { Page } from '@playwright/test';
import { Api } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { recordToasts, signIn } from '../support/screens.js';
import { ADMIN, seedDemoData, startServer, type ServerHandle } from '../support/server.js';
import { recipientOf, startTestSmtp, type TestSmtp } from '../../packages/server/src/test/smtp.js';

const PORT = 4400;

let server: ServerHandle;
let adminApi: Api;
let smtp: TestSmtp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // The demo data now draws and encodes the salon's catalogue photos (AVIF and WebP at every
  // size): over a minute beside the other lanes.
  test.setTimeout(240_000);
  smtp = await startTestSmtp();
  server = await startServer(PORT, { SMTP_URL: smtp.url });
  await seedDemoData(server);
  adminApi = await Api.login(server.url);
});

test.afterAll(async () => {
  await server.stop();
  await smtp.close();
});

async function signInTo(page: Page, path: string) {
  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin', baseUrl: server.url });
  await page.goto(`${server.url}${path}`);
}

test('invalid settings show their messages and are not saved', async ({ page }) => {
  const puts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'PUT' && req.url().endsWith('/api/settings')) puts.push(req.url());
  });
  await signInTo(page, '/admin/settings');

  await expect(page.getByLabel('Tiempo de espera de llamada (segundos)')).toHaveValue('30');
  await page.getByLabel('Tiempo de espera de llamada (segundos)').fill('5');
  await page.getByLabel('Máximo de llamadas concurrentes').fill('51');
  await page.getByLabel('Duración máxima de llamada (minutos)').fill('200');
  await page.getByLabel('Máximo de participantes').fill('1');
  await page.getByRole('radio', { name: /Daily\.co/ }).check();
  await page.getByLabel('Correo del administrador').fill('no-es-email');
  await expect(page.getByText('Cambios sin guardar')).toBeVisible();

  await page.getByRole('button', { name: 'Guardar cambios' }).click();
  for (const message of [
    'El tiempo de espera de llamada debe estar entre 10 y 300 segundos',
    'El número máximo de llamadas concurrentes debe estar entre 1 y 50',
    'La duración máxima de llamada debe estar entre 5 y 180 minutos',
    'El número máximo de participantes debe estar entre 2 y 20',
    'API Key de Daily.co es requerida',
    'Dominio de Daily.co es requerido',
    'El email de administrador no tiene un formato válido',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Correo del administrador').fill('');
  await expect(
    page.getByText('El correo del administrador es obligatorio para las notificaciones por correo'),
  ).toBeVisible();

  // The connection test needs credentials first.
  await page.getByRole('button', { name: 'Probar conexión' }).click();
  await expect(
    page.getByText('Por favor, ingresa la API Key y el dominio antes de probar la conexión'),
  ).toBeVisible();

  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Reportes' }).click();
  const leave = page.getByRole('dialog', { name: 'Cambios sin guardar' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Seguir editando' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);

  expect(puts).toHaveLength(0);
  const stored = await adminApi.getSettings();
  expect(stored.system.callTimeout).toBe(30);
  expect(stored.video.provider).toBe('builtin');
});

test('a valid save persists across a reload and is audited', async ({ page }) => {
  await signInTo(page, '/admin/settings');
  await expect(page.getByLabel('Tiempo de espera de llamada (segundos)')).toHaveValue('30');
  await page.getByLabel('Tiempo de espera de llamada (segundos)').fill('45');
  await page.getByLabel('Duración máxima de llamada (minutos)').fill('90');
  await page.getByRole('button', { name: 'Agregar servidor ICE' }).click();
  await page.getByLabel('URL del servidor 1').fill('stun:stun.example.org:3478');
  await page.getByRole('button', { name: 'Guardar cambios' }).click();

  await expect(page.getByText('Configuración guardada exitosamente')).toBeVisible();
  await expect(page.getByText('Cambios sin guardar')).toHaveCount(0);
  const local = await page.evaluate(() => localStorage.getItem('settings'));
  expect(JSON.parse(local ?? '{}')).toMatchObject({
    system: { callTimeout: 45, maxCallDuration: 90 },
    lastSaved: expect.any(String),
  });

  // More than 100 newer audit entries of another action must not push the save out of the history.
  const stylist = await adminApi.createAdvisor({
    name: 'Estilista Historial',
    email: 'historial@salon.pe',
    password: 'historial-pass-1',
  });
  for (let i = 0; i < 101; i += 1) {
    await adminApi.request('POST', `/api/advisors/${stylist.advisorId}/status`, {
      status: i % 2 === 0 ? 'busy' : 'offline',
    });
  }

  // Read back from the server: without this browser's local copy (what the page shows when the
  // server cannot be reached), the reloaded form can only hold what the server stored.
  await page.evaluate(() => localStorage.removeItem('settings'));
  await page.reload();
  await expect(page.getByText('Cambios sin guardar')).toHaveCount(0);
  await expect(page.getByLabel('Tiempo de espera de llamada (segundos)')).toHaveValue('45');
  await expect(page.getByLabel('Duración máxima de llamada (minutos)')).toHaveValue('90');
  await expect(page.getByLabel('URL del servidor 1')).toHaveValue('stun:stun.example.org:3478');

  const audit = page.getByRole('region', { name: 'Historial de cambios' });
  await expect(audit.getByText(ADMIN.name, { exact: false }).first()).toBeVisible();
  await expect(audit.getByText('Tiempo de espera de llamada (segundos)')).toBeVisible();
  await expect(audit.getByText('30 → 45')).toBeVisible();

  const stored = await adminApi.getSettings();
  expect(stored.system.callTimeout).toBe(45);
  expect(stored.system.maxCallDuration).toBe(90);
  expect(stored.video.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
});

test('a test e-mail from Settings reaches the mailbox typed in the form', async ({ page }) => {
  await signInTo(page, '/admin/settings');
  const address = page.getByLabel('Correo del administrador');
  await expect(address).toBeVisible();
  await address.fill('duena@salon.pe');
  await page.getByRole('button', { name: 'Enviar correo de prueba' }).click();
  await expect(page.getByText('Correo de prueba enviado a duena@salon.pe')).toBeVisible();
  // (The demo history also earns the admin yesterday's daily summary: only the test is checked.)
  const toOwner = () => smtp.messages.filter((m) => recipientOf(m) === 'duena@salon.pe');
  await expect.poll(() => toOwner().length).toBe(1);
  // The demo data named the salon.
  expect(toOwner()[0]!.subject).toBe('Salón Demo: Correo de prueba');
});

test('reports render the demo data with charts', async ({ page }) => {
  const chartChunks: string[] = [];
  page.on('request', (req) => {
    if (/ReportCharts-[\w-]+\.js$/.test(req.url())) chartChunks.push(req.url());
  });
  await signInTo(page, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Sistema' })).toBeVisible();
  // No other page downloads the chart library.
  expect(chartChunks).toHaveLength(0);

  await page.getByRole('link', { name: 'Reportes' }).click();
  await expect(page.getByRole('heading', { name: 'Reportes', level: 2 })).toBeVisible();
  await expect(page.getByText('Total de llamadas')).toBeVisible();

  const performance = page.getByRole('region', { name: 'Rendimiento de asesores' });
  await expect(performance.getByRole('row').nth(1)).toBeVisible();
  expect(await performance.getByRole('row').count()).toBeGreaterThan(2);
  await expect(performance.getByText('Admin', { exact: true }).first()).toBeVisible();

  const months = page.getByRole('region', { name: 'Tendencias mensuales' });
  await expect(months.getByRole('row')).toHaveCount(7);
  await expect(page.getByRole('heading', { name: 'Análisis detallado' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nivel de servicio' })).toBeVisible();

  const trend = page.getByRole('figure', { name: 'Tendencia mensual de llamadas' });
  await expect(trend.locator('svg.recharts-surface').first()).toBeVisible();
  await expect.poll(() => trend.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
  const perAdvisor = page.getByRole('figure', { name: 'Llamadas por asesor' });
  await expect(perAdvisor.locator('svg.recharts-surface').first()).toBeVisible();
  await expect.poll(() => perAdvisor.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
  expect(chartChunks.length).toBeGreaterThan(0);

  // The toast lasts 3 s: on a busy machine a check could miss it, so every toast shown is kept.
  const toasts = await recordToasts(page);
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect
    .poll(async () =>
      (await toasts()).some((t) => t.includes('Reportes actualizados correctamente')),
    )
    .toBe(true);
});
