/**
 * The reception desk over the real stack, on both databases: the staff book for a client who
 * phones or walks in, a consultation or a service of the catalogue, from the stylist's free slots
 * under the rules of her own booking; the booking says who booked it and keeps her verbal consent;
 * an admin books with anyone, a stylist only with herself; only a stylist who does a service is
 * chosen (or reassigned) for it; she is e-mailed her confirmation; and 20 racing bookings of one
 * slot end in one. Time is the app's manual clock: no sleeps.
 */
import {
  APPOINTMENT_KEY_HEADER,
  type Appointment,
  type DeskBookingResponse,
  type DeskSlotsResponse,
  type SalonService,
  type StaffAppointment,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
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

// Monday 2026-11-30, 12:00 Lima. Tuesday 09:00 Lima is 14:00Z.
const NOW = '2026-11-30T17:00:00.000Z';
const NINE = '2026-12-01T14:00:00.000Z';
const NINE_30 = '2026-12-01T14:30:00.000Z';

describe.each(await dialects())('the reception desk (%s)', (dialect) => {
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

  const colourBy = (stylistIds: string[]) =>
    createService({
      name: 'Color completo',
      category: 'Color',
      durationMinutes: 45,
      price: 180,
      bookable: true,
      stylistIds,
    });

  const walkIn = (over: Record<string, unknown> = {}) => ({
    kind: 'consultation',
    advisorId: eva.id,
    startsAt: NINE,
    name: 'Marta Mostrador',
    phone: '+51 955 444 333',
    verbalConsent: true,
    ...over,
  });

  /** As the admin, another staff member (her token), or nobody (null). */
  const book = (body: unknown, token: string | null = admin.token) =>
    api<DeskBookingResponse>(t.app, 'POST', '/api/desk/appointments', {
      token: token ?? undefined,
      body,
    });
  const slotsOf = (query: string, token: string | null = admin.token) =>
    api<DeskSlotsResponse>(t.app, 'GET', `/api/desk/slots?${query}`, {
      token: token ?? undefined,
    });

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

  it("books a service for a walk-in with the chosen stylist, from her slots with the service's duration, marked as booked by the admin", async () => {
    const colour = await colourBy([eva.id]);
    const slots = await slotsOf(`advisorId=${eva.id}&serviceId=${colour.serviceId}&days=2`);
    expect(slots.status).toBe(200);
    // 45 minutes and the 5-minute buffer: one start in her 09:00–10:00.
    expect(slots.data).toMatchObject({ enabled: true, slotMinutes: 45 });
    expect(slots.data.slots).toEqual([{ startsAt: NINE, endsAt: '2026-12-01T14:45:00.000Z' }]);

    const booked = await book(walkIn({ kind: 'service', serviceId: colour.serviceId }));
    expect(booked.status).toBe(201);
    expect(booked.data.appointment).toMatchObject({
      status: 'booked',
      kind: 'service',
      startsAt: NINE,
      endsAt: '2026-12-01T14:45:00.000Z',
      clientName: 'Marta Mostrador',
      clientPhone: '+51 955 444 333',
      clientEmail: '',
      advisor: { advisorId: eva.id },
      service: { serviceId: colour.serviceId, durationMinutes: 45, price: 180 },
      bookedBy: { advisorId: admin.id, name: 'Rosa Admin' },
    });
    // No e-mail given: nothing was sent, and the answer says so.
    expect(booked.data.mail).toBe('none');
    const row = await t.db.db
      .selectFrom('appointments')
      .select(['verbal_consent', 'booked_by_id'])
      .executeTakeFirstOrThrow();
    expect([Number(row.verbal_consent), row.booked_by_id]).toEqual([1, admin.id]);

    // The lists show who booked it; the stylist sees it as hers.
    const listed = await api<StaffAppointment[]>(t.app, 'GET', '/api/appointments', asAdmin());
    expect(listed.data.map((a) => a.bookedBy?.name)).toEqual(['Rosa Admin']);
    const evas = await api<StaffAppointment[]>(t.app, 'GET', '/api/appointments', {
      token: eva.token,
    });
    expect(evas.data.map((a) => [a.kind, a.bookedBy?.name])).toEqual([['service', 'Rosa Admin']]);
    // Her manage link opens it as her own booking would.
    const manage = await api<Appointment>(
      t.app,
      'GET',
      `/api/appointments/${booked.data.appointment.appointmentId}`,
      { headers: { [APPOINTMENT_KEY_HEADER]: booked.data.key } },
    );
    expect(manage.data.kind).toBe('service');
    // The stylist is held for the whole service (and its buffer): no consultation at 09:30 either.
    const after = await slotsOf(`advisorId=${eva.id}&days=2`);
    expect(after.data.slots).toEqual([]);
  });

  it('chooses only a stylist who does the service, for a booking and for a reassignment', async () => {
    const colour = await colourBy([eva.id]);
    const notHers = await book(
      walkIn({ kind: 'service', serviceId: colour.serviceId, advisorId: bea.id }),
    );
    expect([notHers.status, notHers.body.error?.code]).toEqual([
      409,
      'SERVICE_NOT_DONE_BY_STYLIST',
    ]);
    const noSlots = await slotsOf(`advisorId=${bea.id}&serviceId=${colour.serviceId}`);
    expect([noSlots.status, noSlots.body.error?.code]).toEqual([
      409,
      'SERVICE_NOT_DONE_BY_STYLIST',
    ]);

    const booked = await book(walkIn({ kind: 'service', serviceId: colour.serviceId }));
    expect(booked.status).toBe(201);
    const id = booked.data.appointment.appointmentId;
    const toBea = await api(t.app, 'POST', `/api/appointments/${id}/reassign`, {
      ...asAdmin(),
      body: { advisorId: bea.id },
    });
    expect([toBea.status, toBea.body.error?.code]).toEqual([409, 'SERVICE_NOT_DONE_BY_STYLIST']);
    // Once the catalogue says Bea does it too, she may take it.
    await api(t.app, 'PUT', `/api/services/${colour.serviceId}`, {
      ...asAdmin(),
      body: { stylistIds: [eva.id, bea.id] },
    });
    const moved = await api<StaffAppointment>(t.app, 'POST', `/api/appointments/${id}/reassign`, {
      ...asAdmin(),
      body: { advisorId: bea.id },
    });
    expect([moved.status, moved.data.advisor.advisorId]).toEqual([200, bea.id]);

    // Not bookable, or unknown: refused, nothing booked.
    const hidden = await createService({ name: 'Corte', category: 'Corte', durationMinutes: 30 });
    const refused = await book(
      walkIn({ kind: 'service', serviceId: hidden.serviceId, startsAt: NINE_30 }),
    );
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'SERVICE_NOT_BOOKABLE']);
    const unknown = await book(
      walkIn({ kind: 'service', serviceId: 'svc_nope', startsAt: NINE_30 }),
    );
    expect([unknown.status, unknown.body.error?.code]).toEqual([404, 'SERVICE_NOT_FOUND']);
    const count = await t.db.db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('lets a stylist book only with herself, an admin with anyone, and nobody without a session', async () => {
    const own = await book(walkIn(), eva.token);
    expect(own.status).toBe(201);
    expect(own.data.appointment.bookedBy).toEqual({ advisorId: eva.id, name: 'Eva Estilista' });
    const forBea = await book(walkIn({ advisorId: bea.id, phone: '+51 955 444 334' }), eva.token);
    expect([forBea.status, forBea.body.error?.code]).toEqual([403, 'FORBIDDEN']);
    const beaSlots = await slotsOf(`advisorId=${bea.id}`, eva.token);
    expect(beaSlots.status).toBe(403);
    const anonymous = await book(walkIn({ advisorId: bea.id }), null);
    expect(anonymous.status).toBe(401);
    const byAdmin = await book(walkIn({ advisorId: bea.id, phone: '+51 955 444 335' }));
    expect([byAdmin.status, byAdmin.data.appointment.advisor.advisorId]).toEqual([201, bea.id]);
    const stored = await t.db.db
      .selectFrom('appointments')
      .select(['advisor_id', 'booked_by_id'])
      .orderBy('created_at')
      .orderBy('advisor_id')
      .execute();
    expect(stored).toHaveLength(2);
    expect(stored).toEqual(
      expect.arrayContaining([
        { advisor_id: eva.id, booked_by_id: eva.id },
        { advisor_id: bea.id, booked_by_id: admin.id },
      ]),
    );
  });

  it("keeps her own booking's rules: her working hours, the caps, her consent; but no minimum notice at the desk", async () => {
    const outside = await book(walkIn({ startsAt: '2026-12-01T16:00:00.000Z' }));
    expect([outside.status, outside.body.error?.code]).toEqual([409, 'SLOT_UNAVAILABLE']);
    expect(outside.body.error?.details).toMatchObject({
      alternatives: [
        { startsAt: NINE_30 },
        { startsAt: NINE },
        { startsAt: '2026-12-08T14:00:00.000Z' },
      ],
    });
    const noConsent = await book(walkIn({ verbalConsent: false }));
    expect(noConsent.status).toBe(400);
    const noService = await book(walkIn({ kind: 'service' }));
    expect(noService.status).toBe(400);

    expect((await book(walkIn())).status).toBe(201);
    expect((await book(walkIn({ advisorId: bea.id, phone: '+51 955 444 000' }))).status).toBe(201);

    // Five minutes before 09:30: too soon for her own booking, not for the desk.
    t.clock.set('2026-12-01T14:25:00.000Z');
    const visitor = await api<{ slots: unknown[] }>(
      t.app,
      'GET',
      `/api/appointments/slots?from=2026-12-01&days=1`,
    );
    expect(visitor.data.slots).toEqual([]);
    const desk = await slotsOf(`advisorId=${eva.id}&from=2026-12-01&days=1`);
    expect(desk.data.slots).toEqual([{ startsAt: NINE_30, endsAt: '2026-12-01T14:50:00.000Z' }]);
    const now = await book(walkIn({ startsAt: NINE_30, phone: '+51 955 000 111' }));
    expect(now.status).toBe(201);
  });

  it('counts her bookings to come against the caps, whoever booked them', async () => {
    const capped = await createCallsTestApp(dialect, {
      clock: t.clock,
      config: { bookingOpenLimit: 2 },
    });
    try {
      const rosa = await insertAdvisor(capped.db.db, { isAdmin: true, now: t.clock.now() });
      const ids = [];
      for (const name of ['Eva', 'Bea'])
        ids.push((await insertAdvisor(capped.db.db, { name, workingHours: tuesdayMorning })).id);
      const deskBook = (body: unknown) =>
        api(capped.app, 'POST', '/api/desk/appointments', { token: rosa.token, body });
      // One the desk booked for her, one she booked herself: the third is refused.
      expect((await deskBook(walkIn({ advisorId: ids[0] }))).status).toBe(201);
      const own = await api(capped.app, 'POST', '/api/appointments', {
        body: { startsAt: NINE, name: 'Marta', phone: '+51 955 444 333', consent: true },
      });
      expect(own.status).toBe(201);
      const third = await deskBook(walkIn({ advisorId: ids[0], startsAt: NINE_30 }));
      expect([third.status, third.body.error?.code]).toEqual([409, 'BOOKING_LIMIT']);
    } finally {
      await capped.close();
    }
  });

  it('e-mails her the confirmation with its calendar file and manage link when she gave an address', async () => {
    const smtp = await startTestSmtp();
    const mailed = await createCallsTestApp(dialect, {
      clock: t.clock,
      config: { smtp: { url: smtp.url, from: 'citas@salon.pe' } },
    });
    try {
      const rosa = await insertAdvisor(mailed.db.db, {
        name: 'Rosa Admin',
        isAdmin: true,
        now: t.clock.now(),
      });
      const stylist = await insertAdvisor(mailed.db.db, {
        name: 'Eva Estilista',
        workingHours: tuesdayMorning,
        now: t.clock.now(),
      });
      await confirmedEmail(mailed.db.db, 'marta@example.test');
      const booked = await api<DeskBookingResponse>(mailed.app, 'POST', '/api/desk/appointments', {
        token: rosa.token,
        body: { ...walkIn({ advisorId: stylist.id }), email: 'marta@example.test' },
      });
      expect(booked.status).toBe(201);
      expect(booked.data.mail).toBe('sent');
      await mailed.app.container.mail.idle();
      expect(smtp.messages.map(recipientOf)).toEqual(['marta@example.test']);
      const id = booked.data.appointment.appointmentId;
      const mail = smtp.messages[0]!;
      expect(mail.text).toMatch(new RegExp(`/cita/${id}#[\\w-]{43}`));
      expect(mail.attachments.map((f) => f.contentType)).toEqual(['text/calendar']);
      expect(mail.attachments[0]!.content.toString()).toContain('DTSTART:20261201T140000Z');
    } finally {
      await mailed.close();
      await smtp.close();
    }
  });

  it('lets 20 racing desk bookings of one slot end in exactly one booking', async () => {
    const colour = await colourBy([eva.id]);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book(
          walkIn({
            kind: 'service',
            serviceId: colour.serviceId,
            name: `Clienta ${i}`,
            phone: `+51 900 000 ${100 + i}`,
          }),
        ),
      ),
    );
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
