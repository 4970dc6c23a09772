/**
 * Migration 015 on both databases: photos stored before it are `photo`s, a new row without a kind
 * is one too, a snapshot keeps its kind, no kind (null) is refused, and the migration goes down
 * and up again.
 */
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../kysely.js';
import type { CallImagesTable, Database } from '../schema.js';
import { activeCallRow } from '../../test/fixtures.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import { down, up } from './2026-11-26-015-image-kind.js';

const NOW = '2026-11-26T10:00:00.000Z';

/** The database as it was before 015: photos have no kind. */
type Before015 = Kysely<
  Omit<Database, 'call_images'> & { call_images: Omit<CallImagesTable, 'kind'> }
>;

describe.each(await dialects())('migration 015: the kind of a photo (%s)', (dialect) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  async function insertCall(t: TestDatabase, id: string): Promise<void> {
    await t.db.insertInto('calls').values(activeCallRow(id, NOW)).execute();
  }

  const image = (id: string): Omit<CallImagesTable, 'kind'> => ({
    id,
    call_id: 'call_1',
    uploader_type: 'client',
    uploader_id: 'client_1',
    content_type: 'image/jpeg',
    width: 2,
    height: 1,
    size_bytes: 3,
    data: Buffer.from([1, 2, 3]),
    created_at: NOW,
  });

  const kinds = async (t: TestDatabase) =>
    t.db.selectFrom('call_images').select(['id', 'kind']).orderBy('id').execute();

  it('makes every stored photo a photo, keeps a snapshot a snapshot, refuses no kind, and goes down and up', async () => {
    db = await createTestDatabase(dialect, { unmigrated: true });
    await migrateToLatest(db.db, db.schema);
    await insertCall(db, 'call_1');
    const before = db.db as unknown as Before015;

    // A photo stored before 015.
    await down(db.db as never);
    await before.insertInto('call_images').values(image('img_1')).execute();
    await up(db.db as never);
    expect(await kinds(db)).toEqual([{ id: 'img_1', kind: 'photo' }]);

    // A writer that names no kind stores a photo; a snapshot is stored as one.
    await before.insertInto('call_images').values(image('img_2')).execute();
    await db.db
      .insertInto('call_images')
      .values({ ...image('img_3'), kind: 'snapshot' })
      .execute();
    expect(await kinds(db)).toEqual([
      { id: 'img_1', kind: 'photo' },
      { id: 'img_2', kind: 'photo' },
      { id: 'img_3', kind: 'snapshot' },
    ]);
    const noKind = { ...image('img_4'), kind: null as unknown as CallImagesTable['kind'] };
    await expect(db.db.insertInto('call_images').values(noKind).execute()).rejects.toThrow(
      /null|NOT NULL/i,
    );

    await down(db.db as never);
    // (PostgreSQL lists every schema's tables: only this test's own count.)
    const schema = db.schema;
    const tables = (await db.db.introspection.getTables()).filter((t) => t.schema === schema);
    const images = tables.find((t) => t.name === 'call_images');
    expect(images?.columns.map((c) => c.name)).not.toContain('kind');
    expect((await before.selectFrom('call_images').select('id').execute()).length).toBe(3);
    await up(db.db as never);
    expect((await kinds(db)).map((r) => r.kind)).toEqual(['photo', 'photo', 'photo']);
  });
});
