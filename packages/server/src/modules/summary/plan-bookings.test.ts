/**
 * A plan's catalogue services over the real stack, on both databases: the admin says who does a
 * service and whether it is bookable in the salon; the stylist's recommendations pick it (its
 * name, price and duration from the catalogue); her summary offers it; she books it with her
 * summary key at a slot of her stylist's hours with the service's own duration, as an in-salon
 * booking the staff list apart; nobody else books through her summary; and 20 racing bookings of
 * one slot end in one. Time is the app's manual clock: no sleeps.
 */
import {
  APPOINTMENT_KEY_HEADER,
  SUMMARY_KEY_HEADER,
  type Appointment,
  type BookAppointmentResponse,
  type CallSummary,
  type Recommendations,
  type SalonService,
  type ServiceSlotsResponse,
  type StaffAppointment,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret, newId, newSecret } from '../../lib/ids.js';
import {
  activeCallRow,
  api,
  createCallsTestApp,
  insertAdvisor,
  OFF_DAY,
  tuesdayMorning,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { confirmedEmail } from '../../test/email-confirmations.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import { recipientOf, startTestSmtp } from '../../test/smtp.js';

// Monday 2026-11-30, 12:00 Lima; the call ended an hour before. Tuesday 09:00 Lima is 14:00Z.
const NOW = '2026-11-30T17:00:00.000Z';
const ENDED = '2026-11-30T16:00:00.000Z';
const NINE = '2026-12-01T14:00:00.000Z';
const NINE_30 = '2026-12-01T14:30:00.000Z';
const NEXT_NINE = '2026-12-08T14:00:00.000Z';

describe.each(await dialects())('services booked from the plan (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestAdvisor;
  let eva: TestAdvisor;
  let bea: TestAdvisor;

  const asAdmin = () => ({ token: admin.token });

  async function createService(body: Record<string, unknown>): Promise<SalonService> {
    const res = await api<SalonService>(t.app, 'POST', '/api/services', { ...asAdmin(), body });
    expect(res.status).toBe(201);
    return res.data;
  }

  /** A completed call Eva took, ended an hour ago, and the key of her summary. */
  async function completedCall(
    client = { name: 'Ana Plan', phone: '+51 911 222 333', email: 'ana@example.test' },
    advisorId = eva.id,
  ): Promise<{ callId: string; key: string }> {
    const callId = newId('call');
    await t.db.db
      .insertInto('calls')
      .values({
        ...activeCallRow(callId, '2026-11-30T15:40:00.000Z'),
        status: 'completed',
        advisor_id: advisorId,
        client_name: client.name,
        client_phone: client.phone,
        client_phone_normalized: client.phone.replace(/\D/g, ''),
        client_email: client.email,
        ended_at: ENDED,
        duration_seconds: 1200,
        appointment_id: null,
        client_address_hash: null,
        client_connected_at: null,
        client_absent_since: null,
      })
      .execute();
    const key = newSecret();
    await t.db.db
      .insertInto('call_summaries')
      .values({
        call_id: callId,
        recommendations: '',
        items: '[]',
        updated_at: null,
        updated_by: null,
        emailed_at: null,
      })
      .execute();
    await t.db.db
      .insertInto('summary_keys')
      .values({ key_hash: hashSecret(key), call_id: callId, created_at: NOW })
      .execute();
    return { callId, key };
  }

  const writePlan = (callId: string, items: unknown[], who: TestAdvisor = eva) =>
    api<Recommendations>(t.app, 'PUT', `/api/calls/${callId}/recommendations`, {
      token: who.token,
      body: { text: 'Tu plan', items },
    });
  const withKey = (key: string) => ({ headers: { [SUMMARY_KEY_HEADER]: key } });
  const summaryOf = (callId: string, key: string) =>
    api<CallSummary>(t.app, 'GET', `/api/summaries/${callId}`, withKey(key));
  const slotsOf = (callId: string, serviceId: string, key: string) =>
    api<ServiceSlotsResponse>(
      t.app,
      'GET',
      `/api/summaries/${callId}/services/${serviceId}/slots?days=14`,
      withKey(key),
    );
  const bookOf = (callId: string, serviceId: string, key: string, startsAt = NINE) =>
    api<BookAppointmentResponse>(
      t.app,
      'POST',
      `/api/summaries/${callId}/services/${serviceId}/book`,
      { ...withKey(key), body: { startsAt } },
    );

  beforeEach(async () => {
    t = await createCallsTestApp(dialect);
    t.clock.set(NOW);
    admin = await insertAdvisor(t.db.db, {
      name: 'Rosa Admin',
      isAdmin: true,
      workingHours: { ...tuesdayMorning, tuesday: OFF_DAY },
      now: t.clock.now(),
    });
    eva = await insertAdvisor(t.db.db, {
      name: 'Eva Estilista',
      title: 'Colorista',
      workingHours: tuesdayMorning,
      now: t.clock.now(),
    });
    bea = await insertAdvisor(t.db.db, {
      name: 'Bea Barbera',
      workingHours: tuesdayMorning,
      now: t.clock.now(),
    });
  });

  afterEach(async () => {
    await t.close();
  });

  it('keeps who does a service and whether it is bookable; a bookable one needs its duration', async () => {
    const colour = await createService({
      name: 'Color completo',
      category: 'Color',
      durationMinutes: 45,
      price: 180,
      bookable: true,
      stylistIds: [eva.id, bea.id],
    });
    expect(colour).toMatchObject({ bookable: true });
    expect([...colour.stylistIds].sort()).toEqual([eva.id, bea.id].sort());

    const noDuration = await api(t.app, 'POST', '/api/services', {
      ...asAdmin(),
      body: { name: 'Asesoría', category: 'Otros', bookable: true },
    });
    expect([noDuration.status, noDuration.body.error?.code]).toEqual([
      400,
      'SERVICE_DURATION_REQUIRED',
    ]);
    const clearDuration = await api(t.app, 'PUT', `/api/services/${colour.serviceId}`, {
      ...asAdmin(),
      body: { durationMinutes: null },
    });
    expect(clearDuration.body.error?.code).toBe('SERVICE_DURATION_REQUIRED');
    const unknown = await api(t.app, 'PUT', `/api/services/${colour.serviceId}`, {
      ...asAdmin(),
      body: { stylistIds: ['adv_nobody'] },
    });
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'ADVISOR_NOT_FOUND']);
    const repeated = await api(t.app, 'PUT', `/api/services/${colour.serviceId}`, {
      ...asAdmin(),
      body: { stylistIds: [eva.id, eva.id] },
    });
    expect(repeated.status).toBe(400);

    const changed = await api<SalonService>(t.app, 'PUT', `/api/services/${colour.serviceId}`, {
      ...asAdmin(),
      body: { stylistIds: [bea.id] },
    });
    expect(changed.data.stylistIds).toEqual([bea.id]);
    const listed = await api<SalonService[]>(t.app, 'GET', '/api/services', asAdmin());
    expect(listed.data.map((s) => [s.name, s.stylistIds, s.bookable])).toEqual([
      ['Color completo', [bea.id], true],
    ]);
    // Nothing changed by the refused writes.
    expect(listed.data[0]?.durationMinutes).toBe(45);
  });

  it('takes a plan service from the catalogue, adds the plan up, and offers it on her summary', async () => {
    const colour = await createService({
      name: 'Color completo',
      category: 'Color',
      durationMinutes: 45,
      price: 180,
      bookable: true,
      stylistIds: [eva.id],
    });
    const cut = await createService({
      name: 'Corte',
      category: 'Cortes',
      durationMinutes: 30,
      price: 50.5,
    });
    const { callId, key } = await completedCall();
    const saved = await writePlan(callId, [
      // The name and price sent are the catalogue's to decide.
      { serviceId: colour.serviceId, name: 'otro nombre', pricePen: 1, note: 'Tono 7' },
      { serviceId: cut.serviceId, name: 'Corte' },
      { name: 'Champú sin sulfatos', pricePen: 45 },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.data.items).toEqual([
      {
        serviceId: colour.serviceId,
        name: 'Color completo',
        note: 'Tono 7',
        url: null,
        pricePen: 180,
        durationMinutes: 45,
      },
      {
        serviceId: cut.serviceId,
        name: 'Corte',
        note: '',
        url: null,
        pricePen: 50.5,
        durationMinutes: 30,
      },
      {
        serviceId: null,
        name: 'Champú sin sulfatos',
        note: '',
        url: null,
        pricePen: 45,
        durationMinutes: null,
      },
    ]);
    const unknown = await writePlan(callId, [{ serviceId: 'svc_nope', name: 'X' }]);
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'SERVICE_NOT_FOUND']);

    const summary = await summaryOf(callId, key);
    expect(summary.status).toBe(200);
    // Only the bookable service with someone to do it offers "Reservar".
    expect(summary.data.recommendations.items.map((i) => [i.name, i.bookable])).toEqual([
      ['Color completo', true],
      ['Corte', false],
      ['Champú sin sulfatos', false],
    ]);
  });

  it("offers her stylist's slots with the service's duration and books it as an in-salon service", async () => {
    const colour = await createService({
      name: 'Color completo',
      category: 'Color',
      durationMinutes: 45,
      price: 180,
      bookable: true,
      stylistIds: [eva.id, bea.id],
    });
    const { callId, key } = await completedCall();
    await writePlan(callId, [{ serviceId: colour.serviceId, name: 'Color completo' }]);

    const slots = await slotsOf(callId, colour.serviceId, key);
    expect(slots.status).toBe(200);
    expect(slots.data).toMatchObject({
      enabled: true,
      stylist: 'same',
      advisor: { advisorId: eva.id, name: 'Eva Estilista' },
      service: { serviceId: colour.serviceId, durationMinutes: 45, price: 180 },
    });
    // 45 minutes and the 5-minute buffer: one start a morning in her 09:00–10:00.
    expect(slots.data.slots).toEqual([
      { startsAt: NINE, endsAt: '2026-12-01T14:45:00.000Z' },
      { startsAt: NEXT_NINE, endsAt: '2026-12-08T14:45:00.000Z' },
    ]);

    const booked = await bookOf(callId, colour.serviceId, key);
    expect(booked.status).toBe(201);
    const { appointment, key: manageKey } = booked.data;
    expect(appointment).toMatchObject({
      status: 'booked',
      kind: 'service',
      startsAt: NINE,
      endsAt: '2026-12-01T14:45:00.000Z',
      clientName: 'Ana Plan',
      advisor: { advisorId: eva.id },
      service: {
        serviceId: colour.serviceId,
        name: 'Color completo',
        durationMinutes: 45,
        price: 180,
      },
    });
    // The price at booking time stays with the booking.
    await api(t.app, 'PUT', `/api/services/${colour.serviceId}`, {
      ...asAdmin(),
      body: { price: 200 },
    });
    const manage = await api<Appointment>(
      t.app,
      'GET',
      `/api/appointments/${appointment.appointmentId}`,
      { headers: { [APPOINTMENT_KEY_HEADER]: manageKey } },
    );
    expect(manage.data.service?.price).toBe(180);
    expect(manage.data.kind).toBe('service');

    // Her details from the call; the staff see it apart from the video consultations.
    const services = await api<StaffAppointment[]>(
      t.app,
      'GET',
      '/api/appointments?kind=service&upcoming=true',
      asAdmin(),
    );
    expect(services.data.map((a) => [a.clientPhone, a.clientEmail, a.kind])).toEqual([
      ['+51 911 222 333', 'ana@example.test', 'service'],
    ]);
    const videos = await api<StaffAppointment[]>(
      t.app,
      'GET',
      '/api/appointments?kind=consultation&upcoming=true',
      asAdmin(),
    );
    expect(videos.data).toEqual([]);
    const evasOwn = await api<StaffAppointment[]>(t.app, 'GET', '/api/appointments', {
      token: eva.token,
    });
    expect(evasOwn.data.map((a) => a.kind)).toEqual(['service']);

    // No video call to enter; and nobody sweeps it as a no-show (the salon records it).
    t.clock.set(NINE);
    const enter = await api(t.app, 'POST', `/api/appointments/${appointment.appointmentId}/enter`, {
      headers: { [APPOINTMENT_KEY_HEADER]: manageKey },
    });
    expect([enter.status, enter.body.error?.code]).toEqual([409, 'APPOINTMENT_IN_SALON']);
    t.clock.set('2026-12-01T15:00:00.000Z');
    expect(await t.app.container.appointments.markNoShows()).toBe(0);
  });

  it("tells the salon's CRM of the booking, as a service, in the booking's own transaction", async () => {
    await t.app.container.webhooks.createEndpoint(admin.id, {
      url: 'https://crm.example.com/hook',
      description: '',
      events: ['appointment.booked'],
      enabled: true,
    });
    const colour = await createService({
      name: 'Color completo',
      category: 'Color',
      durationMinutes: 45,
      price: 180,
      bookable: true,
      stylistIds: [eva.id],
    });
    const { callId, key } = await completedCall();
    await writePlan(callId, [{ serviceId: colour.serviceId, name: 'Color completo' }]);
    const booked = await bookOf(callId, colour.serviceId, key);
    expect(booked.status).toBe(201);
    const events = await t.db.db
      .selectFrom('webhook_events')
      .select(['type', 'body'])
      .where('type', '=', 'appointment.booked')
      .execute();
    expect(events).toHaveLength(1);
    const body = JSON.parse(events[0]!.body) as { data: Record<string, unknown> };
    expect(body.data).toMatchObject({
      appointmentId: booked.data.appointment.appointmentId,
      kind: 'service',
      service: {
        serviceId: colour.serviceId,
        name: 'Color completo',
        durationMinutes: 45,
        price: 180,
      },
      clientName: 'Ana Plan',
    });
  });

  it('e-mails her the booking in the words of the salon, and moves it keeping its minutes', async () => {
    const smtp = await startTestSmtp();
    await t.close();
    t = await createCallsTestApp(dialect, {
      config: { smtp: { url: smtp.url, from: 'citas@salon.pe' } },
    });
    t.clock.set(NOW);
    try {
      admin = await insertAdvisor(t.db.db, {
        name: 'Rosa Admin',
        isAdmin: true,
        now: t.clock.now(),
      });
      eva = await insertAdvisor(t.db.db, {
        name: 'Eva Estilista',
        workingHours: tuesdayMorning,
        now: t.clock.now(),
      });
      await confirmedEmail(t.db.db, 'ana@example.test');
      const colour = await createService({
        name: 'Color completo',
        category: 'Color',
        durationMinutes: 45,
        bookable: true,
        stylistIds: [eva.id],
      });
      const { callId, key } = await completedCall();
      await writePlan(callId, [{ serviceId: colour.serviceId, name: 'Color' }]);
      // Her summary e-mail (if any) is not what this is about: only the booking's.
      await t.app.container.mail.idle();
      const before = smtp.messages.length;
      const booked = await bookOf(callId, colour.serviceId, key);
      expect(booked.status).toBe(201);
      expect(booked.data.mail).toBe('sent');
      await t.app.container.mail.idle();
      const mail = smtp.messages[before];
      if (!mail) throw new Error('no booking e-mail');
      expect(recipientOf(mail)).toBe('ana@example.test');
      expect(mail.text).toContain('Tu cita en el salón está reservada.');
      expect(mail.text).toContain('Color completo');
      expect(mail.text).not.toContain('Entrar a mi cita');
      const ics = mail.attachments[0]?.content.toString().replace(/\r\n[ \t]/g, '') ?? '';
      expect(ics).toContain('DTSTART:20261201T140000Z');
      expect(ics).toContain('DTEND:20261201T144500Z');
      expect(ics).toMatch(/SUMMARY:Color completo con Eva Estilista/);

      const id = booked.data.appointment.appointmentId;
      const moved = await api<Appointment>(t.app, 'POST', `/api/appointments/${id}/reschedule`, {
        headers: { [APPOINTMENT_KEY_HEADER]: booked.data.key },
        body: { startsAt: NEXT_NINE },
      });
      expect(moved.status).toBe(200);
      expect(moved.data).toMatchObject({
        startsAt: NEXT_NINE,
        endsAt: '2026-12-08T14:45:00.000Z',
        kind: 'service',
      });
    } finally {
      await smtp.close();
    }
  });

  it('holds the stylist for the whole service: a consultation overlapping it takes the slot away', async () => {
    const colour = await createService({
      name: 'Color completo',
      category: 'Color',
      durationMinutes: 45,
      bookable: true,
      stylistIds: [eva.id],
    });
    const { callId, key } = await completedCall();
    await writePlan(callId, [{ serviceId: colour.serviceId, name: 'Color completo' }]);
    // A visitor chooses Eva for a consultation at 09:30: inside the 45 minutes from 09:00.
    await t.db.db
      .updateTable('advisors')
      .set({ show_on_landing: 1 })
      .where('id', '=', eva.id)
      .execute();
    const consultation = await api(t.app, 'POST', '/api/appointments', {
      body: {
        startsAt: NINE_30,
        advisorId: eva.id,
        name: 'Otra',
        phone: '+51 999 888 777',
        email: '',
        consent: true,
      },
    });
    expect(consultation.status).toBe(201);
    const slots = await slotsOf(callId, colour.serviceId, key);
    expect(slots.data.slots.map((s) => s.startsAt)).toEqual([NEXT_NINE]);
    const taken = await bookOf(callId, colour.serviceId, key);
    expect([taken.status, taken.body.error?.code]).toEqual([409, 'SLOT_UNAVAILABLE']);
    expect(
      (taken.body.error?.details as { alternatives: { startsAt: string }[] }).alternatives.map(
        (s) => s.startsAt,
      ),
    ).toEqual([NEXT_NINE]);
  });

  it('books with another stylist who does it when hers does not or is gone; refuses one nobody does', async () => {
    const nails = await createService({
      name: 'Uñas acrílicas',
      category: 'Uñas',
      durationMinutes: 45,
      price: 90,
      bookable: true,
      stylistIds: [bea.id],
    });
    const lonely = await createService({
      name: 'Keratina',
      category: 'Tratamientos',
      durationMinutes: 45,
      bookable: true,
      stylistIds: [],
    });
    const { callId, key } = await completedCall();
    await writePlan(callId, [
      { serviceId: nails.serviceId, name: 'Uñas' },
      { serviceId: lonely.serviceId, name: 'Keratina' },
    ]);
    const slots = await slotsOf(callId, nails.serviceId, key);
    expect(slots.data).toMatchObject({ stylist: 'other', advisor: null });
    const booked = await bookOf(callId, nails.serviceId, key);
    expect(booked.status).toBe(201);
    expect(booked.data.appointment.advisor.advisorId).toBe(bea.id);

    const none = await slotsOf(callId, lonely.serviceId, key);
    expect([none.status, none.body.error?.code]).toEqual([409, 'SERVICE_NOT_BOOKABLE']);
    const refused = await bookOf(callId, lonely.serviceId, key);
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'SERVICE_NOT_BOOKABLE']);
    expect(
      (await summaryOf(callId, key)).data.recommendations.items.map((i) => i.bookable),
    ).toEqual([true, false]);

    // Bea is gone: nobody does the nails now.
    await t.db.db
      .updateTable('advisors')
      .set({ deleted_at: NOW })
      .where('id', '=', bea.id)
      .execute();
    const gone = await bookOf(callId, nails.serviceId, key, NEXT_NINE);
    expect(gone.body.error?.code).toBe('SERVICE_NOT_BOOKABLE');
  });

  it("lets nobody book through someone's summary: a wrong key, another call's key, a service not in the plan", async () => {
    const colour = await createService({
      name: 'Color completo',
      category: 'Color',
      durationMinutes: 45,
      bookable: true,
      stylistIds: [eva.id],
    });
    const other = await createService({
      name: 'Peinado',
      category: 'Peinados',
      durationMinutes: 45,
      bookable: true,
      stylistIds: [eva.id],
    });
    const hers = await completedCall();
    const someone = await completedCall({
      name: 'Otra Clienta',
      phone: '+51 955 444 333',
      email: '',
    });
    await writePlan(hers.callId, [{ serviceId: colour.serviceId, name: 'Color' }]);
    for (const key of ['not-the-key', someone.key, '']) {
      const res = await bookOf(hers.callId, colour.serviceId, key);
      expect([res.status, res.body.error?.code]).toEqual([404, 'SUMMARY_NOT_FOUND']);
      const slots = await slotsOf(hers.callId, colour.serviceId, key);
      expect(slots.body.error?.code).toBe('SUMMARY_NOT_FOUND');
    }
    const notInPlan = await bookOf(hers.callId, other.serviceId, hers.key);
    expect([notInPlan.status, notInPlan.body.error?.code]).toEqual([404, 'SERVICE_NOT_FOUND']);
    const bad = await api(
      t.app,
      'POST',
      `/api/summaries/${hers.callId}/services/${colour.serviceId}/book`,
      { ...withKey(hers.key), body: { startsAt: 'mañana' } },
    );
    expect(bad.status).toBe(400);
    const stored = await t.db.db.selectFrom('appointments').select('id').execute();
    expect(stored).toEqual([]);
  });

  it('lets 20 racing bookings of one service slot from 20 summaries end in exactly one booking', async () => {
    const colour = await createService({
      name: 'Color completo',
      category: 'Color',
      durationMinutes: 45,
      bookable: true,
      stylistIds: [eva.id],
    });
    const calls = [];
    for (let i = 0; i < 20; i++) {
      const call = await completedCall({
        name: `Visitante ${i}`,
        phone: `+51 900 000 ${100 + i}`,
        email: '',
      });
      await writePlan(call.callId, [{ serviceId: colour.serviceId, name: 'Color' }]);
      calls.push(call);
    }
    const results = await Promise.all(calls.map((c) => bookOf(c.callId, colour.serviceId, c.key)));
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error?.code).toBe('SLOT_UNAVAILABLE');
    const stored = await t.db.db
      .selectFrom('appointments')
      .select(['advisor_id', 'kind'])
      .where('status', '=', 'booked')
      .execute();
    expect(stored).toEqual([{ advisor_id: eva.id, kind: 'service' }]);
  });
});
