import {
  reportDataSchema,
  reportFiguresSchema,
  type ReportData,
  type ReportFigures,
} from '@belleza/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import {
  createTestApp,
  createTestDatabase,
  dialects,
  type TestApp,
  type TestDatabase,
} from '../../test/helpers.js';
import {
  adminUser,
  advisorUser,
  buildRoutesHarness,
  insertAdvisor,
  insertCall,
  insertOffer,
  insertSession,
  plus,
} from './reports.fixtures.js';
import { createReportsService, limaMonthKeys, limaMonthStartUtc } from './reports.service.js';

// Lima 2026-11-20 10:00; the six-month window is Lima June..November 2026,
// i.e. [2026-06-01T05:00Z, 2026-12-01T05:00Z).
const NOW = '2026-11-20T15:00:00.000Z';

/**
 * The fixture. Expected figures below are worked out by hand from this list.
 *
 *  id   requested (UTC)          Lima month  status     advisor  answer  dur(s) rating  client
 *  c0   2026-06-01T04:59:00Z     May (out)   completed  A        +5      600    1       933
 *  c1   2026-10-01T03:00:00Z     Sep         completed  A        +30     600    5       911
 *  c2   2026-09-15T15:00:00Z     Sep         completed  B        +60     1200   4       922
 *  c3   2026-09-20T15:00:00Z     Sep         cancelled no_answer (system)           933
 *  c4   2026-10-01T06:00:00Z     Oct         completed  A        +20     900    -       911
 *  c5   2026-10-10T15:00:00Z     Oct         cancelled by client, never answered    944
 *  c6   2026-10-12T15:00:00Z     Oct         cancelled by admin                     X@Mail.com
 *  c7   2026-10-31T16:00:00Z     Oct         completed  D(del)   +40     300    3       x@mail.com
 *  c8   2026-11-01T04:59:59Z     Oct         completed  B        +10     1800   5       955
 *  c9   2026-11-01T05:00:00Z     Nov         active     B        +50     -      -       922
 *  c10  2026-11-20T14:59:00Z     Nov         pending    (A)      -       -      -       966
 *  c11  2026-11-19T15:00:00Z     Nov         completed  B        +30     450    4       977
 */
