/**
 * The reports' booking figures: bookings count in the Lima month they start in, by status, per
 * month, over the window and per booked advisor; and the segment cache keeps them as fresh as the
 * call figures.
 */
import { reportFiguresSchema, type ReportFigures } from '@belleza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentsTable } from '../../db/schema.js';
import { ManualClock } from '../../lib/clock.js';
import { insertAppointment } from '../../test/fixtures.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import { insertAdvisor } from './reports.fixtures.js';
import { fingerprints } from './reports.repository.js';
import { createReportsService, limaMonthStartUtc } from './reports.service.js';

// Lima 2026-11-20 10:00; the six-month window is Lima June..November 2026.
const NOW = '2026-11-20T15:00:00.000Z';

type Status = AppointmentsTable['status'];

/**
 * The bookings. Expected figures below are worked out by hand from this list.
 *
 *  id   starts (UTC)             Lima month  status     advisor
 *  b0   2026-06-01T04:59:00Z     May (out)   attended   A
 *  b1   2026-10-01T04:59:00Z     Sep         attended   A     (Lima Sep 30, 23:59)
 *  b2   2026-10-01T05:00:00Z     Oct         no_show    A     (Lima Oct 1, 00:00)
 *  b3   2026-09-10T15:00:00Z     Sep         cancelled  B
 *  b4   2026-09-12T15:00:00Z     Sep         no_show    B
 *  b5   2026-10-15T15:00:00Z     Oct         attended   B
 *  b6   2026-10-20T15:00:00Z     Oct         attended   D (deleted)
 *  b7   2026-10-25T15:00:00Z     Oct         booked     B     (past, not yet marked)
 *  b8   2026-11-05T15:00:00Z     Nov         attended   C
 *  b9   2026-11-19T15:00:00Z     Nov         booked     C     (yesterday, not yet marked)
 *  b10  2026-11-20T16:00:00Z     Nov         booked     A     (later today)
 *  b11  2026-11-25T15:00:00Z     Nov         cancelled  A     (later this month)
 *  b12  2026-11-28T15:00:00Z     Nov         booked     B     (later this month)
 *  b13  2026-12-01T04:59:00Z     Nov         booked     C     (Lima Nov 30, 23:59)
 *  b14  2026-12-01T05:00:00Z     Dec (out)   booked     A     (Lima Dec 1, 00:00)
 */
async function seedBookings(db: TestDatabase) {
  const A = await insertAdvisor(db.db, { name: 'Ana Admin', is_admin: 1 });
  const B = await insertAdvisor(db.db, { name: 'Beatriz Bravo' });
  const C = await insertAdvisor(db.db, { name: 'Carla Cruz' });
  const D = await insertAdvisor(db.db, {
    name: 'Dora Deleted',
    deleted_at: '2026-11-01T00:00:00.000Z',
  });
  const book = async (advisorId: string, startsAt: string, status: Status) =>
    (await insertAppointment(db.db, { advisorId, startsAt, status })).id;
  const ids = {
    b0: await book(A, '2026-06-01T04:59:00.000Z', 'attended'),
    b1: await book(A, '2026-10-01T04:59:00.000Z', 'attended'),
    b2: await book(A, '2026-10-01T05:00:00.000Z', 'no_show'),
    b3: await book(B, '2026-09-10T15:00:00.000Z', 'cancelled'),
    b4: await book(B, '2026-09-12T15:00:00.000Z', 'no_show'),
    b5: await book(B, '2026-10-15T15:00:00.000Z', 'attended'),
    b6: await book(D, '2026-10-20T15:00:00.000Z', 'attended'),
    b7: await book(B, '2026-10-25T15:00:00.000Z', 'booked'),
    b8: await book(C, '2026-11-05T15:00:00.000Z', 'attended'),
    b9: await book(C, '2026-11-19T15:00:00.000Z', 'booked'),
    b10: await book(A, '2026-11-20T16:00:00.000Z', 'booked'),
    b11: await book(A, '2026-11-25T15:00:00.000Z', 'cancelled'),
    b12: await book(B, '2026-11-28T15:00:00.000Z', 'booked'),
    b13: await book(C, '2026-12-01T04:59:00.000Z', 'booked'),
    b14: await book(A, '2026-12-01T05:00:00.000Z', 'booked'),
  };
  // A service in the salon booked from a plan is not a consultation: counted in none of these.
  const service = await book(B, '2026-10-16T15:00:00.000Z', 'attended');
  await db.db
    .updateTable('appointments')
    .set({ kind: 'service', service_id: 'svc_1', service_name: 'Color', service_minutes: 45 })
    .where('id', '=', service)
    .execute();
  return { A, B, C, D, ...ids };
}

