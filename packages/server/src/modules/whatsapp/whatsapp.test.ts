/**
 * WhatsApp as the visitor's channel, over the real stack on both databases against the local fake
 * of the Cloud API: the templates a consenting booking gets (confirmation, change, cancellation,
 * reminders 24 h and 1 h before by the manual clock) with their values, nothing without her
 * consent or without the API configured, the statuses Meta posts by signed webhook (a bad
 * signature refused and changing nothing), "BAJA" stopping every later message, and the summary's
 * link after a completed call.
 */
import type { AddressInfo } from 'node:net';
import {
  APPOINTMENT_KEY_HEADER,
  type BookAppointmentBody,
  type BookAppointmentResponse,
  type WhatsappMessagesResponse,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  refreshPresence,
  requestCall,
  tuesdayMorning,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import { startFakeWhatsapp, type FakeWhatsapp } from './fake-whatsapp.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Monday 2026-11-30, 12:00 Lima; the Tuesday a week later, 09:00 Lima, is 14:00Z.
const NOW = '2026-11-30T17:00:00.000Z';
const NEXT_NINE = '2026-12-08T14:00:00.000Z';
const NEXT_NINE_30 = '2026-12-08T14:30:00.000Z';
const PHONE = '+51 987 654 321';
const NUMBER = '51987654321';

describe.each(await dialects())('WhatsApp (%s)', (dialect) => {
  let fake: FakeWhatsapp;
  let t: TestApp;
  let admin: TestAdvisor;
  let eva: TestAdvisor;
  let webhookUrl: string;

  beforeEach(async () => {
    fake = await startFakeWhatsapp();
    t = await createCallsTestApp(dialect, {
      config: {
        whatsapp: {
          apiUrl: fake.url,
          phoneNumberId: fake.phoneNumberId,
          accessToken: fake.accessToken,
          appSecret: fake.appSecret,
          verifyToken: fake.verifyToken,
        },
      },
    });
    t.clock.set(NOW);
    admin = await insertAdvisor(t.db.db, { name: 'Rosa Admin', isAdmin: true, now: t.clock.now() });
    eva = await insertAdvisor(t.db.db, {
      name: 'Eva Estilista',
      workingHours: tuesdayMorning,
      now: t.clock.now(),
    });
    await t.db.db
      .updateTable('advisors')
      .set({ show_on_landing: 1 })
      .where('id', '=', eva.id)
      .execute();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    webhookUrl = `http://127.0.0.1:${port}/api/whatsapp/webhook`;
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const book = async (over: Partial<BookAppointmentBody> = {}) => {
    const res = await api<BookAppointmentResponse>(t.app, 'POST', '/api/appointments', {
      body: {
        startsAt: NEXT_NINE,
        advisorId: eva.id,
        subject: 'hair_care',
        name: 'Lucía Reserva',
        phone: PHONE,
        email: '',
        consent: true,
        whatsapp: true,
        timeZone: 'America/Lima',
        ...over,
      },
    });
    expect(res.status).toBe(201);
    return res.data;
  };
  /** What the worker sends now, then the templates the fake received so far. */
  const deliver = async () => {
    await t.app.container.whatsapp.idle();
    await t.app.container.whatsappWorker.deliverDue();
    return fake.messages.map((m) => m.template?.name ?? `text:${m.text}`);
  };
  const messagesOf = async (appointmentId: string) => {
    const res = await api<WhatsappMessagesResponse>(
      t.app,
      'GET',
      `/api/whatsapp/messages?appointmentId=${appointmentId}`,
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    return res.data;
  };

  it('sends a consenting booking its confirmation template with her values and a working link', async () => {
    const booked = await book();
    expect(await deliver()).toEqual(['cita_confirmada']);
    const [sent] = fake.messages;
    expect(sent!.to).toBe(NUMBER);
    expect(sent!.template!.language).toBe('es');
    const [name, when, stylist, what, link] = sent!.template!.parameters;
    expect([name, stylist, what]).toEqual(['Lucía Reserva', 'Eva Estilista', 'Consulta por video']);
    expect(when).toMatch(/^martes, 8 de diciembre de 2026.*9:00.*\(hora de Lima\)$/);
    // Its link has a key of its own that opens her booking.
    const url = new URL(link!);
    expect(url.pathname).toBe(`/cita/${booked.appointment.appointmentId}`);
    const opened = await api(
      t.app,
      'GET',
      `/api/appointments/${booked.appointment.appointmentId}`,
      {
        headers: { [APPOINTMENT_KEY_HEADER]: url.hash.slice(1) },
      },
    );
    expect(opened.status).toBe(200);
    // Sent once: the next run has nothing to send.
    expect(await deliver()).toEqual(['cita_confirmada']);
    const { messages } = await messagesOf(booked.appointment.appointmentId);
    expect(messages).toMatchObject([
      { template: 'cita_confirmada', status: 'sent', phoneHint: '…4321', sentAt: NOW },
    ]);
  });

  it('tells the forms that WhatsApp is on', async () => {
    const res = await api<{ whatsapp: { enabled: boolean } }>(t.app, 'GET', '/api/settings/public');
    expect(res.data.whatsapp).toEqual({ enabled: true });
  });

  it('sends nothing to a visitor who did not choose WhatsApp', async () => {
    const booked = await book({ whatsapp: false });
    expect(await deliver()).toEqual([]);
    expect((await messagesOf(booked.appointment.appointmentId)).messages).toEqual([]);
  });

  it('tries again after a failure Meta may get over, and gives up at once on a refusal', async () => {
    const first = await book();
    fake.failNext(500);
    expect(await deliver()).toEqual([]);
    expect((await messagesOf(first.appointment.appointmentId)).messages[0]).toMatchObject({
      status: 'queued',
      error: 'http_500:2',
    });
    // Not before its backoff, then sent.
    expect(await deliver()).toEqual([]);
    t.clock.advance(30_000);
    expect(await deliver()).toEqual(['cita_confirmada']);
    const second = await book({ startsAt: NEXT_NINE_30, name: 'Otra Clienta' });
    fake.failNext(400);
    await deliver();
    const failed = (await messagesOf(second.appointment.appointmentId)).messages[0];
    expect(failed).toMatchObject({ status: 'failed', error: 'http_400:100' });
    expect(failed?.failedAt).not.toBeNull();
    t.clock.advance(HOUR);
    expect(await deliver()).toEqual(['cita_confirmada']);
  });

  it('tells her of a move and of a cancellation', async () => {
    const booked = await book();
    expect(await deliver()).toEqual(['cita_confirmada']);
    const id = booked.appointment.appointmentId;
    const withKey = { headers: { [APPOINTMENT_KEY_HEADER]: booked.key } };
    const moved = await api(t.app, 'POST', `/api/appointments/${id}/reschedule`, {
      ...withKey,
      body: { startsAt: NEXT_NINE_30 },
    });
    expect(moved.status).toBe(200);
    expect(await deliver()).toEqual(['cita_confirmada', 'cita_cambiada']);
    expect(fake.messages[1]!.template!.parameters[1]).toMatch(/9:30/);
    const cancelled = await api(t.app, 'POST', `/api/appointments/${id}/cancel`, withKey);
    expect(cancelled.status).toBe(200);
    expect(await deliver()).toEqual(['cita_confirmada', 'cita_cambiada', 'cita_cancelada']);
    expect(fake.messages[2]!.template!.parameters).toHaveLength(3);
  });

  it('tells her when an admin gives her booking to another stylist', async () => {
    const ana = await insertAdvisor(t.db.db, {
      name: 'Ana Colorista',
      workingHours: tuesdayMorning,
      now: t.clock.now(),
    });
    const booked = await book();
    await deliver();
    t.clock.advance(MINUTE);
    const res = await api(
      t.app,
      'POST',
      `/api/appointments/${booked.appointment.appointmentId}/reassign`,
      { token: admin.token, body: { advisorId: ana.id } },
    );
    expect(res.status).toBe(200);
    expect(await deliver()).toEqual(['cita_confirmada', 'cita_cambiada']);
    expect(fake.messages[1]!.template!.parameters[2]).toBe('Ana Colorista');
  });

  it('reminds her 24 hours and 1 hour before, once each', async () => {
    await book();
    await deliver();
    t.clock.set(new Date(Date.parse(NEXT_NINE) - 25 * HOUR));
    expect(await deliver()).toEqual(['cita_confirmada']);
    t.clock.set(new Date(Date.parse(NEXT_NINE) - 23 * HOUR));
    expect(await deliver()).toEqual(['cita_confirmada', 'cita_recordatorio_24h']);
    expect(await deliver()).toHaveLength(2);
    t.clock.set(new Date(Date.parse(NEXT_NINE) - 59 * MINUTE));
    expect(await deliver()).toEqual([
      'cita_confirmada',
      'cita_recordatorio_24h',
      'cita_recordatorio_1h',
    ]);
    expect(await deliver()).toHaveLength(3);
  });

  it('records the statuses Meta posts, and refuses a bad signature without changing anything', async () => {
    const booked = await book();
    await deliver();
    const wamid = fake.messages[0]!.wamid;
    const forged = await fake.postStatus(
      webhookUrl,
      wamid,
      'read',
      new Date(NOW),
      'not-the-secret',
    );
    expect(forged.status).toBe(401);
    expect((await messagesOf(booked.appointment.appointmentId)).messages[0]).toMatchObject({
      status: 'sent',
      readAt: null,
    });
    const unsigned = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"entry":[]}',
    });
    expect(unsigned.status).toBe(401);

    const deliveredAt = new Date(Date.parse(NOW) + MINUTE);
    const readAt = new Date(Date.parse(NOW) + 5 * MINUTE);
    expect((await fake.postStatus(webhookUrl, wamid, 'delivered', deliveredAt)).status).toBe(200);
    expect((await fake.postStatus(webhookUrl, wamid, 'read', readAt)).status).toBe(200);
    // A late "delivered" never takes it back from read.
    expect((await fake.postStatus(webhookUrl, wamid, 'delivered', readAt)).status).toBe(200);
    expect((await messagesOf(booked.appointment.appointmentId)).messages[0]).toMatchObject({
      status: 'read',
      deliveredAt: deliveredAt.toISOString(),
      readAt: readAt.toISOString(),
    });
  });

  it("answers Meta's verification with the challenge, only for the right token", async () => {
    const q = (token: string) =>
      `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`;
    const okRes = await t.app.inject({ method: 'GET', url: q(fake.verifyToken) });
    expect(okRes.statusCode).toBe(200);
    expect(okRes.body).toBe('1158201444');
    const bad = await t.app.inject({ method: 'GET', url: q('wrong-token-wrong-token') });
    expect(bad.statusCode).toBe(403);
  });

  it('stops every later message to a number that wrote BAJA, and confirms it once', async () => {
    const booked = await book();
    await deliver();
    expect((await fake.postInbound(webhookUrl, NUMBER, '  Bája. ')).status).toBe(200);
    expect(fake.messages.map((m) => m.type)).toEqual(['template', 'text']);
    expect(fake.messages[1]!.to).toBe(NUMBER);
    expect(fake.messages[1]!.text).toMatch(/ya no te enviaremos/);
    // A second BAJA is not answered again.
    expect((await fake.postInbound(webhookUrl, NUMBER, 'baja')).status).toBe(200);
    expect(fake.messages).toHaveLength(2);

    t.clock.advance(MINUTE);
    const cancelled = await api(
      t.app,
      'POST',
      `/api/appointments/${booked.appointment.appointmentId}/cancel`,
      { headers: { [APPOINTMENT_KEY_HEADER]: booked.key } },
    );
    expect(cancelled.status).toBe(200);
    await deliver();
    expect(fake.messages).toHaveLength(2);
    const { messages } = await messagesOf(booked.appointment.appointmentId);
    expect(messages.map((m) => [m.template, m.status, m.error])).toEqual([
      ['cita_confirmada', 'sent', null],
      ['cita_cancelada', 'skipped', 'opted_out'],
    ]);
    // Nor to a new booking from the same number, however she writes it.
    await book({ startsAt: NEXT_NINE_30, phone: '987654321' });
    await deliver();
    expect(fake.messages).toHaveLength(2);
    // Her phone is not stored for it: only its keyed hash.
    const optOuts = await t.db.db.selectFrom('whatsapp_opt_outs').selectAll().execute();
    expect(optOuts).toHaveLength(1);
    expect(JSON.stringify(optOuts)).not.toContain('987654321');
  });

  it('sends the summary link after a completed call she asked WhatsApp for', async () => {
    await refreshPresence(t.db.db, t.clock.now());
    const call = await requestCall(t.app, { name: 'Lucía Pérez', phone: PHONE, whatsapp: true });
    expect(
      (await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, { token: eva.token })).status,
    ).toBe(200);
    t.clock.advance(10 * MINUTE);
    expect(
      (await api(t.app, 'POST', `/api/calls/${call.callId}/end`, { token: eva.token })).status,
    ).toBe(200);
    expect(await deliver()).toEqual(['resumen_consulta']);
    const [name, stylist, link] = fake.messages[0]!.template!.parameters;
    expect([name, stylist]).toEqual(['Lucía Pérez', 'Eva Estilista']);
    const url = new URL(link!);
    const opened = await api(t.app, 'GET', `/api/summaries/${call.callId}`, {
      headers: { 'x-summary-key': url.hash.slice(1) },
    });
    expect(opened.status).toBe(200);
    const res = await api<WhatsappMessagesResponse>(
      t.app,
      'GET',
      `/api/whatsapp/messages?callId=${call.callId}`,
      { token: admin.token },
    );
    expect(res.data.messages).toMatchObject([{ template: 'resumen_consulta', status: 'sent' }]);
  });
});

describe('WhatsApp not configured', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createCallsTestApp('sqlite');
    t.clock.set(NOW);
  });
  afterEach(async () => {
    await t.close();
  });

  it('keeps no consent, queues nothing and refuses the webhook', async () => {
    const eva = await insertAdvisor(t.db.db, { workingHours: tuesdayMorning, now: t.clock.now() });
    await t.db.db
      .updateTable('advisors')
      .set({ show_on_landing: 1 })
      .where('id', '=', eva.id)
      .execute();
    const res = await api<BookAppointmentResponse>(t.app, 'POST', '/api/appointments', {
      body: {
        startsAt: NEXT_NINE,
        advisorId: eva.id,
        name: 'Lucía',
        phone: PHONE,
        email: '',
        consent: true,
        whatsapp: true,
      },
    });
    expect(res.status).toBe(201);
    expect(await t.app.container.whatsappWorker.deliverDue()).toBe(0);
    expect(await t.db.db.selectFrom('whatsapp_consents').selectAll().execute()).toEqual([]);
    expect(await t.db.db.selectFrom('whatsapp_messages').selectAll().execute()).toEqual([]);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': 'sha256=00' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
  });
});
