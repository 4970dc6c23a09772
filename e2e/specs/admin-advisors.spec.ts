/**
 * The admin area as the salon owner uses it: the dashboard (four cards, live system status) and the
 * advisors page (create an advisor who can then sign in; set an advisor offline from the table).
 * Runs on a private server (ports 4380-4389): advisors created here never receive other specs' calls.
 */
import type { Locator } from '@playwright/test';
import { test as base, expect } from '../support/contexts.js';
import { Api, uniqueEmail } from '../support/api.js';
import { signIn } from '../support/screens.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';

const test = base.extend<object, { server: ServerHandle; adminApi: Api }>({
  server: [
    async ({}, use, workerInfo) => {
      const server = await startServer(4380 + workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  adminApi: [async ({ server }, use) => use(await Api.login(server.url)), { scope: 'worker' }],
});

test.use({ baseURL: async ({ server }, use) => use(server.url) });

test('the dashboard shows the four stat cards and the live system status', async ({
  page,
  adminApi,
}) => {
  const stats = await adminApi.callStats();
  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin' });

  const cards = page.getByRole('list', { name: 'Estadísticas' });
  for (const label of [
    'Total de asesores',
    'Llamadas activas',
    'Completadas hoy',
    'Calificación promedio',
  ]) {
    await expect(cards.getByText(label)).toBeVisible();
  }
  await expect(cards.getByRole('listitem').filter({ hasText: 'Total de asesores' })).toContainText(
    String(stats.totalAdvisors),
  );

  const system = page.getByRole('region', { name: 'Estado del sistema' });
  const item = (name: string) => system.getByRole('listitem').filter({ hasText: name });
  await expect(item('Base de datos')).toContainText('SQLite');
  await expect(item('Base de datos')).toContainText('OK');
  await expect(item('Redis')).toContainText('No configurado (una sola instancia)');
  // Built-in video with no TURN server configured: it works on one network only, so 'at risk'.
  await expect(item('Integración de video')).toContainText('En riesgo');
  await expect(item('WebSocket')).toContainText(/asesor(es)? conectados?/);
  // No SMTP here: e-mail is amber, never 'OK', and says what is not sent.
  await expect(item('Correo')).toContainText('En riesgo');
  await expect(item('Correo')).toContainText('Sin correo: no se envían confirmaciones');

  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByText('Datos actualizados correctamente')).toBeVisible();
});

test('the admin creates an advisor in the UI, who can then sign in', async ({
  page,
  browser,
  server,
}) => {
  const email = uniqueEmail('nueva');
  const password = 'valeria-pass-123';
  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin' });

  // The dashboard's quick action opens the advisors page with the create form.
  await page
    .getByRole('region', { name: 'Acciones rápidas' })
    .getByRole('link', { name: 'Agregar asesor', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Agregar asesor' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/advisors$/);

  await dialog.getByLabel('Nombre').fill('Valeria Campos');
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña').fill(password);
  await dialog.getByLabel('Título').fill('Colorista');
  await dialog.getByLabel('Especialidades').fill('Balayage');
  await dialog.getByLabel('Especialidades').press('Enter');
  await expect(dialog.getByRole('button', { name: 'Quitar Balayage' })).toBeVisible();
  await dialog.getByLabel('Máximo de llamadas simultáneas').fill('2');
  await dialog.getByRole('button', { name: 'Crear asesor' }).click();

  await expect(page.getByText('Asesor creado exitosamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Valeria Campos/ });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Balayage');

  const context = await browser.newContext({ baseURL: server.url });
  try {
    const advisorPage = await context.newPage();
    await signIn(advisorPage, email, password);
  } finally {
    await context.close();
  }
});

test('the admin sets an advisor offline from the table', async ({ page, adminApi }) => {
  const advisor = await adminApi.createAdvisor({
    name: 'Rocío Paredes',
    email: uniqueEmail('rocio'),
    password: 'rocio-pass-123',
  });
  await adminApi.setAdvisorStatus(advisor.advisorId, 'available');

  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin' });
  await page.getByRole('link', { name: 'Asesores', exact: true }).click();

  const select = page.getByRole('combobox', { name: 'Estado de Rocío Paredes' });
  await expect(select).toHaveValue('available');
  await select.selectOption({ label: 'Desconectado' });
  await expect(page.getByText('Estado de Rocío Paredes: Desconectado')).toBeVisible();
  await expect
    .poll(async () => (await adminApi.getAdvisor(advisor.advisorId)).status)
    .toBe('offline');

  // The filter is by the state the row shows: Rocío is not connected.
  await page.getByLabel('Estado', { exact: true }).selectOption({ label: 'Sin conexión' });
  await expect(page.getByRole('row', { name: /Rocío Paredes/ })).toBeVisible();
});

test('the admin suspends a stylist: her open dashboard says why and locks her status until reinstated', async ({
  page,
  browser,
  adminApi,
  server,
}) => {
  const email = uniqueEmail('sara');
  await adminApi.createAdvisor({ name: 'Sara Suspendida', email, password: 'sara-pass-123' });
  const stylistContext = await browser.newContext({ baseURL: server.url });
  const stylist = await stylistContext.newPage();
  await signIn(stylist, email, 'sara-pass-123');
  const status = stylist.getByLabel('Estado', { exact: true });
  await status.selectOption('available');
  await expect(stylist.getByTestId('advisor-status-label')).toHaveText('Disponible');

  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin' });
  await page.getByRole('link', { name: 'Asesores', exact: true }).click();
  await page.getByRole('button', { name: 'Suspender a Sara Suspendida' }).click();
  await expect(page.getByRole('row', { name: /Sara Suspendida/ })).toContainText('Suspendida');
  await expect(page.getByRole('combobox', { name: 'Estado de Sara Suspendida' })).toBeDisabled();

  // Her dashboard, open all along, hears it at once.
  await expect(stylist.getByTestId('advisor-status-label')).toHaveText('Desconectado');
  await expect(stylist.getByRole('note')).toContainText('Un administrador suspendió tu cuenta');
  await expect(status).toBeDisabled();

  await page.getByRole('button', { name: 'Reactivar a Sara Suspendida' }).click();
  await expect(status).toBeEnabled();
  await status.selectOption('available');
  await expect(stylist.getByTestId('advisor-status-label')).toHaveText('Disponible');
  await stylistContext.close();
});

test('at 1280×800 the advisors table fits its container without horizontal scrolling', async ({
  page,
  adminApi,
}) => {
  await adminApi.createAdvisor({
    name: 'Ximena Villanueva Castañeda',
    email: uniqueEmail('ximena.villanueva.castaneda'),
    password: 'ximena-pass-123',
    title: 'Especialista en cuidado de la piel',
    expertise: ['Maquillaje de novia', 'Colorimetría personal', 'Automaquillaje'],
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin' });
  await page.getByRole('link', { name: 'Asesores', exact: true }).click();
  await expect(page.getByRole('row', { name: /Ximena Villanueva Castañeda/ })).toBeVisible();

  // The table's scroll container (its parent) must not need to scroll sideways: the row actions
  // fit next to the other columns instead of being pushed out of view.
  const overflow = await page
    .getByRole('table', { name: 'Lista de asesores' })
    .evaluate((table) => {
      const wrap = table.parentElement as HTMLElement;
      return { scrollWidth: wrap.scrollWidth, clientWidth: wrap.clientWidth };
    });
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
});

test('on a 390 px phone the advisor form fits the screen: close, fields, hours and submit', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin' });
  await page.goto('/admin/advisors?new=1');
  const dialog = page.getByRole('dialog', { name: 'Agregar asesor' });
  await expect(dialog).toBeVisible();

  const inside = async (locator: Locator, what: string) => {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    expect(box, what).not.toBeNull();
    expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(390);
  };
  await inside(dialog, 'the dialog');
  await inside(dialog.getByRole('button', { name: 'Cerrar' }), 'its close button');
  await inside(dialog.getByLabel('Correo electrónico'), 'the e-mail field');
  await inside(dialog.getByLabel('Hora de fin del domingo'), "Sunday's closing time");
  await inside(dialog.getByRole('button', { name: 'Crear asesor' }), 'the submit button');
  // Nothing in the page scrolls sideways either.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