type MonthBookings = Pick<
  ReportFigures['months'][number],
  | 'month'
  | 'appointmentsBooked'
  | 'appointmentsAttended'
  | 'appointmentsNoShow'
  | 'appointmentsCancelled'
>;
const bookingsOf = (report: ReportFigures): MonthBookings[] =>
  report.months.map((m) => ({
    month: m.month,
    appointmentsBooked: m.appointmentsBooked,
    appointmentsAttended: m.appointmentsAttended,
    appointmentsNoShow: m.appointmentsNoShow,
    appointmentsCancelled: m.appointmentsCancelled,
  }));
const month = (
  key: string,
  booked: number,
  attended: number,
  noShow: number,
  cancelled: number,
) => ({
  month: key,
  appointmentsBooked: booked,
  appointmentsAttended: attended,
  appointmentsNoShow: noShow,
  appointmentsCancelled: cancelled,
});
const perAdvisor = (report: ReportFigures) =>
  report.advisors.map((a) => [a.name, a.appointmentsAttended, a.appointmentsNoShow]);

async function freshDatabase(dialect: Awaited<ReturnType<typeof dialects>>[number]) {
  const db = await createTestDatabase(dialect);
  const { migrateToLatest } = await import('../../db/kysely.js');
  await migrateToLatest(db.db, db.schema);
  return db;
}

describe.each(await dialects())('reports booking figures on %s', (dialect) => {
  let db: TestDatabase;
  let report: ReportFigures;
  const clock = new ManualClock(NOW);

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    await seedBookings(db);
    report = await createReportsService({ db: db.db, dialect, clock }).getReport(6);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('answers in the contract shape', () => {
    expect(reportFiguresSchema.parse(report)).toEqual(report);
  });

  it('counts each booking in the Lima month it starts in, by status', () => {
    expect(bookingsOf(report)).toEqual([
      month('2026-06', 0, 0, 0, 0), // b0 starts on Lima May 31st
      month('2026-07', 0, 0, 0, 0),
      month('2026-08', 0, 0, 0, 0),
      // b1 (Lima Sep 30 23:59) attended, b4 no-show; b3 cancelled is not booked
      month('2026-09', 2, 1, 1, 1),
      // b2 (Lima Oct 1 00:00) no-show, b5 and b6 attended, b7 still booked
      month('2026-10', 4, 2, 1, 0),
      // b8 attended; b9, b10, b12 and b13 (Lima Nov 30 23:59) booked, later days included;
      // b11 cancelled; b14 (Lima Dec 1) is not November's
      month('2026-11', 5, 1, 0, 1),
    ]);
  });

  it('totals the window with the attendance rate over attended and no-show bookings', () => {
    expect(report.appointments).toEqual({
      booked: 11,
      attended: 4,
      noShow: 2,
      cancelled: 2,
      attendanceRate: 66.67,
    });
    // bookings are no calls
    expect(report.totalCalls).toBe(0);
  });

  it('credits attended and no-show bookings to the booked advisor, in the window only', () => {
    // b0 (Ana, attended) is before the window; Dora (deleted) has no row
    expect(perAdvisor(report).sort()).toEqual([
      ['Ana Admin', 1, 1],
      ['Beatriz Bravo', 1, 1],
      ['Carla Cruz', 1, 0],
    ]);
  });

  it('narrows the figures to a one-month window', async () => {
    const one = await createReportsService({ db: db.db, dialect, clock }).getReport(1);
    expect(bookingsOf(one)).toEqual([month('2026-11', 5, 1, 0, 1)]);
    expect(one.appointments).toEqual({
      booked: 5,
      attended: 1,
      noShow: 0,
      cancelled: 1,
      attendanceRate: 100,
    });
    expect(perAdvisor(one).sort()).toEqual([
      ['Ana Admin', 0, 0],
      ['Beatriz Bravo', 0, 0],
      ['Carla Cruz', 1, 0],
    ]);
  });

  it('counts the next month from its first Lima minute once the clock gets there', async () => {
    const dec = await createReportsService({
      db: db.db,
      dialect,
      clock: new ManualClock(limaMonthStartUtc('2026-12')),
    }).getReport(2);
    expect(bookingsOf(dec)).toEqual([month('2026-11', 5, 1, 0, 1), month('2026-12', 1, 0, 0, 0)]);
  });
});

