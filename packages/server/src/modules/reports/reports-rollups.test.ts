/**
 * The report's rollups: a process that starts answers its first report from the figures another
 * process kept, while the rows they came from are unchanged, and never from figures whose rows
 * changed since; the returning-clients count (history kept, today added phone by phone) is the
 * one a single query over the whole window gives.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import { insertAdvisor, insertCall, insertOffer } from './reports.fixtures.js';
import { createClientCounter } from './reports-clients.js';
import { clientAggregate } from './reports.repository.js';
import { createReportsService } from './reports.service.js';

// Lima 2026-11-20 10:00; the window is Lima June..November, today starts at 2026-11-20T05:00Z.
const NOW = '2026-11-20T15:00:00.000Z';
const WINDOW = { start: '2026-06-01T05:00:00.000Z', end: '2026-12-01T05:00:00.000Z' };
const HISTORY = { start: WINDOW.start, end: '2026-11-20T05:00:00.000Z' };
const phone = (digits: string) => ({ client_phone: `+${digits}`, client_phone_normalized: digits });

describe.each(await dialects())('report rollups on %s', (dialect) => {
  let db: TestDatabase;
  const clock = new ManualClock(NOW);
  const newProcess = () => createReportsService({ db: db.db, dialect, clock });

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    const { migrateToLatest } = await import('../../db/kysely.js');
    await migrateToLatest(db.db, db.schema);
    const A = await insertAdvisor(db.db, { name: 'Ana', status: 'available' });
    const B = await insertAdvisor(db.db, { name: 'Bea', status: 'offline' });
    const done = (advisor: string, rating: number) => ({
      status: 'completed' as const,
      advisor_id: advisor,
      answerAfter: 20,
      duration_seconds: 600,
      rating,
      ended_by: 'advisor' as const,
    });
    const calls: [string, ReturnType<typeof done>, string][] = [
      ['2026-07-10T15:00:00.000Z', done(A, 5), '51900000001'],
      ['2026-09-03T15:00:00.000Z', done(B, 3), '51900000002'],
      ['2026-10-12T15:00:00.000Z', done(A, 4), '51900000001'],
      ['2026-11-05T15:00:00.000Z', done(B, 2), '51900000003'],
      ['2026-11-20T14:00:00.000Z', done(A, 5), '51900000004'],
    ];
    for (const [requested_at, call, digits] of calls) {
      const id = await insertCall(db.db, { requested_at, ...call, ...phone(digits) });
      await insertOffer(db.db, {
        call_id: id,
        advisor_id: call.advisor_id,
        offered_at: requested_at,
        outcome: 'accepted',
      });
    }
  });
  afterAll(async () => {
    await db.drop();
  });

  it("keeps each finished stretch's figures and the history's clients as rollups", async () => {
    await newProcess().getReport();
    const keys = (await db.db.selectFrom('report_rollups').select('key').execute())
      .map((r) => r.key)
      .sort();
    expect(keys).toEqual([
      `clients:${HISTORY.start}/${HISTORY.end}`,
      'segment:2026-06',
      'segment:2026-07',
      'segment:2026-08',
      'segment:2026-09',
      'segment:2026-10',
      'segment:2026-11/2026-11-20',
    ]);
  });

  it('answers a new process with the same report, taken from the rollups', async () => {
    const first = await newProcess().getReport();
    expect(await newProcess().getReport()).toEqual(first);
    // Figures changed behind the rollup's back (never done by the app) show that the new process
    // read the rollup instead of the calls: September now holds 7 calls.
    const row = await db.db
      .selectFrom('report_rollups')
      .select(['figures'])
      .where('key', '=', 'segment:2026-09')
      .executeTakeFirstOrThrow();
    const figures = JSON.parse(row.figures) as { calls: { calls: number }[] };
    for (const c of figures.calls) c.calls = 7;
    await db.db
      .updateTable('report_rollups')
      .set({ figures: JSON.stringify(figures) })
      .where('key', '=', 'segment:2026-09')
      .execute();
    const fromRollup = await newProcess().getReport();
    expect(fromRollup.months.find((m) => m.month === '2026-09')?.calls).toBe(7);
    // …and a real change to September's rows makes every process read them again.
    await db.db
      .updateTable('calls')
      .set({ rating: 1, updated_at: NOW })
      .where('requested_at', '=', '2026-09-03T15:00:00.000Z')
      .execute();
    const reread = await newProcess().getReport();
    expect(reread.months.find((m) => m.month === '2026-09')).toMatchObject({
      calls: 1,
      satisfaction: 1,
    });
  });

  it('reads a finished month again when a call in it was added since', async () => {
    await newProcess().getReport();
    await insertCall(db.db, {
      requested_at: '2026-08-01T15:00:00.000Z',
      status: 'cancelled',
      reason: 'no_answer',
      ended_by: 'system',
      ...phone('51900000009'),
    });
    const report = await newProcess().getReport();
    expect(report.months.find((m) => m.month === '2026-08')).toMatchObject({
      calls: 1,
      missedCalls: 1,
    });
  });
});

describe.each(await dialects())(
  'returning clients, history kept and today added, on %s',
  (dialect) => {
    let db: TestDatabase;
    const clock = new ManualClock(NOW);
    const call = (requested_at: string, over: Record<string, string> = {}) =>
      insertCall(db.db, { requested_at, status: 'completed', ...over });
    const yesterday = '2026-11-19T15:00:00.000Z';
    const today = '2026-11-20T14:00:00.000Z';

    beforeAll(async () => {
      db = await createTestDatabase(dialect);
      const { migrateToLatest } = await import('../../db/kysely.js');
      await migrateToLatest(db.db, db.schema);
    });
    beforeEach(async () => {
      await db.db.deleteFrom('calls').execute();
      await db.db.deleteFrom('report_rollups').execute();
    });
    afterAll(async () => {
      await db.drop();
    });

    /** The counter's answer, from a fresh counter and from one that kept the history, vs one query. */
    async function expectExact() {
      const expected = await clientAggregate(db.db, WINDOW);
      const counter = createClientCounter({ db: db.db, clock });
      expect(await counter(WINDOW, HISTORY, 'print')).toEqual(expected);
      expect(await counter(WINDOW, HISTORY, 'print')).toEqual(expected);
      expect(await createClientCounter({ db: db.db, clock })(WINDOW, HISTORY, 'print')).toEqual(
        expected,
      );
      return expected;
    }

    it('counts a client of the history who calls again today as returning, once', async () => {
      await call(yesterday, phone('511'));
      await call(today, phone('511'));
      await call(today, phone('511'));
      expect(await expectExact()).toEqual({ clients: 1, returningClients: 1 });
    });

    it('counts a new client calling twice today as returning, and once today as new', async () => {
      await call(today, phone('522'));
      await call(today, phone('522'));
      await call(today, phone('533'));
      expect(await expectExact()).toEqual({ clients: 2, returningClients: 1 });
    });

    it('does not count twice a client already returning in the history', async () => {
      await call('2026-07-01T15:00:00.000Z', phone('544'));
      await call(yesterday, phone('544'));
      await call(today, phone('544'));
      await call(yesterday, phone('555'));
      expect(await expectExact()).toEqual({ clients: 2, returningClients: 1 });
    });

    it('ignores calls outside the window and counts e-mail-only callers exactly', async () => {
      await call('2026-05-20T15:00:00.000Z', phone('566'));
      await call(today, phone('566'));
      await call(yesterday, { client_email: 'Luz@Mail.pe' });
      await call(today, { client_email: 'luz@mail.pe' });
      expect(await expectExact()).toEqual({ clients: 2, returningClients: 1 });
    });

    it("uses the history's rollup only while its fingerprint holds", async () => {
      await call(yesterday, phone('577'));
      const counter = createClientCounter({ db: db.db, clock });
      expect(await counter(WINDOW, HISTORY, 'v1')).toEqual({ clients: 1, returningClients: 0 });
      await call(yesterday, phone('577'));
      // Same fingerprint (nothing the app would do): the kept count stands.
      expect(await counter(WINDOW, HISTORY, 'v1')).toEqual({ clients: 1, returningClients: 0 });
      // The history's fingerprint moved: counted again, here and in a new process.
      expect(await counter(WINDOW, HISTORY, 'v2')).toEqual({ clients: 1, returningClients: 1 });
      expect(await createClientCounter({ db: db.db, clock })(WINDOW, HISTORY, 'v2')).toEqual({
        clients: 1,
        returningClients: 1,
      });
    });
  },
);
