/**
 * A service booking's outcome over the real stack on both databases: who may record it (its
 * stylist, an admin; never another stylist nor a visitor), not before the start, once for the
 * stylist and corrected by an admin, when and by whom, the CRM's events with the final price,
 * and refused input that changes nothing.
 */
import type { StaffAppointment } from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  createCallsTestApp,
  insertAdvisor,
  insertAppointment,
  type TestAdvisor,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';

// Tuesday 2026-12-01, 10:00 Lima; the booking is at 09:00 Lima (14:00Z), an hour ago.
const NOW = '2026-12-01T15:00:00.000Z';
const STARTED = '2026-12-01T14:00:00.000Z';
const LATER = '2026-12-01T18:00:00.000Z';

describe.each(await dialects())('service outcomes (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestAdvisor;
  let eva: TestAdvisor;
  let other: TestAdvisor;

  const serviceBooking = async (startsAt = STARTED, advisorId = eva.id) =>
    (
      await insertAppointment(t.db.db, {
        advisorId,
        startsAt,
        service: { priceCents: 12000, planCallId: null },
      })
    ).id;
  const record = (id: string, who: TestAdvisor | null, body: unknown) =>
    api<StaffAppointment>(t.app, 'POST', `/api/appointments/${id}/outcome`, {
      ...(who ? { token: who.token } : {}),
      body,
    });
  const rowOf = (id: string) =>
    t.db.db
      .selectFrom('appointments')
      .select(['status', 'outcome_price_cents', 'outcome_at', 'outcome_by', 'cancelled_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  beforeEach(async () => {
    t = await createCallsTestApp(dialect, { config: { webhookPrivateTargets: true } });
    t.clock.set(NOW);
    admin = await insertAdvisor(t.db.db, { name: 'Rosa Admin', isAdmin: true, now: t.clock.now() });
    eva = await insertAdvisor(t.db.db, { name: 'Eva Estilista', now: t.clock.now() });
    other = await insertAdvisor(t.db.db, { name: 'Olga Otra', now: t.clock.now() });
  });
  afterEach(async () => {
    await t.close();
  });

  it('lets her stylist record it done at the final price, with when and by whom', async () => {
    const id = await serviceBooking();
    const res = await record(id, eva, { outcome: 'attended', finalPrice: 135.5 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      appointmentId: id,
      status: 'attended',
      outcome: {
        finalPrice: 135.5,
        recordedAt: NOW,
        recordedBy: { advisorId: eva.id, name: 'Eva Estilista' },
      },
    });
    expect(await rowOf(id)).toEqual({
      status: 'attended',
      outcome_price_cents: 13550,
      outcome_at: NOW,
      outcome_by: eva.id,
      cancelled_by: null,
    });
    // The staff's list shows it too.
    const list = await api<StaffAppointment[]>(t.app, 'GET', '/api/appointments?kind=service', {
      token: admin.token,
    });
    expect(list.body.data?.find((a) => a.appointmentId === id)?.outcome?.finalPrice).toBe(135.5);
  });

  it('refuses another stylist, a visitor and a stranger, and changes nothing', async () => {
    const id = await serviceBooking();
    expect((await record(id, other, { outcome: 'no_show' })).status).toBe(403);
    expect((await record(id, null, { outcome: 'no_show' })).status).toBe(401);
    const withCallKey = await api(t.app, 'POST', `/api/appointments/${id}/outcome`, {
      clientKey: 'some-visitor-key',
      body: { outcome: 'no_show' },
    });
    expect(withCallKey.status).toBe(401);
    expect(await rowOf(id)).toMatchObject({ status: 'booked', outcome_at: null });
  });

  it('refuses before the start, a consultation, a booking cancelled beforehand and bad input', async () => {
    const early = await serviceBooking(LATER);
    const tooEarly = await record(early, eva, { outcome: 'attended', finalPrice: 10 });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.error?.code).toBe('OUTCOME_TOO_EARLY');
    expect(tooEarly.body.error?.details).toEqual({ startsAt: LATER });
    // From the start on it is accepted.
    t.clock.set(LATER);
    expect((await record(early, eva, { outcome: 'no_show' })).status).toBe(200);
    t.clock.set(NOW);

    const consultation = (
      await insertAppointment(t.db.db, { advisorId: eva.id, startsAt: '2026-12-01T13:00:00.000Z' })
    ).id;
    const notService = await record(consultation, admin, { outcome: 'no_show' });
    expect(notService.status).toBe(409);
    expect(notService.body.error?.code).toBe('OUTCOME_NOT_SERVICE');

    const cancelled = await serviceBooking('2026-12-01T13:30:00.000Z');
    await t.db.db
      .updateTable('appointments')
      .set({ status: 'cancelled', cancelled_by: 'client' })
      .where('id', '=', cancelled)
      .execute();
    const closed = await record(cancelled, admin, { outcome: 'attended', finalPrice: 10 });
    expect(closed.status).toBe(409);
    expect(closed.body.error?.code).toBe('APPOINTMENT_CLOSED');

    const id = await serviceBooking();
    for (const body of [
      { outcome: 'attended' },
      { outcome: 'attended', finalPrice: -1 },
      { outcome: 'attended', finalPrice: 10.005 },
      { outcome: 'attended', finalPrice: '10' },
      { outcome: 'attended', finalPrice: 100_001 },
      { outcome: 'maybe' },
      {},
    ]) {
      const res = await record(id, eva, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await record('apt_nope', admin, { outcome: 'no_show' })).status).toBe(404);
    expect(await rowOf(id)).toMatchObject({ status: 'booked', outcome_at: null });
  });

  it('is recorded once by the stylist; an admin corrects it, and the record says so', async () => {
    const id = await serviceBooking();
    expect((await record(id, eva, { outcome: 'no_show' })).status).toBe(200);
    const again = await record(id, eva, { outcome: 'attended', finalPrice: 120 });
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('OUTCOME_ALREADY_RECORDED');
    expect((await rowOf(id)).status).toBe('no_show');

    t.clock.set('2026-12-01T16:00:00.000Z');
    const corrected = await record(id, admin, { outcome: 'attended', finalPrice: 99.9 });
    expect(corrected.status).toBe(200);
    expect(await rowOf(id)).toEqual({
      status: 'attended',
      outcome_price_cents: 9990,
      outcome_at: '2026-12-01T16:00:00.000Z',
      outcome_by: admin.id,
      cancelled_by: null,
    });
    const inSalon = await record(id, admin, { outcome: 'cancelled' });
    expect(inSalon.body.data).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'admin',
      outcome: { finalPrice: null, recordedBy: { advisorId: admin.id } },
    });
    expect((await rowOf(id)).outcome_price_cents).toBeNull();
  });

  it('tells the CRM once: appointment.attended with the final price, appointment.cancelled', async () => {
    const hook = await api(t.app, 'POST', '/api/webhooks/endpoints', {
      token: admin.token,
      body: {
        url: 'https://crm.example.com/hook',
        events: ['appointment.attended', 'appointment.cancelled'],
      },
    });
    expect(hook.status).toBe(201);
    const done = await serviceBooking();
    const notDone = await serviceBooking('2026-12-01T14:30:00.000Z');
    await record(done, eva, { outcome: 'attended', finalPrice: 80 });
    // A correction of the price is no second event.
    await record(done, admin, { outcome: 'attended', finalPrice: 85 });
    await record(notDone, eva, { outcome: 'cancelled' });
    const events = await t.db.db
      .selectFrom('webhook_events')
      .select(['type', 'dedupe_key', 'body'])
      .orderBy('created_at')
      .execute();
    expect(events.map((e) => e.dedupe_key).sort()).toEqual(
      [`appointment.attended:${done}`, `appointment.cancelled:${notDone}`].sort(),
    );
    const attended = events.find((e) => e.type === 'appointment.attended')!;
    const data = (JSON.parse(attended.body) as { data: Record<string, unknown> }).data;
    expect(data).toMatchObject({
      appointmentId: done,
      status: 'attended',
      kind: 'service',
      finalPrice: 80,
      service: { name: 'Corte y peinado', price: 120 },
    });
  });
});