async function seedFixture(db: TestDatabase) {
  const A = await insertAdvisor(db.db, { name: 'Ana Admin', is_admin: 1, status: 'available' });
  const B = await insertAdvisor(db.db, { name: 'Beatriz Bravo', status: 'busy' });
  const C = await insertAdvisor(db.db, { name: 'Carla Cruz', status: 'offline' });
  const D = await insertAdvisor(db.db, {
    name: 'Dora Deleted',
    deleted_at: '2026-11-01T00:00:00.000Z',
  });
  const phone = (p: string) => ({ client_phone: `+51 ${p}`, client_phone_normalized: `51${p}` });
  const done = (advisor: string, duration: number, rating: number | null) => ({
    status: 'completed' as const,
    advisor_id: advisor,
    duration_seconds: duration,
    rating,
    ended_by: 'advisor' as const,
  });

  const c0 = await insertCall(db.db, {
    requested_at: '2026-06-01T04:59:00.000Z',
    answerAfter: 5,
    ...done(A, 600, 1),
    ...phone('933333333'),
  });
  const c1 = await insertCall(db.db, {
    requested_at: '2026-10-01T03:00:00.000Z',
    answerAfter: 30,
    ...done(A, 600, 5),
    ...phone('911111111'),
  });
  const c2 = await insertCall(db.db, {
    requested_at: '2026-09-15T15:00:00.000Z',
    answerAfter: 60,
    ...done(B, 1200, 4),
    ...phone('922222222'),
  });
  const c3 = await insertCall(db.db, {
    requested_at: '2026-09-20T15:00:00.000Z',
    status: 'cancelled',
    reason: 'no_answer',
    ended_by: 'system',
    ...phone('933333333'),
  });
  const c4 = await insertCall(db.db, {
    requested_at: '2026-10-01T06:00:00.000Z',
    answerAfter: 20,
    ...done(A, 900, null),
    ...phone('911111111'),
  });
  const c5 = await insertCall(db.db, {
    requested_at: '2026-10-10T15:00:00.000Z',
    status: 'cancelled',
    advisor_id: B,
    reason: 'Cancelled by user',
    ended_by: 'client',
    ...phone('944444444'),
  });
  await insertCall(db.db, {
    requested_at: '2026-10-12T15:00:00.000Z',
    status: 'cancelled',
    reason: 'Cancelada por administrador',
    ended_by: 'admin',
    client_email: 'X@Mail.com',
  });
  const c7 = await insertCall(db.db, {
    requested_at: '2026-10-31T16:00:00.000Z',
    answerAfter: 40,
    ...done(D, 300, 3),
    client_email: 'x@mail.com',
  });
  const c8 = await insertCall(db.db, {
    requested_at: '2026-11-01T04:59:59.000Z',
    answerAfter: 10,
    ...done(B, 1800, 5),
    ...phone('955555555'),
  });
  const c9 = await insertCall(db.db, {
    requested_at: '2026-11-01T05:00:00.000Z',
    status: 'active',
    advisor_id: B,
    answerAfter: 50,
    ...phone('922222222'),
  });
  const c10 = await insertCall(db.db, {
    requested_at: '2026-11-20T14:59:00.000Z',
    status: 'pending',
    advisor_id: A,
    ...phone('966666666'),
  });
  const c11 = await insertCall(db.db, {
    requested_at: '2026-11-19T15:00:00.000Z',
    answerAfter: 30,
    ...done(B, 450, 4),
    ...phone('977777777'),
  });

  // Offer outcomes (offered 5 s after the request unless said otherwise).
  const offer = (
    call: string,
    requested: string,
    advisor: string,
    outcome: 'accepted' | 'declined' | 'timeout' | 'withdrawn' | 'pending',
    after = 5,
  ) =>
    insertOffer(db.db, {
      call_id: call,
      advisor_id: advisor,
      offered_at: plus(requested, after),
      outcome,
    });
  await offer(c0, '2026-06-01T04:59:00.000Z', A, 'accepted', 1); // offered 04:59:01Z: before the window
  await offer(c1, '2026-10-01T03:00:00.000Z', B, 'declined');
  await offer(c1, '2026-10-01T03:00:00.000Z', A, 'accepted', 20);
  await offer(c2, '2026-09-15T15:00:00.000Z', B, 'accepted');
  await offer(c3, '2026-09-20T15:00:00.000Z', A, 'timeout');
  await offer(c3, '2026-09-20T15:00:00.000Z', B, 'timeout', 40);
  await offer(c4, '2026-10-01T06:00:00.000Z', C, 'timeout', 1);
  await offer(c4, '2026-10-01T06:00:00.000Z', A, 'accepted', 15);
  await offer(c5, '2026-10-10T15:00:00.000Z', B, 'withdrawn');
  await offer(c7, '2026-10-31T16:00:00.000Z', D, 'accepted');
  await offer(c8, '2026-11-01T04:59:59.000Z', A, 'declined', 1);
  await offer(c8, '2026-11-01T04:59:59.000Z', B, 'accepted', 5);
  await offer(c9, '2026-11-01T05:00:00.000Z', B, 'accepted');
  await offer(c10, '2026-11-20T14:59:00.000Z', A, 'pending');
  await offer(c11, '2026-11-19T15:00:00.000Z', B, 'accepted');
  return { A, B, C, D };
}

/** This file's fixture has no bookings (reports-appointments.test.ts has). */
const noBookings = {
  appointmentsBooked: 0,
  appointmentsAttended: 0,
  appointmentsNoShow: 0,
  appointmentsCancelled: 0,
};
const noAdvisorBookings = { appointmentsAttended: 0, appointmentsNoShow: 0 };

const emptyMonth = (month: string) => ({
  month,
  calls: 0,
  completedCalls: 0,
  satisfaction: null,
  duration: 0,
  missedCalls: 0,
  abandonedCalls: 0,
  averageTimeToAnswer: 0,
  answerRate: 0,
  ...noBookings,
});

