/**
 * Migration 021 on both databases: the keys kept in clear before it (a booking's manage key, a
 * summary's key) become their SHA-256 in `appointment_keys` and `summary_keys`, the clear columns
 * go and nothing else of the two tables changes (rows, the one-booking-per-slot index), the keys
 * go with their booking or summary, the links sent before the upgrade still open the same booking
 * and summary through the app (a wrong key still does not), and the migration goes down and up.
 */
import { createHash } from 'node:crypto';
import { APPOINTMENT_KEY_HEADER, SUMMARY_KEY_HEADER } from '@belleza/contract';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock.js';
import { newSecret } from '../../lib/ids.js';
import { migrateToLatest } from '../kysely.js';
import type { AppointmentsTable, CallSummariesTable, Database } from '../schema.js';
import {
  activeCallRow,
  api,
  databaseText,
  insertAdvisor,
  type TestAdvisor,
} from '../../test/fixtures.js';
import {
  createTestApp,
  createTestDatabase,
  dialects,
  type TestDatabase,
} from '../../test/helpers.js';
import { down, up } from './2026-12-01-021-hashed-link-keys.js';
import * as serviceBookings from './2026-12-06-030-service-bookings.js';
import * as deskBookings from './2026-12-08-035-desk-bookings.js';
import * as serviceOutcomes from './2026-12-08-034-service-outcomes.js';

const BOOKED_AT = '2026-11-25T10:00:00.000Z';
const ENDED_AT = '2026-11-26T15:20:00.000Z';
const NOW = '2026-11-28T12:00:00.000Z';

const sha256 = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * A booking as the table stood at 021 (before the columns of in-salon services, 030, and of the
 * reception desk, 035).
 */
type BookingAt021 = Omit<
  AppointmentsTable,
  | 'kind'
  | 'service_id'
  | 'service_name'
  | 'service_minutes'
  | 'service_price_cents'
  | 'plan_call_id'
  | 'booked_by_id'
  | 'booked_by_name'
  | 'verbal_consent'
  | 'outcome_price_cents'
  | 'outcome_at'
  | 'outcome_by'
>;

/** The database at 021 itself (bookings without the later columns). */
type At021 = Kysely<Omit<Database, 'appointments'> & { appointments: BookingAt021 }>;

/** The database as it was before 021: the keys in clear on the rows. */
type Before021 = Kysely<
  Omit<Database, 'appointments' | 'call_summaries'> & {
    appointments: BookingAt021 & { access_key: string };
    call_summaries: CallSummariesTable & { access_key: string };
  }
>;

