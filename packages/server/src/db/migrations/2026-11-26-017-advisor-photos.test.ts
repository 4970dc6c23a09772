/**
 * Migration 017 on both databases: `advisor_photos.data` is a binary column (BLOB on SQLite, bytea
 * on PostgreSQL) that gives back every byte it was given, an advisor has one row per size and
 * format, a removed advisor row takes her photos with it, and the migration goes down and up again.
 */
import { defaultWorkingHours } from '@belleza/contract';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../kysely.js';
import type { AdvisorPhotosTable } from '../schema.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import { down, up } from './2026-11-26-017-advisor-photos.js';

const NOW = '2026-11-27T10:00:00.000Z';

describe.each(await dialects())('migration 017: advisor photos (%s)', (dialect) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  async function insertAdvisor(t: TestDatabase, id: string): Promise<void> {
    await t.db
      .insertInto('advisors')
      .values({
        id,
        name: 'Lucía',
        email: `${id}@salon.test`,
        password_hash: 'x',
        status: 'offline',
        status_reason: null,
        is_admin: 0,
        show_on_landing: 1,
        title: '',
        phone: '',
        bio: '',
        timezone: 'America/Lima',
        expertise: '[]',
        auto_accept_calls: 0,
        max_concurrent_calls: 1,
        working_hours: JSON.stringify(defaultWorkingHours),
        missed_offers_in_row: 0,
        last_call_ended_at: null,
        created_at: NOW,
        updated_at: NOW,
        deleted_at: null,
      })
      .execute();
  }

  const rendition = (size: number, data: Buffer): AdvisorPhotosTable => ({
    advisor_id: 'adv_1',
    size,
    format: 'webp',
    version: 'v1',
    content_type: 'image/webp',
    size_bytes: data.length,
    data,
    created_at: NOW,
  });

  async function dataType(t: TestDatabase): Promise<string | undefined> {
    if (dialect === 'sqlite') {
      const rows = await sql<{
        name: string;
        type: string;
      }>`pragma table_info(advisor_photos)`.execute(t.db);
      return rows.rows.find((r) => r.name === 'data')?.type.toLowerCase();
    }
    const rows = await sql<{ data_type: string }>`
      select data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'advisor_photos' and column_name = 'data'`.execute(
      t.db,
    );
    return rows.rows[0]?.data_type;
  }

  it('keeps every byte of a rendition, one per size and format, goes with its advisor, and goes down and up', async () => {
    db = await createTestDatabase(dialect, { unmigrated: true });
    await migrateToLatest(db.db, db.schema);
    expect(await dataType(db)).toBe(dialect === 'sqlite' ? 'blob' : 'bytea');

    await insertAdvisor(db, 'adv_1');
    // Every byte value, NUL and invalid UTF-8 included, twice over.
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    await db.db.insertInto('advisor_photos').values(rendition(96, bytes)).execute();
    await db.db
      .insertInto('advisor_photos')
      .values(rendition(192, Buffer.from([1, 2, 3])))
      .execute();
    const stored = await db.db
      .selectFrom('advisor_photos')
      .select('data')
      .where('size', '=', 96)
      .executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(stored.data)).toBe(true);
    expect(stored.data.equals(bytes)).toBe(true);
    // The same size and format twice for one advisor: refused.
    await expect(
      db.db.insertInto('advisor_photos').values(rendition(96, bytes)).execute(),
    ).rejects.toThrow(/unique|duplicate|constraint/i);
    // Nobody's photo: refused.
    await expect(
      db.db
        .insertInto('advisor_photos')
        .values({ ...rendition(384, bytes), advisor_id: 'adv_nobody' })
        .execute(),
    ).rejects.toThrow(/foreign key/i);

    await db.db.deleteFrom('advisors').where('id', '=', 'adv_1').execute();
    expect(await db.db.selectFrom('advisor_photos').select('size').execute()).toEqual([]);

    await down(db.db as never);
    // (PostgreSQL lists every schema's tables: only this test's own count.)
    const schema = db.schema;
    const tables = (await db.db.introspection.getTables()).filter((t) => t.schema === schema);
    expect(tables.map((t) => t.name)).not.toContain('advisor_photos');
    await up(db.db as never);
    expect(await dataType(db)).toBe(dialect === 'sqlite' ? 'blob' : 'bytea');
  });
});
