/**
 * The admin calls page against the real server: a visitor's call rings an online advisor (so it
 * stays pending), the admin cancels it from the table and the visitor is told, over its socket and
 * through its status endpoint; a visitor's callback request shows up and is marked done; the admin
 * joins a stylist's active call from the table (its live screen: video and the call's chat), they
 * talk in the chat, she leaves, and the call ended from the table shows as ended in her tab.
 * A private server keeps this spec's advisor out of other specs' routing.
 */
import {
  CLIENT_KEY_HEADER,
  type CallRequestResponseData,
  type CallStatusData,
  type Callback,
  type LoginResponseData,
} from '@belleza/contract';
import type { Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';
import { Api, uniqueEmail } from '../support/api.js';
import { expect, test } from '../support/fixtures.js';
import { acceptRinging, signIn, signInAvailable } from '../support/screens.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';
import { connectAdvisor, participant } from '../support/video.js';

type Ack = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string } };
type StatusUpdate = { callId: string; status: string };

let server: ServerHandle;
let adminApi: Api;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, workerInfo) => {
  server = await startServer(4390 + workerInfo.parallelIndex);
  adminApi = await Api.login(server.url);
});
test.afterAll(async () => {
  await server.stop();
});

async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, ADMIN.email, ADMIN.password, { home: 'admin', baseUrl: server.url });
}

/** The visitor's side: a socket joined to its call, recording every status it is told. */
async function visitorSocket(callId: string, clientKey: string) {
  const socket: Socket = io(server.url, { transports: ['websocket'], forceNew: true });
  const updates: StatusUpdate[] = [];
  socket.on('call:status:updated', (p: StatusUpdate) => updates.push(p));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    socket.emit('client:connect', { callId, clientKey }, (res: Ack) =>
      res.ok ? resolve() : reject(new Error(`client:connect → ${res.error.code}`)),
    );
  });
  return { updates, close: () => socket.disconnect() };
}

