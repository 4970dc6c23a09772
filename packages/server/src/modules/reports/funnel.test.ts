/**
 * The reports' funnel on a known data set, on both databases: consultations → plans → service
 * bookings → attended → revenue per Lima month of the consultation and per stylist who answered
 * it, with the rates, the consultation hours and revenue per hour; the CSV of it; who may read it.
 */
import { funnelDataSchema, type FunnelData, type FunnelSteps } from '@belleza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentsTable } from '../../db/schema.js';
import { ManualClock } from '../../lib/clock.js';
import { insertAppointment } from '../../test/fixtures.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import {
  adminUser,
  advisorUser,
  buildRoutesHarness,
  insertAdvisor,
  insertCall,
} from './reports.fixtures.js';
import { createReportsService } from './reports.service.js';

// Lima 2026-11-20 10:00; the three-month window is Lima September..November 2026.
const NOW = '2026-11-20T15:00:00.000Z';

/**
 * The data set; every expected figure below is worked out by hand from it.
 *
 *  call  requested (UTC)         Lima month  stylist  state            call time  plan
 *  c1    2026-10-01T04:59:00Z    Sep         A        completed        1800 s     yes
 *  c2    2026-10-01T05:00:00Z    Oct         A        completed        3600 s     yes
 *  c3    2026-10-10T15:00:00Z    Oct         A        completed        1800 s     no
 *  c4    2026-10-12T15:00:00Z    Oct         B        completed        1200 s     yes
 *  c5    2026-10-13T15:00:00Z    Oct         B        never answered   -          (not counted)
 *  c6    2026-11-02T15:00:00Z    Nov         B        completed        2400 s     yes
 *  c7    2026-06-10T15:00:00Z    Jun (out)   A        completed        600 s      yes
 *  c8    2026-10-14T15:00:00Z    Oct         A        active (answered) -         no
 *
 *  booking  from  done by  status     final price
 *  p1       c1    A        attended   150.00
 *  p2       c2    B        attended    80.50   (counts for A, who gave the plan)
 *  p3       c2    A        no_show
 *  p4       c4    B        cancelled
 *  p5       c4    B        booked (still to come)
 *  p6       c6    B        attended   200.00
 *  p7       c7    A        attended   999.00   (consultation out of the window)
 *  p8       -     B        attended    50.00   (a service not booked from a plan)
 *  and one video consultation booking, which is not a service.
 */
async function seed(db: TestDatabase) {
  const A = await insertAdvisor(db.db, { name: 'Ana Alva' });
  const B = await insertAdvisor(db.db, { name: 'Beatriz Bravo' });
  const call = (advisorId: string, requestedAt: string, seconds: number | null, plan: boolean) =>
    insertCall(db.db, {
      requested_at: requestedAt,
      status: seconds === null ? 'active' : 'completed',
      advisor_id: advisorId,
      answerAfter: 10,
      duration_seconds: seconds,
      plan_at: plan ? requestedAt : null,
    });
  const c1 = await call(A, '2026-10-01T04:59:00.000Z', 1800, true);
  const c2 = await call(A, '2026-10-01T05:00:00.000Z', 3600, true);
  await call(A, '2026-10-10T15:00:00.000Z', 1800, false);
  const c4 = await call(B, '2026-10-12T15:00:00.000Z', 1200, true);
  await insertCall(db.db, {
    requested_at: '2026-10-13T15:00:00.000Z',
    status: 'cancelled',
    advisor_id: B,
    plan_at: null,
  });
  const c6 = await call(B, '2026-11-02T15:00:00.000Z', 2400, true);
  const c7 = await call(A, '2026-06-10T15:00:00.000Z', 600, true);
  await call(A, '2026-10-14T15:00:00.000Z', null, false);

  let slot = 0;
  const booking = async (
    advisorId: string,
    planCallId: string | null,
    status: AppointmentsTable['status'],
    cents: number | null = null,
  ) => {
    slot += 1;
    const { id } = await insertAppointment(db.db, {
      advisorId,
      startsAt: new Date(Date.parse('2026-11-10T14:00:00.000Z') + slot * 3600_000).toISOString(),
      status,
      service: { priceCents: 10000, planCallId },
    });
    await db.db
      .updateTable('appointments')
      .set({ outcome_price_cents: cents, outcome_at: cents === null ? null : NOW })
      .where('id', '=', id)
      .execute();
  };
  await booking(A, c1, 'attended', 15000);
  await booking(B, c2, 'attended', 8050);
  await booking(A, c2, 'no_show');
  await booking(B, c4, 'cancelled');
  await booking(B, c4, 'booked');
  await booking(B, c6, 'attended', 20000);
  await booking(A, c7, 'attended', 99900);
  await booking(B, null, 'attended', 5000);
  await insertAppointment(db.db, {
    advisorId: A,
    startsAt: '2026-10-20T15:00:00.000Z',
    status: 'attended',
  });
  return { A, B };
}

const steps = (
  consultations: number,
  plans: number,
  bookings: number,
  attended: number,
  notDone: number,
  revenue: number,
  hours: number,
  rates: [number, number, number],
  revenuePerHour: number,
): FunnelSteps => ({
  consultations,
  plans,
  bookings,
  attended,
  notDone,
  revenue,
  consultationHours: hours,
  planRate: rates[0],
  bookingRate: rates[1],
  attendanceRate: rates[2],
  revenuePerHour,
});