describe.each(await dialects())('reports booking figures cached on %s', (dialect) => {
  let db: TestDatabase;
  let ids: Awaited<ReturnType<typeof seedBookings>>;
  const clock = new ManualClock(NOW);
  let service: ReturnType<typeof createReportsService>;

  const setStatus = (id: string, status: Status) =>
    db.db
      .updateTable('appointments')
      .set({ status, updated_at: clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
  const november = (r: ReportFigures) => bookingsOf(r).find((m) => m.month === '2026-11');
  const october = (r: ReportFigures) => bookingsOf(r).find((m) => m.month === '2026-10');

  beforeAll(async () => {
    db = await freshDatabase(dialect);
    ids = await seedBookings(db);
    service = createReportsService({ db: db.db, dialect, clock });
    await service.getReport();
  });
  afterAll(async () => {
    await service.settled();
    await db.drop();
  });

  it('shows bookings of today and later this month at once (never cached)', async () => {
    await setStatus(ids.b10, 'cancelled'); // later today
    await insertAppointment(db.db, { advisorId: ids.A, startsAt: '2026-11-29T15:00:00.000Z' });
    const report = await service.getReport();
    expect(november(report)).toEqual(month('2026-11', 5, 1, 0, 2));
    await setStatus(ids.b12, 'attended'); // made real by hand: only the live read sees it
    expect(november(await service.getReport())).toEqual(month('2026-11', 5, 2, 0, 2));
  });

  it('picks up a status change before today at the next check, a minute later, like calls', async () => {
    await setStatus(ids.b9, 'no_show'); // yesterday: the current month's cached days
    await setStatus(ids.b7, 'no_show'); // October: a finished month
    const before = await service.getReport();
    expect(november(before)).toEqual(month('2026-11', 5, 2, 0, 2));
    expect(october(before)).toEqual(month('2026-10', 4, 2, 1, 0));
    clock.advance(60_000);
    // the request that finds the re-check due is answered from the cache and starts it behind
    expect(october(await service.getReport())).toEqual(month('2026-10', 4, 2, 1, 0));
    await service.settled();
    const after = await service.getReport();
    expect(november(after)).toEqual(month('2026-11', 5, 2, 1, 2));
    expect(october(after)).toEqual(month('2026-10', 4, 2, 2, 0));
    expect(after.appointments).toMatchObject({ noShow: 4, attended: 5, attendanceRate: 55.56 });
    expect(perAdvisor(after).sort()).toEqual([
      ['Ana Admin', 1, 1],
      ['Beatriz Bravo', 2, 2],
      ['Carla Cruz', 1, 1],
    ]);
  });

  it('moves today into the cached history when the Lima day changes', async () => {
    clock.set('2026-11-21T05:00:00.000Z'); // Lima midnight: b10's day is now history
    const report = await service.getReport();
    expect(november(report)).toEqual(month('2026-11', 5, 2, 1, 2));
  });

  it('fingerprints a range anew when a booking in it changes status or advisor', async () => {
    const october2026 = { start: limaMonthStartUtc('2026-10'), end: limaMonthStartUtc('2026-11') };
    const [first] = await fingerprints(db.db, [october2026]);
    // a status change alone, updated_at untouched
    await db.db
      .updateTable('appointments')
      .set({ status: 'attended' })
      .where('id', '=', ids.b2)
      .execute();
    const [afterStatus] = await fingerprints(db.db, [october2026]);
    expect(afterStatus).not.toBe(first);
    // a reassignment keeps every count: its updated_at shows it
    clock.advance(1000);
    await db.db
      .updateTable('appointments')
      .set({ advisor_id: ids.C, updated_at: clock.now().toISOString() })
      .where('id', '=', ids.b5)
      .execute();
    const [afterAdvisor] = await fingerprints(db.db, [october2026]);
    expect(afterAdvisor).not.toBe(afterStatus);
  });
});