describe.each(await dialects())('migration 021: link keys kept as hashes (%s)', (dialect) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  const booking = (
    id: string,
    advisorId: string,
    startsAt: string,
    over: Partial<BookingAt021> = {},
  ): BookingAt021 & { access_key: string } => ({
    id,
    advisor_id: advisorId,
    status: 'booked',
    starts_at: startsAt,
    ends_at: new Date(Date.parse(startsAt) + 20 * 60_000).toISOString(),
    held_until: new Date(Date.parse(startsAt) + 25 * 60_000).toISOString(),
    subject: 'hair_care',
    client_name: 'Lucía Reserva',
    client_phone: '+51 900 000 000',
    client_phone_digits: '51900000000',
    client_address_hash: 'a'.repeat(64),
    client_email: 'lucia@example.pe',
    message: 'Puntas abiertas',
    language: 'es',
    time_zone: 'Europe/Madrid',
    access_key: newSecret(),
    call_id: null,
    cancelled_by: null,
    created_at: BOOKED_AT,
    updated_at: BOOKED_AT,
    reminded_day_at: null,
    reminded_hour_at: null,
    ...over,
  });

  async function columnsOf(t: TestDatabase, table: string): Promise<string[]> {
    // (PostgreSQL lists every schema's tables: only this test's own count.)
    const tables = (await t.db.introspection.getTables()).filter(
      (x) => x.schema === t.schema && x.name === table,
    );
    return tables[0]?.columns.map((c) => c.name).sort() ?? [];
  }

  /**
   * A migrated database back at 020 (but for the later migrations that do not touch what 021
   * does: 035's, 034's and 030's columns of the bookings go first, so 021 rebuilds the table as it stood
   * then), an advisor and a completed call in it.
   */
  async function before021(): Promise<{ t: TestDatabase; eva: TestAdvisor; callId: string }> {
    const t = await createTestDatabase(dialect, { unmigrated: true });
    await migrateToLatest(t.db, t.schema);
    const eva = await insertAdvisor(t.db, { name: 'Eva', now: new Date(BOOKED_AT) });
    const callId = 'call_before_021';
    await t.db
      .insertInto('calls')
      .values({
        ...activeCallRow(callId, '2026-11-26T15:00:00.000Z'),
        advisor_id: eva.id,
        status: 'completed',
        ended_at: ENDED_AT,
        duration_seconds: 1200,
      })
      .execute();
    await deskBookings.down(t.db as never);
    await serviceOutcomes.down(t.db as never);
    await serviceBookings.down(t.db as never);
    await down(t.db as never);
    return { t, eva, callId };
  }

  it('hashes the keys in clear into the key tables, drops the clear columns, keeps every row and index', async () => {
    const { t, eva, callId } = await before021();
    db = t;
    const old = t.db as unknown as Before021;
    const held = booking('apt_held', eva.id, '2026-12-01T15:00:00.000Z');
    const cancelled = booking('apt_cancelled', eva.id, '2026-12-02T15:00:00.000Z', {
      status: 'cancelled',
      cancelled_by: 'client',
      created_at: '2026-11-24T09:00:00.000Z',
    });
    await old.insertInto('appointments').values([held, cancelled]).execute();
    const summaryKey = newSecret();
    await old
      .insertInto('call_summaries')
      .values({
        call_id: callId,
        access_key: summaryKey,
        recommendations: 'Aceite de argán',
        items: '[]',
        updated_at: ENDED_AT,
        updated_by: eva.id,
        emailed_at: ENDED_AT,
      })
      .execute();
    const strip = <R extends { access_key: string }>({ access_key: _, ...rest }: R) => rest;
    const rowsBefore = {
      appointments: (await old.selectFrom('appointments').selectAll().orderBy('id').execute()).map(
        strip,
      ),
      summaries: (await old.selectFrom('call_summaries').selectAll().execute()).map(strip),
    };

    await up(t.db as never);

    expect(await columnsOf(t, 'appointments')).not.toContain('access_key');
    expect(await columnsOf(t, 'call_summaries')).not.toContain('access_key');
    expect(await t.db.selectFrom('appointments').selectAll().orderBy('id').execute()).toEqual(
      rowsBefore.appointments,
    );
    expect(await t.db.selectFrom('call_summaries').selectAll().execute()).toEqual(
      rowsBefore.summaries,
    );
    expect(
      await t.db.selectFrom('appointment_keys').selectAll().orderBy('appointment_id').execute(),
    ).toEqual([
      {
        key_hash: sha256(cancelled.access_key),
        appointment_id: cancelled.id,
        created_at: cancelled.created_at,
      },
      { key_hash: sha256(held.access_key), appointment_id: held.id, created_at: held.created_at },
    ]);
    expect(await t.db.selectFrom('summary_keys').select(['key_hash', 'call_id']).execute()).toEqual(
      [{ key_hash: sha256(summaryKey), call_id: callId }],
    );
    const dump = await databaseText(t);
    for (const key of [held.access_key, cancelled.access_key, summaryKey])
      expect(dump).not.toContain(key);

    // Still one held booking per advisor and start.
    await expect(
      (t.db as unknown as At021)
        .insertInto('appointments')
        .values({ ...strip(held), id: 'apt_twin' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate|constraint/i);
    // A key belongs to a booking that exists, and goes with it.
    await expect(
      t.db
        .insertInto('appointment_keys')
        .values({ key_hash: sha256('x'), appointment_id: 'apt_nobody', created_at: NOW })
        .execute(),
    ).rejects.toThrow(/foreign key/i);
    await t.db.deleteFrom('appointments').where('id', '=', cancelled.id).execute();
    expect(
      (await t.db.selectFrom('appointment_keys').select('appointment_id').execute()).map(
        (r) => r.appointment_id,
      ),
    ).toEqual([held.id]);
    await t.db.deleteFrom('call_summaries').execute();
    expect(await t.db.selectFrom('summary_keys').selectAll().execute()).toEqual([]);
  });

  it('lets the links sent before the upgrade open the same booking and summary, and nothing else', async () => {
    const { t, eva, callId } = await before021();
    db = t;
    const old = t.db as unknown as Before021;
    const held = booking('apt_held', eva.id, '2026-12-01T15:00:00.000Z');
    const other = booking('apt_other', eva.id, '2026-12-03T15:00:00.000Z');
    await old.insertInto('appointments').values([held, other]).execute();
    const summaryKey = newSecret();
    await old
      .insertInto('call_summaries')
      .values({
        call_id: callId,
        access_key: summaryKey,
        recommendations: 'Aceite de argán',
        items: '[]',
        updated_at: ENDED_AT,
        updated_by: eva.id,
        emailed_at: ENDED_AT,
      })
      .execute();
    await up(t.db as never);
    await serviceBookings.up(t.db as never);
    await serviceOutcomes.up(t.db as never);
    await deskBookings.up(t.db as never);

    const clock = new ManualClock();
    clock.set(NOW);
    const app = await createTestApp({ db: t, clock });
    try {
      const manage = (id: string, key: string) =>
        api<{ appointmentId: string; status: string }>(app.app, 'GET', `/api/appointments/${id}`, {
          headers: { [APPOINTMENT_KEY_HEADER]: key },
        });
      const opened = await manage(held.id, held.access_key);
      expect(opened.status).toBe(200);
      expect(opened.body.data).toMatchObject({ appointmentId: held.id, status: 'booked' });
      for (const [id, key] of [
        [held.id, other.access_key],
        [held.id, newSecret()],
        [held.id, sha256(held.access_key)],
      ] as const) {
        const refused = await manage(id, key);
        expect([refused.status, refused.body.error?.code]).toEqual([404, 'APPOINTMENT_NOT_FOUND']);
      }
      const summary = (key: string) =>
        api<{ callId: string; recommendations: { text: string } }>(
          app.app,
          'GET',
          `/api/summaries/${callId}`,
          { headers: { [SUMMARY_KEY_HEADER]: key } },
        );
      const shown = await summary(summaryKey);
      expect(shown.status).toBe(200);
      expect(shown.body.data).toMatchObject({
        callId,
        recommendations: { text: 'Aceite de argán' },
      });
      for (const wrong of [newSecret(), sha256(summaryKey)])
        expect((await summary(wrong)).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('goes down to fresh keys in clear (the old links stop) and up again to their hashes', async () => {
    const { t, eva } = await before021();
    db = t;
    await up(t.db as never);
    await (t.db as unknown as At021)
      .insertInto('appointments')
      .values(
        ((): BookingAt021 => {
          const { access_key: _, ...row } = booking('apt_1', eva.id, '2026-12-01T15:00:00.000Z');
          return row;
        })(),
      )
      .execute();
    await down(t.db as never);
    const old = t.db as unknown as Before021;
    const [row] = await old.selectFrom('appointments').select(['id', 'access_key']).execute();
    expect(row?.access_key).toMatch(/^[\w-]{43}$/);
    // Unique again, as before 021.
    await expect(
      old
        .insertInto('appointments')
        .values({
          ...booking('apt_2', eva.id, '2026-12-02T15:00:00.000Z'),
          access_key: row!.access_key,
        })
        .execute(),
    ).rejects.toThrow(/unique|duplicate|constraint/i);
    await up(t.db as never);
    expect(await t.db.selectFrom('appointment_keys').select('key_hash').execute()).toEqual([
      { key_hash: sha256(row!.access_key) },
    ]);
  });
});