describe('Lima month helpers', () => {
  it('lists the last N Lima months, the current one last, across a year boundary', () => {
    expect(limaMonthKeys(new Date('2026-02-01T04:00:00.000Z'), 3)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
    expect(limaMonthKeys(new Date('2026-02-01T05:00:00.000Z'), 3)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });
  it('starts a Lima month at 05:00 UTC', () => {
    expect(limaMonthStartUtc('2026-10')).toBe('2026-10-01T05:00:00.000Z');
  });
});

describe.each(await dialects())('reports service on %s', (dialect) => {
  let db: TestDatabase;
  let ids: Awaited<ReturnType<typeof seedFixture>>;
  let report: ReportFigures;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const { migrateToLatest } = await import('../../db/kysely.js');
    await migrateToLatest(db.db, db.schema);
    ids = await seedFixture(db);
    report = await createReportsService({ db: db.db, dialect, clock }).getReport(6);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('answers in the contract shape', () => {
    expect(reportFiguresSchema.parse(report)).toEqual(report);
  });

  it('buckets by Lima month, keeps empty months, and matches the hand-computed month rows', () => {
    expect(report.months).toEqual([
      emptyMonth('2026-06'),
      emptyMonth('2026-07'),
      emptyMonth('2026-08'),
      {
        month: '2026-09',
        calls: 3,
        completedCalls: 2,
        satisfaction: 4.5,
        duration: 30,
        missedCalls: 1,
        abandonedCalls: 0,
        averageTimeToAnswer: 45,
        answerRate: 66.67,
        ...noBookings,
      },
      {
        month: '2026-10',
        calls: 5,
        completedCalls: 3,
        satisfaction: 4,
        duration: 50,
        missedCalls: 0,
        abandonedCalls: 1,
        averageTimeToAnswer: 23.33,
        answerRate: 60,
        ...noBookings,
      },
      {
        month: '2026-11',
        calls: 3,
        completedCalls: 1,
        satisfaction: 4,
        duration: 7.5,
        missedCalls: 0,
        abandonedCalls: 0,
        averageTimeToAnswer: 40,
        // the pending call has no outcome yet: 2 answered of 2 decided
        answerRate: 100,
        ...noBookings,
      },
    ]);
  });

  it('computes the window totals', () => {
    expect(report).toMatchObject({
      totalCalls: 11,
      // Like with like: Nov 1–20 (3 calls) against Oct 1–20 (3 calls), not all of October (5).
      monthlyGrowth: 0,
      avgSessionTime: 14.58,
      completionRate: 54.55,
      customerSatisfaction: 4.2,
      averageRating: 4.2,
      totalAdvisors: 3,
      topAdvisor: 'Beatriz Bravo',
    });
  });

  it('computes the detail figures, returning clients by phone or lower-cased email', () => {
    expect(report.detail).toEqual({
      connectionRate: 72.73,
      totalDuration: 87.5,
      returningClientsRate: 37.5,
      averageTimeToAnswer: 34.29,
      answerRate: 70,
      missedCalls: 1,
      abandonedCalls: 1,
    });
  });

  it('lists live advisors by answered calls with their offer outcomes', () => {
    expect(report.advisors).toEqual([
      {
        advisorId: ids.B,
        email: `${ids.B}@example.test`,
        name: 'Beatriz Bravo',
        isAdmin: false,
        calls: 4,
        completedCalls: 3,
        rating: 4.3,
        averageDuration: 19.17,
        status: 'busy',
        averageTimeToAnswer: 37.5,
        answerRate: 66.67,
        missedOffers: 1,
        ...noAdvisorBookings,
      },
      {
        advisorId: ids.A,
        email: `${ids.A}@example.test`,
        name: 'Ana Admin',
        isAdmin: true,
        calls: 2,
        completedCalls: 2,
        rating: 5,
        averageDuration: 12.5,
        status: 'available',
        averageTimeToAnswer: 25,
        answerRate: 50,
        missedOffers: 1,
        ...noAdvisorBookings,
      },
      {
        advisorId: ids.C,
        email: `${ids.C}@example.test`,
        name: 'Carla Cruz',
        isAdmin: false,
        calls: 0,
        completedCalls: 0,
        rating: 0,
        averageDuration: 0,
        status: 'offline',
        averageTimeToAnswer: 0,
        answerRate: 0,
        missedOffers: 1,
        ...noAdvisorBookings,
      },
    ]);
  });

  it('narrows to one month but still compares with the month before', async () => {
    const one = await createReportsService({ db: db.db, dialect, clock }).getReport(1);
    expect(one.months.map((m) => m.month)).toEqual(['2026-11']);
    expect(one).toMatchObject({
      totalCalls: 3,
      // Like with like: Nov 1–20 (3 calls) against Oct 1–20 (3 calls), not all of October (5).
      monthlyGrowth: 0,
      completionRate: 33.33,
      topAdvisor: 'Beatriz Bravo',
    });
    // only c9 and c11 are answered in November, both by Beatriz; c10's offer to Ana is still pending
    expect(one.advisors.map((a) => [a.name, a.calls, a.answerRate])).toEqual([
      ['Beatriz Bravo', 2, 100],
      ['Ana Admin', 0, 0],
      ['Carla Cruz', 0, 0],
    ]);
    // 922 called in September and November: only November is in this window, so nobody returns
    expect(one.detail.returningClientsRate).toBe(0);
  });

  it('moves the window with the clock', async () => {
    const later = new ManualClock('2026-12-01T05:00:00.000Z'); // Lima December 1st, 00:00
    const dec = await createReportsService({ db: db.db, dialect, clock: later }).getReport(2);
    expect(dec.months.map((m) => [m.month, m.calls])).toEqual([
      ['2026-11', 3],
      ['2026-12', 0],
    ]);
    // December 1st, 00:00: nothing so far, and nothing in the same (empty) stretch of November.
    expect(dec.monthlyGrowth).toBe(0);
  });
});

describe.each(await dialects())('reports service caching on %s', (dialect) => {
  let db: TestDatabase;
  let ids: Awaited<ReturnType<typeof seedFixture>>;
  const clock = new ManualClock(NOW);
  let service: ReturnType<typeof createReportsService>;

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const { migrateToLatest } = await import('../../db/kysely.js');
    await migrateToLatest(db.db, db.schema);
    ids = await seedFixture(db);
    service = createReportsService({ db: db.db, dialect, clock });
    await service.getReport();
  });
  afterAll(async () => {
    await db.drop();
  });

  it('shows a change in the current month at once', async () => {
    await insertCall(db.db, {
      requested_at: '2026-11-20T14:00:00.000Z',
      status: 'completed',
      advisor_id: ids.A,
      answerAfter: 10,
      duration_seconds: 120,
      rating: 1,
      client_phone_normalized: '51911111111', // a September/October client, now returning a third time
    });
    await insertAdvisor(db.db, { name: 'Nueva' });
    const report = await service.getReport();
    expect(report.totalCalls).toBe(12);
    expect(report.months[5]).toMatchObject({
      month: '2026-11',
      calls: 4,
      completedCalls: 2,
      satisfaction: 2.5,
    });
    expect(report.advisors.find((a) => a.name === 'Ana Admin')?.calls).toBe(3);
    expect(report.totalAdvisors).toBe(4);
    // the returning share is recomputed at most once a minute (911 already counted as returning)
    expect(report.detail.returningClientsRate).toBe(37.5);
  });

  it('picks up a late change to a finished month at the next check, a minute later', async () => {
    await db.db
      .updateTable('calls')
      .set({
        rating: 1,
        rated_at: '2026-11-20T15:00:00.000Z',
        updated_at: '2026-11-20T15:00:00.000Z',
      })
      .where('requested_at', '=', '2026-10-01T06:00:00.000Z')
      .execute();
    await insertCall(db.db, {
      requested_at: '2026-11-20T14:10:00.000Z',
      status: 'cancelled',
      reason: 'no_answer',
      ended_by: 'system',
      client_phone_normalized: '51988888888',
    });
    const before = await service.getReport();
    expect(before.months[4]).toMatchObject({ month: '2026-10', satisfaction: 4 });
    clock.advance(60_000);
    // the request that finds the re-check due is answered from the cache and starts it behind
    const due = await service.getReport();
    expect(due.months[4]).toMatchObject({ month: '2026-10', satisfaction: 4 });
    await service.settled();
    const after = await service.getReport();
    // October's ratings are now 3, 5 and the late 1
    expect(after.months[4]).toMatchObject({ month: '2026-10', satisfaction: 3 });
    // 9 distinct clients (a new one came in November), 911, 922 and x@mail.com returning
    expect(after.detail.returningClientsRate).toBe(33.33);
  });

  it('moves today into the cached history when the Lima day changes', async () => {
    clock.set('2026-11-21T05:00:00.000Z'); // Lima midnight
    const report = await service.getReport();
    expect(report.totalCalls).toBe(13);
    expect(report.months[5]).toMatchObject({ month: '2026-11', calls: 5, missedCalls: 1 });
  });
});

