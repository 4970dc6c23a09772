/**
 * The admin calls page against the real server: a visitor's call rings an online advisor (so it
 * stays pending), the admin cancels it from the table and the visitor is told, over its socket and
 * through its status endpoint; a visitor's callback request shows up and is marked done.
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
import { signIn } from '../support/screens.js';
import { ADMIN, startServer, type ServerHandle } from '../support/server.js';
import { arrangeActiveCall, connectAdvisor } from '../support/video.js';

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
  await page.getByLabel('Estado').selectOption({ label: 'Pendiente' });
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
    await page.getByLabel('Estado').selectOption({ label: 'Todos los estados' });
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

test('the admin joins an active call in a new tab, then ends it', async ({ page, context }) => {
  const call = await arrangeActiveCall(server.url, adminApi, 'Alba Activa');
  try {
    await signInAsAdmin(page);
    await page.goto(`${server.url}/admin/calls?status=active`);
    const row = page.getByRole('row').filter({ hasText: 'Alba Activa' });
    await expect(row.getByText('En curso', { exact: true })).toBeVisible();

    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      row.getByRole('button', { name: 'Unirse' }).click(),
    ]);
    // The 'Uniéndose a la llamada...' toast is transient (unit-tested in AdminCallsPage.test.tsx);
    // here the end state counts: the video page opened for this admin and this call.
    await expect.poll(() => tab.url()).toContain('/daily_video_call.html');
    const params = new URL(tab.url()).searchParams;
    expect(params.get('userType')).toBe('admin');
    expect(params.get('callId')).toBe(call.callId);
    expect(params.get('userName')).toBe(ADMIN.name);
    expect(params.get('token')).toBeTruthy();
    await tab.close();

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
  } finally {
    call.close();
  }
});
