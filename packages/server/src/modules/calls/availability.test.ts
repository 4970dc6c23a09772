/**
 * What the landing is told (GET /api/availability): 'closed' only outside working hours, open with
 * nobody free told apart from closed, and who counts as a stylist at all: an admin takes
 * consultations and bookings only while the landing shows her.
 */
import type { Availability, BookAppointmentResponse, SlotsResponse } from '@belleza/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  activeCallRow,
  api,
  createCallsTestApp,
  insertAdvisor,
  refreshPresence,
  requestBody,
  requestCall,
} from '../../test/fixtures.js';
import { dialects, type TestApp } from '../../test/helpers.js';

// The test clock starts on Friday 2026-11-20 15:00Z = 10:00 in Lima; the default hours are
// Monday to Friday 09:00–17:00.
const MONDAY_OPENING = '2026-11-23T14:00:00.000Z';

describe.each(await dialects())('availability and who takes consultations (%s)', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createCallsTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const advisor = (opts: Parameters<typeof insertAdvisor>[1] = {}) =>
    insertAdvisor(t.db.db, { now: t.clock.now(), ...opts });
  const availability = async () =>
    (await api<Availability>(t.app, 'GET', '/api/availability')).data;
  const at = async (iso: string) => {
    t.clock.set(iso);
    await refreshPresence(t.db.db, t.clock.now());
  };

  it('inside working hours with nobody connected: not open, but within hours', async () => {
    await advisor({ online: false });
    await at('2026-11-20T16:00:00.000Z'); // Friday 11:00 Lima
    expect(await availability()).toMatchObject({
      open: false,
      withinHours: true,
      availableAdvisors: 0,
    });
  });

  it('inside working hours with everyone connected but busy: not open, within hours', async () => {
    await advisor({ status: 'busy' });
    await at('2026-11-20T16:00:00.000Z');
    expect(await availability()).toMatchObject({ open: false, withinHours: true });
  });

  it('inside working hours with her one place taken by a call: open, nobody free, a wait', async () => {
    const ana = await advisor({ maxConcurrentCalls: 1 });
    await t.db.db
      .insertInto('calls')
      .values({ ...activeCallRow('call_full', t.clock.now().toISOString()), advisor_id: ana.id })
      .execute();
    const a = await availability();
    expect(a).toMatchObject({ open: true, withinHours: true, availableAdvisors: 0 });
    expect(a.estimatedWaitTime).toBeGreaterThan(0);
  });

  it('after hours: closed, and the next opening is the next start of someone’s hours', async () => {
    await advisor({ online: false });
    await at('2026-11-20T23:00:00.000Z'); // Friday 18:00 Lima
    expect(await availability()).toMatchObject({
      open: false,
      withinHours: false,
      nextOpening: MONDAY_OPENING,
    });
  });

  it('an admin the landing does not show is neither rung nor counted, until the landing shows her', async () => {
    const owner = await advisor({ name: 'Admin', isAdmin: true });
    // Her default hours make no opening: she is not a stylist.
    expect(await availability()).toMatchObject({
      open: false,
      withinHours: false,
      nextOpening: null,
    });
    const refused = await api(t.app, 'POST', '/api/calls/request', { body: requestBody() });
    expect(refused.body.error?.code).toBe('NO_ADVISORS_AVAILABLE');

    await t.db.db
      .updateTable('advisors')
      .set({ show_on_landing: 1 })
      .where('id', '=', owner.id)
      .execute();
    expect(await availability()).toMatchObject({ open: true, withinHours: true });
    expect((await requestCall(t.app)).advisorId).toBe(owner.id);
  });

  it('a booking for any stylist never lands on an admin the landing does not show', async () => {
    await advisor({ name: 'Admin', isAdmin: true });
    const slotsOf = async () =>
      (await api<SlotsResponse>(t.app, 'GET', '/api/appointments/slots?days=3')).data;
    // Only the admin works: nothing to book.
    expect((await slotsOf()).slots).toEqual([]);

    const eva = await advisor({ name: 'Eva Estilista', online: false });
    const slots = await slotsOf();
    expect(slots.slots.length).toBeGreaterThan(0);
    const booked = await api<BookAppointmentResponse>(t.app, 'POST', '/api/appointments', {
      body: {
        startsAt: slots.slots[0]!.startsAt,
        name: 'Rosa',
        phone: '+51 987 654 321',
        consent: true,
      },
    });
    expect(booked.status).toBe(201);
    expect(booked.data.appointment.advisor.advisorId).toBe(eva.id);
  });
});