async function freshDatabase(dialect: Awaited<ReturnType<typeof dialects>>[number]) {
  const db = await createTestDatabase(dialect);
  const { migrateToLatest } = await import('../../db/kysely.js');
  await migrateToLatest(db.db, db.schema);
  return db;
}

describe.each(await dialects())('reports funnel on %s', (dialect) => {
  let db: TestDatabase;
  let funnel: FunnelData;
  let ids: { A: string; B: string };
  let app: Awaited<ReturnType<typeof buildRoutesHarness>>;

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    ids = await seed(db);
    const clock = new ManualClock(NOW);
    funnel = await createReportsService({ db: db.db, dialect, clock }).getFunnel(3);
    app = await buildRoutesHarness({
      db: db.db,
      dialect,
      clock,
      users: { admin: adminUser, advisor: advisorUser },
    });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('answers in the contract shape, every month of the window', () => {
    expect(funnelDataSchema.parse(funnel)).toEqual(funnel);
    expect(funnel.months.map((m) => m.month)).toEqual(['2026-09', '2026-10', '2026-11']);
  });

  it('counts each step per Lima month of the consultation, all stylists together', () => {
    const [sep, oct, nov] = funnel.months;
    // c1 (Lima Sep 30, 23:59) and its attended booking.
    expect(sep).toMatchObject(steps(1, 1, 1, 1, 0, 150, 0.5, [100, 100, 100], 300));
    // c2, c3, c8 of A and c4 of B; c5 was never answered. 6600 s of calls.
    expect(oct).toMatchObject(steps(4, 2, 4, 1, 2, 80.5, 1.83, [50, 200, 25], 43.91));
    expect(nov).toMatchObject(steps(1, 1, 1, 1, 0, 200, 0.67, [100, 100, 100], 300));
  });

  it("splits each month by the stylist who answered, the booking's stylist aside", () => {
    const oct = funnel.months[1]!;
    expect(oct.advisors).toEqual([
      {
        advisorId: ids.A,
        name: 'Ana Alva',
        ...steps(3, 1, 2, 1, 1, 80.5, 1.5, [33.33, 200, 50], 53.67),
      },
      {
        advisorId: ids.B,
        name: 'Beatriz Bravo',
        ...steps(1, 1, 2, 0, 1, 0, 0.33, [100, 200, 0], 0),
      },
    ]);
    expect(funnel.months[0]!.advisors.map((a) => a.name)).toEqual(['Ana Alva']);
  });

  it('adds up the window per stylist and in total, leaving out what is outside it', () => {
    expect(funnel.advisors).toEqual([
      {
        advisorId: ids.A,
        name: 'Ana Alva',
        ...steps(4, 2, 3, 2, 1, 230.5, 2, [50, 150, 66.67], 115.25),
      },
      {
        advisorId: ids.B,
        name: 'Beatriz Bravo',
        ...steps(2, 2, 3, 1, 1, 200, 1, [100, 150, 33.33], 200),
      },
    ]);
    // Neither c7's booking (June) nor the booking not made from a plan: 430.50 in all.
    expect(funnel.total).toEqual(steps(6, 4, 6, 3, 2, 430.5, 3, [66.67, 150, 50], 143.5));
  });

  it('exports it as CSV, column names in the language asked for', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/reports/funnel.csv?months=3',
      headers: { authorization: 'Bearer admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="embudo.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'Mes,Estilista,Consultas,Planes entregados,% con plan,Servicios reservados,% reservado,Realizados,% realizado,No realizados,Ingresos,Horas de consulta,Ingresos por hora de consulta',
      '2026-09,Todas,1,1,100,1,100,1,100,0,150.00,0.5,300.00',
      '2026-09,Ana Alva,1,1,100,1,100,1,100,0,150.00,0.5,300.00',
      '2026-10,Todas,4,2,50,4,200,1,25,2,80.50,1.83,43.91',
      '2026-10,Ana Alva,3,1,33.33,2,200,1,50,1,80.50,1.5,53.67',
      '2026-10,Beatriz Bravo,1,1,100,2,200,0,0,1,0.00,0.33,0.00',
      '2026-11,Todas,1,1,100,1,100,1,100,0,200.00,0.67,300.00',
      '2026-11,Beatriz Bravo,1,1,100,1,100,1,100,0,200.00,0.67,300.00',
      '',
    ]);
    const en = await app.inject({
      method: 'GET',
      url: '/api/reports/funnel.csv?months=1&language=en',
      headers: { authorization: 'Bearer admin' },
    });
    expect(
      en.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 2),
    ).toEqual([
      'Month,Stylist,Consultations,Plans given,% with plan,Services booked,% booked,Attended,% attended,Not done,Revenue,Consultation hours,Revenue per consultation hour',
      '2026-11,All,1,1,100,1,100,1,100,0,200.00,0.67,300.00',
    ]);
  });

  it('is for admins only, and refuses a bad window', async () => {
    for (const url of ['/api/reports/funnel', '/api/reports/funnel.csv']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const plain = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer advisor' },
      });
      expect(plain.statusCode).toBe(403);
      for (const q of ['months=0', 'months=25', 'months=x', 'language=fr']) {
        const bad = await app.inject({
          method: 'GET',
          url: `${url}?${q}`,
          headers: { authorization: 'Bearer admin' },
        });
        expect(bad.statusCode, `${url}?${q}`).toBe(400);
      }
    }
    const ok = await app.inject({
      method: 'GET',
      url: '/api/reports/funnel?months=3',
      headers: { authorization: 'Bearer admin' },
    });
    expect(ok.json()).toEqual({ success: true, data: funnel });
  });
});