describe.each(await dialects())('reports service edge cases on %s', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const { migrateToLatest } = await import('../../db/kysely.js');
    await migrateToLatest(db.db, db.schema);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('answers zeros, six empty months and no top advisor on an empty database', async () => {
    const report = await createReportsService({
      db: db.db,
      dialect,
      clock: new ManualClock(NOW),
    }).getReport();
    expect(report.months.map((m) => m.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(report.months.every((m) => m.calls === 0 && m.satisfaction === null)).toBe(true);
    expect(report).toMatchObject({
      totalCalls: 0,
      monthlyGrowth: 0,
      avgSessionTime: 0,
      completionRate: 0,
      averageRating: 0,
      totalAdvisors: 0,
      topAdvisor: null,
      advisors: [],
      detail: { connectionRate: 0, totalDuration: 0, returningClientsRate: 0, answerRate: 0 },
      // no bookings: an attendance rate of 0, not NaN
      appointments: { booked: 0, attended: 0, noShow: 0, cancelled: 0, attendanceRate: 0 },
    });
  });

  it('compares this month so far with the same days of the month before, cut at its end', async () => {
    const adv = await insertAdvisor(db.db, { name: 'Par' });
    const call = (requested_at: string) =>
      insertCall(db.db, {
        requested_at,
        status: 'completed',
        advisor_id: adv,
        duration_seconds: 60,
      });
    await call('2026-10-05T15:00:00.000Z'); // within Oct 1–24
    await call('2026-10-28T15:00:00.000Z'); // after the 24th: not compared
    await call('2026-11-03T15:00:00.000Z');
    await call('2026-11-10T15:00:00.000Z');
    const on = (at: string) =>
      createReportsService({ db: db.db, dialect, clock: new ManualClock(at) }).getReport();
    // Nov 24, 10:00 in Lima: 2 calls against 1 (Oct 1–24), not against all of October's 2.
    expect((await on('2026-11-24T15:00:00.000Z')).monthlyGrowth).toBe(100);
    // Dec 31: December's 0 against all of November (2), November being shorter.
    expect((await on('2026-12-31T15:00:00.000Z')).monthlyGrowth).toBe(-100);
    // The next cases start from an empty database.
    await db.db.deleteFrom('call_offers').execute();
    await db.db.deleteFrom('calls').execute();
    await db.db.deleteFrom('advisors').where('id', '=', adv).execute();
  });

  it('counts growth from an empty previous month as +100 %', async () => {
    const adv = await insertAdvisor(db.db, { name: 'Solo' });
    await insertCall(db.db, {
      requested_at: '2026-11-02T15:00:00.000Z',
      status: 'completed',
      advisor_id: adv,
      answerAfter: 12,
      duration_seconds: 61,
    });
    const report = await createReportsService({
      db: db.db,
      dialect,
      clock: new ManualClock(NOW),
    }).getReport();
    expect(report).toMatchObject({
      totalCalls: 1,
      monthlyGrowth: 100,
      avgSessionTime: 1.02,
      topAdvisor: 'Solo',
    });
    expect(report.advisors[0]).toMatchObject({
      averageTimeToAnswer: 12,
      answerRate: 0,
    });
    // No amount of money: the salon has entered no prices.
    expect(report.advisors[0]).not.toHaveProperty('revenue');
  });
});

describe.each(await dialects())(
  'GET /api/reports authorisation on %s (routes harness)',
  (dialect) => {
    let db: TestDatabase;
    let app: FastifyInstance;
    beforeAll(async () => {
      db = await createTestDatabase(dialect);
      const { migrateToLatest } = await import('../../db/kysely.js');
      await migrateToLatest(db.db, db.schema);
      app = await buildRoutesHarness({
        db: db.db,
        dialect,
        clock: new ManualClock(NOW),
        users: { admin: adminUser, advisor: advisorUser },
      });
    });
    afterAll(async () => {
      await app.close();
      await db.drop();
    });

    it('refuses anonymous with 401 and a non-admin with 403', async () => {
      const anon = await app.inject({ method: 'GET', url: '/api/reports' });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
      const plain = await app.inject({
        method: 'GET',
        url: '/api/reports',
        headers: { authorization: 'Bearer advisor' },
      });
      expect(plain.statusCode).toBe(403);
      expect(plain.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN' } });
    });

    it('answers an admin with the report, and validates months', async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/reports?months=3',
        headers: { authorization: 'Bearer admin' },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ success: true; data: ReportData }>();
      expect(body.success).toBe(true);
      expect(body.data.months.map((m) => m.month)).toEqual(['2026-09', '2026-10', '2026-11']);
      // No money in the report: the salon has entered no prices to build an amount from.
      expect(reportDataSchema.safeParse(body.data).success).toBe(true);
      expect(body.data).not.toHaveProperty('currency');
      for (const bad of ['0', '25', 'abc']) {
        const r = await app.inject({
          method: 'GET',
          url: `/api/reports?months=${bad}`,
          headers: { authorization: 'Bearer admin' },
        });
        expect(r.statusCode).toBe(400);
        expect(r.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
      }
    });
  },
);

describe.each(await dialects())('GET /api/reports through the full app on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    t.clock.set(NOW);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reports' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses a signed-in non-admin with 403 and answers an admin (sessions resolved by the auth module)', async () => {
    const admin = await insertAdvisor(t.db.db, { name: 'Root', is_admin: 1 });
    const plain = await insertAdvisor(t.db.db, { name: 'Plain' });
    const adminToken = await insertSession(t.db.db, admin, t.clock.now());
    const plainToken = await insertSession(t.db.db, plain, t.clock.now());
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/reports',
      headers: { authorization: `Bearer ${plainToken}` },
    });
    expect(forbidden.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: ReportData }>().data.totalAdvisors).toBe(2);
  });
});