test('the admin cancels a pending call from the table and the visitor is told', async ({
  page,
}) => {
  // An advisor online and available, so the visitor's call rings them and stays pending.
  const email = uniqueEmail('calls-advisor');
  await adminApi.createAdvisor({ name: 'Clara Colorista', email, password: 'calls-e2e-pass-123' });
  const login = await new Api(server.url).request<LoginResponseData>(
    'POST',
    '/api/advisors/login',
    { email, password: 'calls-e2e-pass-123' },
  );
  const advisorSocket = await connectAdvisor(server.url, login.advisor.advisorId, login.token);
  const advisorApi = new Api(server.url, login.token);
  await advisorApi.request('POST', `/api/advisors/${login.advisor.advisorId}/status`, {
    status: 'available',
  });

  // The admin watches the pending calls before the visitor asks: the row must appear by itself.
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Llamadas' }).click();
  await expect(page).toHaveURL(/\/admin\/calls$/);
  await page
    .getByRole('combobox', { name: 'Estado', exact: true })
    .selectOption({ label: 'Pendiente' });
  await expect(page).toHaveURL(/status=pending/);
  await expect(
    page.getByText('No se encontraron llamadas con los filtros aplicados'),
  ).toBeVisible();

  const visitor = new Api(server.url);
  const call = await visitor.request<CallRequestResponseData>('POST', '/api/calls/request', {
    name: 'Paula Pendiente',
    phone: '+51 987 654 321',
    message: 'Quiero un corte bob',
    consent: true,
  });
  expect(call.status).toBe('pending');
  expect(call.advisorId).toBe(login.advisor.advisorId);
  const told = await visitorSocket(call.callId, call.clientKey);

  try {
    const row = page.getByRole('row').filter({ hasText: 'Paula Pendiente' });
    await expect(row.getByText('Pendiente', { exact: true })).toBeVisible();
    await expect(row.getByText('Clara Colorista')).toBeVisible();

    // A confirmation comes first; 'Volver' leaves the call alone.
    await row.getByRole('button', { name: 'Cancelar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar llamada' });
    await expect(dialog.getByLabel('Motivo')).toHaveValue('Cancelada por administrador');
    await dialog.getByRole('button', { name: 'Volver' }).click();
    await expect(dialog).toBeHidden();
    const stillPending = await visitor.request<CallStatusData>(
      'GET',
      `/api/calls/${call.callId}/status`,
      undefined,
      { [CLIENT_KEY_HEADER]: call.clientKey },
    );
    expect(stillPending.status).toBe('pending');

    await row.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.getByRole('button', { name: 'Cancelar llamada' }).click();
    await expect(page.getByText('Llamada cancelada exitosamente')).toBeVisible();
    // The pending filter no longer matches it.
    await expect(
      page.getByText('No se encontraron llamadas con los filtros aplicados'),
    ).toBeVisible();

    // The visitor hears it over its socket, and its status endpoint says so too.
    await expect
      .poll(() => told.updates.find((u) => u.callId === call.callId)?.status)
      .toBe('cancelled');
    const status = await visitor.request<CallStatusData>(
      'GET',
      `/api/calls/${call.callId}/status`,
      undefined,
      { [CLIENT_KEY_HEADER]: call.clientKey },
    );
    expect(status).toMatchObject({
      status: 'cancelled',
      reason: 'Cancelada por administrador',
      endedBy: 'admin',
    });

    // The whole history shows it as cancelled, and its details tell the story.
    await page
      .getByRole('combobox', { name: 'Estado', exact: true })
      .selectOption({ label: 'Todos los estados' });
    await expect(row.getByText('Cancelada', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Ver detalles' }).click();
    const details = page.getByRole('dialog', { name: 'Detalles de la llamada' });
    await expect(details.getByText('Ofrecida a Clara Colorista')).toBeVisible();
    await expect(details.getByText('Llamada cancelada')).toBeVisible();
    await expect(details.getByText('Administrador · Cancelada por administrador')).toBeVisible();
  } finally {
    told.close();
    // Offline, so the next test's call cannot be routed to this advisor.
    await advisorApi.request('POST', `/api/advisors/${login.advisor.advisorId}/status`, {
      status: 'offline',
    });
    advisorSocket.disconnect();
  }
});

test('the admin sees a visitor callback request and marks it done', async ({ page }) => {
  const visitor = new Api(server.url);
  const callback = await visitor.request<Callback>('POST', '/api/callbacks', {
    name: 'Rosa Rellamada',
    phone: '+51 911 222 333',
    preferredTime: 'Mañana por la tarde',
    message: 'Quiero saber de tintes',
    consent: true,
  });

  await signInAsAdmin(page);
  await page.goto(`${server.url}/admin/calls`);
  await page.getByRole('tab', { name: /Pedidos de llamada/ }).click();
  await expect(page).toHaveURL(/view=callbacks/);

  const row = page.getByRole('row').filter({ hasText: 'Rosa Rellamada' });
  await expect(row.getByText('+51 911 222 333')).toBeVisible();
  await expect(row.getByText('Mañana por la tarde')).toBeVisible();
  await row.getByRole('button', { name: 'Marcar como atendida' }).click();
  await expect(page.getByText('Solicitud marcada como atendida')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByLabel('Mostrar').selectOption({ label: 'Atendidas' });
  await expect(row.getByText('Atendida', { exact: true })).toBeVisible();

  const done = await adminApi.request<Callback[]>('GET', '/api/callbacks?status=done');
  expect(done.find((c) => c.callbackId === callback.callbackId)?.doneAt).toEqual(
    expect.any(String),
  );
});

test('the admin joins an active call in a new tab, talks with the stylist in its chat, then ends it', async ({
  page,
  context,
  browser,
}) => {
  // A stylist with a call and its screen open; two video pages (hers, the admin's) on a busy machine.
  test.setTimeout(240_000);
  const email = uniqueEmail('live-stylist');
  const password = 'live-e2e-pass-123';
  await adminApi.createAdvisor({ name: 'Sara Salón', email, password });
  const stylist = await participant(browser, server.url);
  await signInAvailable(stylist.page, email, password);
  const call = await new Api(server.url).request<CallRequestResponseData>(
    'POST',
    '/api/calls/request',
    { name: 'Alba Activa', phone: '+51 999 888 777', message: 'Quiero un tinte', consent: true },
  );
  await acceptRinging(stylist.page, 'Alba Activa');
  const stylistScreen = stylist.page.getByRole('dialog', { name: 'Videollamada activa' });
  await expect(stylistScreen).toBeVisible();

  try {
    await signInAsAdmin(page);
    await page.goto(`${server.url}/admin/calls?status=active`);
    const row = page.getByRole('row').filter({ hasText: 'Alba Activa' });
    await expect(row.getByText('En curso', { exact: true })).toBeVisible();

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('button', { name: 'Unirse' }).click(),
    ]);
    // The admin's live-call screen: the video page for this admin and this call, beside the chat.
    await expect(tab).toHaveURL(`${server.url}/admin/calls/${call.callId}/live`);
    await expect(tab.getByRole('heading', { name: 'Llamada en vivo' })).toBeVisible();
    await expect(tab.getByText('Cliente: Alba Activa')).toBeVisible();
    const video = tab.getByTitle('Video de la llamada');
    const src = new URL((await video.getAttribute('src')) ?? '', server.url);
    expect(src.pathname).toBe('/daily_video_call.html');
    expect(src.searchParams.get('userType')).toBe('admin');
    expect(src.searchParams.get('callId')).toBe(call.callId);
    expect(src.searchParams.get('userName')).toBe(ADMIN.name);
    // Her room token in the fragment: never sent to the server, so in no request log.
    expect(src.searchParams.get('token')).toBeNull();
    expect(new URLSearchParams(src.hash.slice(1)).get('token')).toBeTruthy();
    await expect(tab.getByText('Estás en la llamada')).toBeVisible({ timeout: 60_000 });

    // The admin writes; the stylist sees it in her call's chat, from the admin.
    const adminChat = tab.getByRole('complementary', { name: 'Chat' });
    const adminBox = adminChat.getByLabel('Mensaje para el chat');
    await adminBox.fill('Hola Sara, soy la administradora: todo se ve bien.');
    await adminBox.press('Enter');
    await expect(adminChat.getByRole('log').getByRole('listitem').last()).toContainText(
      'todo se ve bien',
    );
    await expect(adminChat.getByRole('log').getByText('Enviando...')).toHaveCount(0);
    await stylistScreen.getByRole('button', { name: 'Chat, 1 mensaje nuevo' }).click();
    const stylistLog = stylistScreen.getByRole('log');
    await expect(stylistLog).toContainText('Hola Sara, soy la administradora: todo se ve bien.');
    await expect(stylistLog.getByText(ADMIN.name, { exact: true })).toBeVisible();

    // The stylist answers; the admin sees it, from her.
    const stylistBox = stylistScreen.getByLabel('Mensaje para el chat');
    await stylistBox.fill('Gracias, ya casi terminamos.');
    await stylistBox.press('Enter');
    await expect(adminChat.getByRole('log')).toContainText('Gracias, ya casi terminamos.');
    await expect(adminChat.getByRole('log').getByText('Sara Salón', { exact: true })).toBeVisible();

    // Leaving takes only the admin out: the call goes on for the stylist.
    await tab.getByRole('button', { name: 'Salir de la llamada' }).click();
    await expect(tab.getByRole('heading', { name: 'Saliste de la llamada' })).toBeVisible();
    await expect(video).toHaveCount(0);
    await expect(stylistScreen).toBeVisible();
    await expect(row.getByText('En curso', { exact: true })).toBeVisible();

    // Ended from the list, back in the first tab (a background tab gets no frames in headless
    // Chromium, so a click there can wait forever): the live tab says so and leads back.
    await page.bringToFront();
    await row.getByRole('button', { name: 'Finalizar' }).click();
    await page
      .getByRole('dialog', { name: 'Finalizar llamada' })
      .getByRole('button', { name: 'Finalizar llamada' })
      .click();
    await expect(page.getByText('Llamada finalizada exitosamente')).toBeVisible();
    const status = await new Api(server.url).request<CallStatusData>(
      'GET',
      `/api/calls/${call.callId}/status`,
      undefined,
      { [CLIENT_KEY_HEADER]: call.clientKey },
    );
    expect(status).toMatchObject({ status: 'completed', endedBy: 'admin' });
    await expect(tab.getByRole('heading', { name: 'La llamada terminó' })).toBeVisible();
    await tab.bringToFront();
    await tab.getByRole('link', { name: 'Volver a Llamadas' }).click();
    await expect(tab).toHaveURL(`${server.url}/admin/calls`);

    // Both messages were kept with the call, once each.
    const stored = await adminApi.callMessages(call.callId);
    expect(stored.map((m) => [m.senderType, m.body])).toEqual([
      ['admin', 'Hola Sara, soy la administradora: todo se ve bien.'],
      ['advisor', 'Gracias, ya casi terminamos.'],
    ]);
  } finally {
    await stylist.context.close();
  }
});
