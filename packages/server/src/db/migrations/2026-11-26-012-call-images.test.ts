/**
 * Migration 012 on both databases: `call_images.data` is a binary column (BLOB on SQLite, bytea on
 * PostgreSQL) that gives back every byte it was given, a message names its photo, deleting the
 * call deletes its photos, and the migration goes down and up again.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../kysely.js';
import { activeCallRow } from '../../test/fixtures.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import { down, up } from './2026-11-26-012-call-images.js';

const NOW = '2026-11-26T10:00:00.000Z';

describe.each(await dialects())('migration 012: photos in the chat (%s)', (dialect) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  async function insertCall(t: TestDatabase, id: string): Promise<void> {
    await t.db.insertInto('calls').values(activeCallRow(id, NOW)).execute();
  }

  async function dataType(t: TestDatabase): Promise<string | undefined> {
    if (dialect === 'sqlite') {
      const rows = await sql<{
        name: string;
        type: string;
      }>`pragma table_info(call_images)`.execute(t.db);
      return rows.rows.find((r) => r.name === 'data')?.type.toLowerCase();
    }
    const rows = await sql<{ data_type: string }>`
      select data_type from information_schema.columns
      where table_schema = current_schema() and table_name = 'call_images' and column_name = 'data'`.execute(
      t.db,
    );
    return rows.rows[0]?.data_type;
  }

  it('keeps every byte of a photo, links it to messages, goes with its call, and goes down and up', async () => {
    db = await createTestDatabase(dialect, { unmigrated: true });
    await migrateToLatest(db.db, db.schema);
    expect(await dataType(db)).toBe(dialect === 'sqlite' ? 'blob' : 'bytea');

    await insertCall(db, 'call_1');
    // Every byte value, NUL and invalid UTF-8 included, twice over.
    const bytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    await db.db
      .insertInto('call_images')
      .values({
        id: 'img_1',
        call_id: 'call_1',
        uploader_type: 'client',
        uploader_id: 'client_1',
        kind: 'photo',
        content_type: 'image/jpeg',
        width: 2,
        height: 1,
        size_bytes: bytes.length,
        data: bytes,
        created_at: NOW,
      })
      .execute();
    await db.db
      .insertInto('call_messages')
      .values({
        call_id: 'call_1',
        id: '00000000-0000-4000-8000-000000000001',
        sender_type: 'client',
        sender_id: 'client_1',
        sender_name: 'Ana',
        body: '',
        image_id: 'img_1',
        created_at: NOW,
      })
      .execute();
    const stored = await db.db
      .selectFrom('call_images')
      .select('data')
      .where('id', '=', 'img_1')
      .executeTakeFirstOrThrow();
    expect(Buffer.isBuffer(stored.data)).toBe(true);
    expect(stored.data.equals(bytes)).toBe(true);
    const message = await db.db
      .selectFrom('call_messages')
      .select('image_id')
      .executeTakeFirstOrThrow();
    expect(message.image_id).toBe('img_1');

    await db.db.deleteFrom('calls').where('id', '=', 'call_1').execute();
    expect(await db.db.selectFrom('call_images').select('id').execute()).toEqual([]);
    expect(await db.db.selectFrom('call_messages').select('id').execute()).toEqual([]);

    await down(db.db as never);
    // (PostgreSQL lists every schema's tables: only this test's own count.)
    const schema = db.schema;
    const tables = (await db.db.introspection.getTables()).filter((t) => t.schema === schema);
    expect(tables.map((t) => t.name)).not.toContain('call_images');
    const messages = tables.find((t) => t.name === 'call_messages');
    expect(messages?.columns.map((c) => c.name)).toEqual([
      'call_id',
      'id',
      'sender_type',
      'sender_id',
      'sender_name',
      'body',
      'created_at',
    ]);
    await up(db.db as never);
    expect(await dataType(db)).toBe(dialect === 'sqlite' ? 'blob' : 'bytea');
  });
});
