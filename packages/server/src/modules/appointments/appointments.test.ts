/**
 * Appointments over the real stack on both databases: slots from working hours, booking (and 20
 * racing bookings of the last place: exactly one wins), the visitor's key, cancelling and
 * rescheduling, the staff's list, cancel and reassign, and the realtime events. Time is the app's
 * manual clock: no sleeps.
 */
import {
  APPOINTMENT_KEY_HEADER,
  type Appointment,
  type BookAppointmentBody,
  type BookAppointmentResponse,
  type Slot,
  type SlotsResponse,
  type StaffAppointment,
} from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret, newSecret } from '../../lib/ids.js';
import {
  api,
  createCallsTestApp,
  databaseText,
  insertAdvisor,
  markOffline,
  refreshPresence,
  requestCall,
  setSettingsSection,
  type RequestedCall,
  type TestAdvisor,
  OFF_DAY,
  tuesdayMorning,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';
import { confirmedEmail } from '../../test/email-confirmations.js';
import { recipientOf, startTestSmtp } from '../../test/smtp.js';

// Monday 2026-11-30, 12:00 Lima. Tuesday 09:00 Lima is 14:00Z.
const NOW = '2026-11-30T17:00:00.000Z';
const NINE = '2026-12-01T14:00:00.000Z';
const NINE_30 = '2026-12-01T14:30:00.000Z';
const NEXT_NINE = '2026-12-08T14:00:00.000Z';

describe.each(await dialects())('appointments (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestAdvisor;
  let eva: TestAdvisor;

  const booking = (over: Partial<BookAppointmentBody> = {}): BookAppointmentBody => ({
    startsAt: NINE,
    subject: 'hair_care',
    name: 'Lucía Reserva',
    phone: '+51 987 654 321',
    email: 'lucia@example.test',
    consent: true,
    ...over,
  });
  const withKey = (key: string) => ({ headers: { [APPOINTMENT_KEY_HEADER]: key } });
  const slotsOf = async (query = '') => {
    const res = await api<SlotsResponse>(t.app, 'GET', `/api/appointments/slots?days=14${query}`);
    expect(res.status).toBe(200);
    return res.body.data!;
  };
  const book = (over: Partial<BookAppointmentBody> = {}) =>
    api<BookAppointmentResponse>(t.app, 'POST', '/api/appointments', { body: booking(over) });
  const show = async (id: string) => {
    await t.db.db
      .updateTable('advisors')
      .set({ show_on_landing: 1 })
      .where('id', '=', id)
      .execute();
  };

  beforeEach(async () => {
    t = await createCallsTestApp(dialect);
    t.clock.set(NOW);
    // Admins take no bookings unless they have hours: none enabled here.
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
    await show(eva.id);
  });

  afterEach(async () => {
    await t.close();
  });

  it('offers the free slots of the working hours and the stylists shown on the landing', async () => {
    const data = await slotsOf();
    expect(data.enabled).toBe(true);
    expect(data.slotMinutes).toBe(20);
    expect(data.slots.slice(0, 3)).toEqual([
      { startsAt: NINE, endsAt: '2026-12-01T14:20:00.000Z' },
      { startsAt: NINE_30, endsAt: '2026-12-01T14:50:00.000Z' },
      { startsAt: NEXT_NINE, endsAt: '2026-12-08T14:20:00.000Z' },
    ]);
    expect(data.advisors).toEqual([
      { advisorId: eva.id, name: 'Eva Estilista', title: 'Colorista', expertise: [], photo: null },
    ]);
    // Bad input is a 400, not an empty answer.
    const bad = await api(t.app, 'GET', '/api/appointments/slots?from=mañana');
    expect(bad.status).toBe(400);
  });

  it('books a slot: the key opens it, the slot is gone, and the advisor and admins hear of it', async () => {
    const res = await book();
    expect(res.status).toBe(201);
    const { appointment, key } = res.body.data!;
    // No SMTP here: nothing will be e-mailed, and the answer says so.
    expect(res.body.data?.mail).toBe('none');
    expect(appointment).toMatchObject({
      status: 'booked',
      startsAt: NINE,
      subject: 'hair_care',
      clientName: 'Lucía Reserva',
      advisor: { advisorId: eva.id, name: 'Eva Estilista', title: 'Colorista' },
      joinFrom: '2026-12-01T13:55:00.000Z',
      joinUntil: '2026-12-01T14:10:00.000Z',
    });
    expect((await slotsOf()).slots[0]?.startsAt).toBe(NINE_30);

    const seen = await api<Appointment>(
      t.app,
      'GET',
      `/api/appointments/${appointment.appointmentId}`,
      withKey(key),
    );
    expect(seen.status).toBe(200);
    expect(seen.body.data).toEqual(appointment);

    const events = t.notifier.of('appointment:changed');
    expect(events.map((e) => e.room).sort()).toEqual(['admins', `advisor:${eva.id}`]);
    expect(events[0]?.payload).toMatchObject({ clientPhone: '+51 987 654 321', status: 'booked' });
  });

  it("refuses a wrong, missing or other booking's key with one 404", async () => {
    const first = (await book()).body.data!;
    const second = (await book({ startsAt: NINE_30, name: 'Otra' })).body.data!;
    const id = first.appointment.appointmentId;
    for (const headers of [withKey('not-the-key'), withKey(second.key), {}]) {
      const res = await api(t.app, 'GET', `/api/appointments/${id}`, headers);
      expect(res.status).toBe(404);
      expect(res.body.error?.code).toBe('APPOINTMENT_NOT_FOUND');
    }
    const unknown = await api(t.app, 'GET', '/api/appointments/apt_nope', withKey(first.key));
    expect(unknown.body.error?.code).toBe('APPOINTMENT_NOT_FOUND');
    const cancel = await api(t.app, 'POST', `/api/appointments/${id}/cancel`, withKey(second.key));
    expect(cancel.status).toBe(404);
    const still = await api<Appointment>(
      t.app,
      'GET',
      `/api/appointments/${id}`,
      withKey(first.key),
    );
    expect(still.body.data?.status).toBe('booked');
  });

  it('refuses a slot that is not on the grid, too soon, beyond the horizon or taken, offering the nearest', async () => {
    const offGrid = await book({ startsAt: '2026-12-01T14:10:00.000Z' });
    expect(offGrid.status).toBe(409);
    expect(offGrid.body.error?.code).toBe('SLOT_UNAVAILABLE');
    const details = offGrid.body.error?.details as { alternatives: Slot[] };
    expect(details.alternatives.map((s) => s.startsAt)).toEqual([NINE, NINE_30, NEXT_NINE]);

    t.clock.set('2026-12-01T13:30:00.000Z'); // 08:30 Lima: 09:00 is inside the hour's notice
    expect((await book()).body.error?.code).toBe('SLOT_UNAVAILABLE');
    t.clock.set(NOW);
    expect((await book({ startsAt: '2026-12-15T14:00:00.000Z' })).body.error?.code).toBe(
      'SLOT_UNAVAILABLE',
    );

    expect((await book()).status).toBe(201);
    const taken = await book({ name: 'Tarde' });
    expect(taken.status).toBe(409);
    expect((taken.body.error?.details as { alternatives: Slot[] }).alternatives[0]?.startsAt).toBe(
      NINE_30,
    );
  });

  it('lets 20 racing bookings of the last place in a slot end in exactly one booking', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        book({ name: `Visitante ${i}`, phone: `+51 900 000 ${100 + i}` }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.status === 409))
      expect(r.body.error?.code).toBe('SLOT_UNAVAILABLE');
    const stored = await t.db.db
      .selectFrom('appointments')
      .select(['advisor_id'])
      .where('starts_at', '=', NINE)
      .where('status', '=', 'booked')
      .execute();
    expect(stored).toEqual([{ advisor_id: eva.id }]);
  });

  it('gives a slot to the least booked free advisor that day, and each advisor only once', async () => {
    const bea = await insertAdvisor(t.db.db, {
      name: 'Bea',
      workingHours: tuesdayMorning,
      now: t.clock.now(),
    });
    await show(bea.id);
    expect((await book({ startsAt: NINE_30, advisorId: eva.id })).status).toBe(201);
    // Both are free at 09:00; Eva already has a booking that day, Bea none.
    const unchosen = await book();
    expect(unchosen.body.data?.appointment.advisor.advisorId).toBe(bea.id);
    const results = await Promise.all([book({ name: 'Dos' }), book({ name: 'Tres' })]);
    const won = results.filter((r) => r.status === 201);
    expect(won.map((r) => r.body.data?.appointment.advisor.advisorId)).toEqual([eva.id]);
    expect(results.filter((r) => r.status === 409)).toHaveLength(1);
  });

  it('lets the visitor cancel until the start, once', async () => {
    const { appointment, key } = (await book()).body.data!;
    const id = appointment.appointmentId;
    const cancelled = await api<Appointment>(
      t.app,
      'POST',
      `/api/appointments/${id}/cancel`,
      withKey(key),
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data?.status).toBe('cancelled');
    expect((await slotsOf()).slots[0]?.startsAt).toBe(NINE);
    const again = await api(t.app, 'POST', `/api/appointments/${id}/cancel`, withKey(key));
    expect(again.body.error?.code).toBe('APPOINTMENT_CLOSED');

    const other = (await book()).body.data!;
    t.clock.set(NINE);
    const late = await api(
      t.app,
      'POST',
      `/api/appointments/${other.appointment.appointmentId}/cancel`,
      withKey(other.key),
    );
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe('APPOINTMENT_CLOSED');
  });

  it('moves a booking to another free slot of the same stylist, freeing the old one', async () => {
    const { appointment, key } = (await book()).body.data!;
    const id = appointment.appointmentId;
    const moved = await api<Appointment>(t.app, 'POST', `/api/appointments/${id}/reschedule`, {
      ...withKey(key),
      body: { startsAt: NINE_30 },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({
      startsAt: NINE_30,
      status: 'booked',
      advisor: { advisorId: eva.id },
    });
    expect((await slotsOf()).slots.slice(0, 2).map((s) => s.startsAt)).toEqual([NINE, NEXT_NINE]);

    // Back to 09:00: its own booking at 09:30 does not stand in the way of its neighbour.
    const back = await api<Appointment>(t.app, 'POST', `/api/appointments/${id}/reschedule`, {
      ...withKey(key),
      body: { startsAt: NINE },
    });
    expect(back.body.data?.startsAt).toBe(NINE);

    // Her stylist's slots, hers set aside; another booking's key opens nothing.
    const own = await api<SlotsResponse>(
      t.app,
      'GET',
      `/api/appointments/${id}/slots?days=14`,
      withKey(key),
    );
    expect(own.body.data?.slots.slice(0, 3).map((s) => s.startsAt)).toEqual([
      NINE,
      NINE_30,
      NEXT_NINE,
    ]);

    // …also once her stylist is no longer shown on the landing (no public slots for her then).
    await t.db.db
      .updateTable('advisors')
      .set({ show_on_landing: 0 })
      .where('id', '=', eva.id)
      .execute();
    expect((await slotsOf(`&advisorId=${eva.id}`)).slots).toEqual([]);
    const hidden = await api<SlotsResponse>(
      t.app,
      'GET',
      `/api/appointments/${id}/slots?days=14`,
      withKey(key),
    );
    expect(hidden.body.data?.slots[0]?.startsAt).toBe(NINE);
    await show(eva.id);
    const taken = (await book({ startsAt: NINE_30, name: 'Otra' })).body.data!;
    expect(
      (await api(t.app, 'GET', `/api/appointments/${id}/slots`, withKey(taken.key))).status,
    ).toBe(404);
    const clash = await api(t.app, 'POST', `/api/appointments/${id}/reschedule`, {
      ...withKey(key),
      body: { startsAt: taken.appointment.startsAt },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error?.code).toBe('SLOT_UNAVAILABLE');
    const wrongKey = await api(t.app, 'POST', `/api/appointments/${id}/reschedule`, {
      ...withKey(taken.key),
      body: { startsAt: NEXT_NINE },
    });
    expect(wrongKey.status).toBe(404);
  });

  it('lists bookings to their advisor and to admins, and lets staff cancel and admins reassign', async () => {
    const bea = await insertAdvisor(t.db.db, {
      name: 'Bea',
      workingHours: tuesdayMorning,
      now: t.clock.now(),
    });
    const mine = (await book({ advisorId: eva.id })).body.data!.appointment;
    expect(mine.advisor.advisorId).toBe(eva.id);

    const evaList = await api<StaffAppointment[]>(t.app, 'GET', '/api/appointments?upcoming=true', {
      token: eva.token,
    });
    expect(evaList.body.data?.map((a) => a.appointmentId)).toEqual([mine.appointmentId]);
    expect(evaList.body.data?.[0]).toMatchObject({
      clientPhone: '+51 987 654 321',
      clientEmail: 'lucia@example.test',
    });
    const beaList = await api<StaffAppointment[]>(t.app, 'GET', '/api/appointments', {
      token: bea.token,
    });
    expect(beaList.body.data).toEqual([]);
    const peek = await api(t.app, 'GET', `/api/appointments?advisorId=${eva.id}`, {
      token: bea.token,
    });
    expect(peek.status).toBe(403);
    const anonymous = await api(t.app, 'GET', '/api/appointments');
    expect(anonymous.status).toBe(401);
    const byDay = await api<StaffAppointment[]>(t.app, 'GET', '/api/appointments?day=2026-12-01', {
      token: admin.token,
    });
    expect(byDay.body.data?.map((a) => a.appointmentId)).toEqual([mine.appointmentId]);
    const otherDay = await api<StaffAppointment[]>(
      t.app,
      'GET',
      '/api/appointments?day=2026-12-02',
      { token: admin.token },
    );
    expect(otherDay.body.data).toEqual([]);

    // Bea may not cancel Eva's booking; only admins reassign.
    const foreign = await api(t.app, 'POST', `/api/appointments/${mine.appointmentId}/cancel`, {
      token: bea.token,
    });
    expect(foreign.status).toBe(403);
    const notAdmin = await api(t.app, 'POST', `/api/appointments/${mine.appointmentId}/reassign`, {
      token: eva.token,
      body: { advisorId: bea.id },
    });
    expect(notAdmin.status).toBe(403);
    // Not to the owner's admin account, which the landing does not show: she takes no clients.
    const toOwner = await api(t.app, 'POST', `/api/appointments/${mine.appointmentId}/reassign`, {
      token: admin.token,
      body: { advisorId: admin.id },
    });
    expect(toOwner.status).toBe(409);
    expect(toOwner.body.error?.code).toBe('ADVISOR_NOT_BOOKABLE');

    t.notifier.clear();
    const reassigned = await api<StaffAppointment>(
      t.app,
      'POST',
      `/api/appointments/${mine.appointmentId}/reassign`,
      {
        token: admin.token,
        body: { advisorId: bea.id },
      },
    );
    expect(reassigned.status).toBe(200);
    expect(reassigned.body.data?.advisor).toMatchObject({ advisorId: bea.id, name: 'Bea' });
    expect(
      t.notifier
        .of('appointment:changed')
        .map((e) => e.room)
        .sort(),
    ).toEqual(['admins', `advisor:${bea.id}`, `advisor:${eva.id}`].sort());
    // Eva is free again at 09:00, Bea is not: reassigning to her again is refused.
    const eve = await book({ advisorId: eva.id });
    expect(eve.status).toBe(201);
    const back = await api(t.app, 'POST', `/api/appointments/${mine.appointmentId}/reassign`, {
      token: admin.token,
      body: { advisorId: eva.id },
    });
    expect(back.body.error?.code).toBe('SLOT_UNAVAILABLE');

    const staffCancel = await api<StaffAppointment>(
      t.app,
      'POST',
      `/api/appointments/${mine.appointmentId}/cancel`,
      { token: bea.token },
    );
    expect(staffCancel.body.data).toMatchObject({ status: 'cancelled', cancelledBy: 'advisor' });
  });

  it('takes no bookings while the setting is off, and only the chosen stylist when one is chosen', async () => {
    const hidden = await insertAdvisor(t.db.db, {
      name: 'Oculta',
      workingHours: tuesdayMorning,
      now: t.clock.now(),
    });
    const forHidden = await book({ advisorId: hidden.id });
    expect(forHidden.body.error?.code).toBe('SLOT_UNAVAILABLE');
    expect((await slotsOf(`&advisorId=${hidden.id}`)).slots).toEqual([]);

    await setSettingsSection(t.db.db, 'appointments', { enabled: false });
    const data = await slotsOf();
    expect(data).toMatchObject({ enabled: false, slots: [], advisors: [] });
    const refused = await book();
    expect(refused.status).toBe(409);
    expect(refused.body.error?.code).toBe('BOOKING_DISABLED');
  });

  it('keeps only the hash of her key: the key of her link is nowhere in the database, and its hash opens nothing', async () => {
    const { appointment, key } = (await book()).body.data!;
    const id = appointment.appointmentId;
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(await databaseText(t.db)).not.toContain(key);
    expect(
      await t.db.db.selectFrom('appointment_keys').select(['appointment_id', 'key_hash']).execute(),
    ).toEqual([{ appointment_id: id, key_hash: hashSecret(key) }]);
    const row = await t.db.db
      .selectFrom('appointments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Object.values(row)).not.toContain(key);
    // What a copy of the database holds, sent as the key, is refused like any wrong key.
    const byHash = await api(t.app, 'GET', `/api/appointments/${id}`, withKey(hashSecret(key)));
    expect([byHash.status, byHash.body.error?.code]).toEqual([404, 'APPOINTMENT_NOT_FOUND']);
    expect((await api(t.app, 'GET', `/api/appointments/${id}`, withKey(key))).status).toBe(200);
  });

  it('e-mails the visitor her booking, its new time and its cancellation, each with a link of its own that keeps opening it', async () => {
    const smtp = await startTestSmtp();
    const mailed = await createCallsTestApp(dialect, {
      clock: t.clock,
      config: { smtp: { url: smtp.url, from: 'citas@salon.pe' } },
    });
    try {
      const stylist = await insertAdvisor(mailed.db.db, {
        name: 'Eva Estilista',
        workingHours: tuesdayMorning,
        now: t.clock.now(),
      });
      // Her address is confirmed (the one e-mail an unconfirmed one gets: email-confirmations.test.ts).
      await confirmedEmail(mailed.db.db, 'lucia@example.test');
      const booked = await api<BookAppointmentResponse>(mailed.app, 'POST', '/api/appointments', {
        body: booking(),
      });
      expect(booked.status).toBe(201);
      const { appointment, key, mail } = booked.body.data!;
      const id = appointment.appointmentId;
      expect(mail).toBe('sent');
      expect(appointment.advisor.advisorId).toBe(stylist.id);
      await mailed.app.container.mail.idle();
      expect(smtp.messages.map(recipientOf)).toEqual(['lucia@example.test']);
      const keyIn = (text: string | undefined): string => {
        const found = new RegExp(`/cita/${id}#([\\w-]{43})`).exec(text ?? '');
        if (!found?.[1]) throw new Error(`no link to ${id} in ${text}`);
        return found[1];
      };
      const opens = async (k: string) =>
        (await api<Appointment>(mailed.app, 'GET', `/api/appointments/${id}`, withKey(k))).body.data
          ?.status;
      const confirmation = smtp.messages[0]!;
      const confirmed = keyIn(confirmation.text);
      expect(confirmation.attachments.map((f) => f.contentType)).toEqual(['text/calendar']);
      const confirmedIcs = confirmation.attachments[0]!.content.toString();
      expect(confirmedIcs).toContain('DTSTART:20261201T140000Z');

      const moved = await api(mailed.app, 'POST', `/api/appointments/${id}/reschedule`, {
        ...withKey(confirmed),
        body: { startsAt: NINE_30 },
      });
      expect(moved.status).toBe(200);
      await mailed.app.container.mail.idle();
      const rescheduled = keyIn(smtp.messages[1]?.text);

      await api(mailed.app, 'POST', `/api/appointments/${id}/cancel`, withKey(key));
      await mailed.app.container.mail.idle();
      expect(smtp.messages).toHaveLength(3);
      const cancelIcs = smtp.messages[2]!.attachments[0]!.content.toString();
      expect(cancelIcs).toContain('METHOD:CANCEL');
      const cancelled = keyIn(cancelIcs.replace(/\r\n[ \t]/g, ''));

      // A key per link: the answer's, and one per e-mail; every one of them still opens it.
      const keys = [key, confirmed, rescheduled, cancelled];
      expect(new Set(keys).size).toBe(4);
      for (const k of keys) expect(await opens(k)).toBe('cancelled');
      expect(await opens(newSecret())).toBeUndefined();
      // Only their hashes are stored.
      const dump = await databaseText(mailed.db);
      for (const k of keys) expect(dump).not.toContain(k);
      const hashes = await mailed.db.db
        .selectFrom('appointment_keys')
        .select('key_hash')
        .where('appointment_id', '=', id)
        .execute();
      expect(hashes.map((h) => h.key_hash).sort()).toEqual(keys.map(hashSecret).sort());
    } finally {
      await mailed.close();
      await smtp.close();
    }
  });

  it('refuses bad bookings with a 400 and stores nothing', async () => {
    for (const body of [
      { ...booking(), consent: false },
      { ...booking(), phone: 'llámame' },
      { ...booking(), startsAt: 'martes' },
      { ...booking(), subject: 'tattoo' },
    ]) {
      const res = await api(t.app, 'POST', '/api/appointments', { body });
      expect(res.status).toBe(400);
    }
    const rows = await t.db.db.selectFrom('appointments').select('id').execute();
    expect(rows).toEqual([]);
  });

  // ---------------------------------------------------------------- at the booked time

  /** The clock at `iso`, everyone who was online still online then. */
  const at = async (iso: string) => {
    t.clock.set(iso);
    await refreshPresence(t.db.db, t.clock.now());
  };
  // The admin takes no calls in these tests: only the stylists are rung.
  beforeEach(async () => {
    await markOffline(t.db.db, admin.id);
  });
  const enter = (id: string, key: string) =>
    api<RequestedCall>(t.app, 'POST', `/api/appointments/${id}/enter`, withKey(key));
  const callRow = (callId: string) =>
    t.db.db
      .selectFrom('calls')
      .select(['advisor_id', 'status', 'appointment_id'])
      .where('id', '=', callId)
      .executeTakeFirstOrThrow();
  const statusOf = async (id: string, key: string) =>
    (await api<Appointment>(t.app, 'GET', `/api/appointments/${id}`, withKey(key))).body.data
      ?.status;

  it('lets her enter from 5 minutes before until 10 after, ringing her stylist first', async () => {
    // Bea has never had a call: a walk-in would go to her before Eva.
    const bea = await insertAdvisor(t.db.db, { name: 'Bea', now: t.clock.now() });
    await t.db.db
      .updateTable('advisors')
      .set({ last_call_ended_at: NOW })
      .where('id', '=', eva.id)
      .execute();
    const { appointment, key } = (await book({ advisorId: eva.id })).body.data!;
    const id = appointment.appointmentId;

    await at('2026-12-01T13:54:00.000Z');
    const early = await enter(id, key);
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({
      code: 'APPOINTMENT_NOT_OPEN',
      details: { joinFrom: '2026-12-01T13:55:00.000Z' },
    });
    expect((await enter(id, 'wrong')).status).toBe(404);

    await at('2026-12-01T13:56:00.000Z');
    const entered = await enter(id, key);
    expect(entered.status).toBe(201);
    const call = entered.body.data!;
    expect(call).toMatchObject({ status: 'pending', advisorId: eva.id });
    expect(call.clientKey).toEqual(expect.stringMatching(/^[\w-]{40,}$/));
    expect(await callRow(call.callId)).toMatchObject({ advisor_id: eva.id, appointment_id: id });
    expect(await statusOf(id, key)).toBe('attended');
    const staff = await api<StaffAppointment[]>(t.app, 'GET', '/api/appointments', {
      token: eva.token,
    });
    expect(staff.body.data?.[0]).toMatchObject({ status: 'attended', callId: call.callId });
    // Once in, the booking opens no second call.
    expect((await enter(id, key)).body.error?.code).toBe('APPOINTMENT_CLOSED');
    // The walk-in after her goes to Bea as usual.
    const walkIn = await requestCall(t.app, { name: 'Sin cita', phone: '+51 944 444 444' });
    expect(walkIn.advisorId).toBe(bea.id);
  });

  it('hands her call to the normal routing when her stylist declines', async () => {
    const bea = await insertAdvisor(t.db.db, { name: 'Bea', now: t.clock.now() });
    const { appointment, key } = (await book({ advisorId: eva.id })).body.data!;
    await at('2026-12-01T14:01:00.000Z');
    const call = (await enter(appointment.appointmentId, key)).body.data!;
    expect(call.advisorId).toBe(eva.id);
    const declined = await api(t.app, 'POST', `/api/calls/${call.callId}/decline`, {
      token: eva.token,
      body: {},
    });
    expect(declined.status).toBe(200);
    expect((await callRow(call.callId)).advisor_id).toBe(bea.id);
  });

  it('keeps the booked stylist from walk-in calls around the booked time, until a no-show frees her', async () => {
    const bea = await insertAdvisor(t.db.db, { name: 'Bea', now: t.clock.now() });
    const { appointment, key } = (await book({ advisorId: eva.id })).body.data!;
    // Eva has been idle longest: outside her booking's window a walk-in goes to her.
    await t.db.db
      .updateTable('advisors')
      .set({ last_call_ended_at: '2026-11-30T10:00:00.000Z' })
      .where('id', '=', eva.id)
      .execute();
    await t.db.db
      .updateTable('advisors')
      .set({ last_call_ended_at: NOW })
      .where('id', '=', bea.id)
      .execute();
    await at('2026-12-01T13:40:00.000Z');
    const before = await requestCall(t.app, { name: 'Antes', phone: '+51 911 111 111' });
    expect(before.advisorId).toBe(eva.id);
    await api(t.app, 'POST', `/api/calls/${before.callId}/cancel`, {
      clientKey: before.clientKey,
      body: {},
    });

    await at('2026-12-01T13:57:00.000Z');
    const walkIn = await requestCall(t.app, { name: 'Sin cita', phone: '+51 922 222 222' });
    expect(walkIn.advisorId).toBe(bea.id);
    await api(t.app, 'POST', `/api/calls/${walkIn.callId}/cancel`, {
      clientKey: walkIn.clientKey,
      body: {},
    });
    // With Bea gone, the walk-in waits rather than take Eva from her visitor.
    await markOffline(t.db.db, bea.id);
    const waiting = await requestCall(t.app, { name: 'Espera', phone: '+51 933 333 333' });
    expect(waiting).toMatchObject({ status: 'pending', advisorId: null });

    // 10 minutes after the start she has not come: no-show, and Eva takes the waiting call.
    await at('2026-12-01T14:10:30.000Z');
    t.notifier.clear();
    expect(await t.app.container.appointments.markNoShows()).toBe(1);
    expect(await statusOf(appointment.appointmentId, key)).toBe('no_show');
    expect(t.notifier.of('appointment:changed', `advisor:${eva.id}`)).toHaveLength(1);
    expect(await t.app.container.appointments.markNoShows()).toBe(0);
    await t.app.container.calls.drainQueue(t.clock.now());
    expect((await callRow(waiting.callId)).advisor_id).toBe(eva.id);
    expect((await enter(appointment.appointmentId, key)).body.error?.code).toBe(
      'APPOINTMENT_CLOSED',
    );
  });
});

describe.each(await dialects())('booking caps (%s)', (dialect) => {
  const NEXT_NINE_30 = '2026-12-08T14:30:00.000Z';
  let t: TestApp;

  beforeEach(async () => {
    t = await createCallsTestApp(dialect, {
      config: {
        bookingOpenLimit: 2,
        bookingOpenAddressLimit: 3,
        bookingChangesDailyLimit: 2,
        trustProxy: 1,
      },
    });
    t.clock.set(NOW);
    // Three stylists: three places in each of the four slots of the next two Tuesdays.
    for (const name of ['Eva', 'Bea', 'Cris'])
      await insertAdvisor(t.db.db, { name, workingHours: tuesdayMorning, now: t.clock.now() });
  });
  afterEach(async () => {
    await t.close();
  });

  let n = 0;
  /** A booking from `address`; a fresh phone and e-mail unless given. */
  const book = (startsAt: string, who: { phone?: string; email?: string; address?: string }) => {
    n += 1;
    return api<BookAppointmentResponse>(t.app, 'POST', '/api/appointments', {
      body: {
        startsAt,
        subject: 'hair_care',
        name: 'Lucía Reserva',
        phone: who.phone ?? `+51 955 000 ${String(n).padStart(3, '0')}`,
        email: who.email ?? `visitante${n}@example.test`,
        consent: true,
      },
      headers: { 'x-forwarded-for': who.address ?? `203.0.113.${n}` },
    });
  };
  const refusedWith = (
    res: { status: number; body: { error?: { code: string; details?: unknown } } },
    max: number,
  ) => {
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'BOOKING_LIMIT', details: { max } });
  };

  it('per phone (however typed), per e-mail and per address; a cancelled one frees its place', async () => {
    const phone = '+51 911 222 333';
    const first = await book(NINE, { phone });
    expect(first.status).toBe(201);
    expect((await book(NINE, { phone: '(+51) 911-222-333' })).status).toBe(201);
    // A place is left at nine: the refusal is the cap, not the slot.
    refusedWith(await book(NINE, { phone: '51911222333' }), 2);

    const email = 'Ana@Example.test';
    expect((await book(NINE_30, { email })).status).toBe(201);
    expect((await book(NINE_30, { email: 'ana@example.test' })).status).toBe(201);
    refusedWith(await book(NINE_30, { email }), 2);

    const address = '198.51.100.40';
    for (const at of [NINE, NEXT_NINE, NEXT_NINE])
      expect((await book(at, { address })).status).toBe(201);
    refusedWith(await book(NEXT_NINE, { address }), 3);

    // She cancels one of hers: her phone may book again.
    const { appointment, key } = first.body.data!;
    await api(t.app, 'POST', `/api/appointments/${appointment.appointmentId}/cancel`, {
      headers: { [APPOINTMENT_KEY_HEADER]: key },
    });
    expect((await book(NEXT_NINE, { phone })).status).toBe(201);
    const stored = await t.db.db
      .selectFrom('appointments')
      .select('id')
      .where('status', '=', 'booked')
      .execute();
    expect(stored).toHaveLength(7);
  });

  it('lets her move one booking so many times a day, then says why', async () => {
    const { appointment, key } = (await book(NINE, {})).body.data!;
    const move = (startsAt: string) =>
      api<Appointment>(t.app, 'POST', `/api/appointments/${appointment.appointmentId}/reschedule`, {
        body: { startsAt },
        headers: { [APPOINTMENT_KEY_HEADER]: key },
      });
    // Not on the grid: refused as unavailable, and it does not count.
    expect((await move('2026-12-01T14:10:00.000Z')).body.error?.code).toBe('SLOT_UNAVAILABLE');
    expect((await move(NINE_30)).status).toBe(200);
    expect((await move(NEXT_NINE)).status).toBe(200);
    const third = await move(NEXT_NINE_30);
    expect(third.status).toBe(409);
    expect(third.body.error).toMatchObject({ code: 'BOOKING_CHANGE_LIMIT', details: { max: 2 } });
    const kept = await api<Appointment>(
      t.app,
      'GET',
      `/api/appointments/${appointment.appointmentId}`,
      {
        headers: { [APPOINTMENT_KEY_HEADER]: key },
      },
    );
    expect(kept.body.data?.startsAt).toBe(NEXT_NINE);
  });

  it('lets 10 racing bookings with one phone end in exactly as many as the cap', async () => {
    const phone = '+51 933 444 555';
    const results = await Promise.all(
      Array.from({ length: 10 }, () => book(NEXT_NINE_30, { phone })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 201)) refusedWith(r, 2);
    const stored = await t.db.db
      .selectFrom('appointments')
      .select('id')
      .where('client_phone_digits', '=', '51933444555')
      .execute();
    expect(stored).toHaveLength(2);
  });
});
