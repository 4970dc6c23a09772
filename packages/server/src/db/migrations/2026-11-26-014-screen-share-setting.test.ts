/**
 * Migration 014 on both databases: a stored `daily.enableScreenShare` moves to the `video` section
 * (created when it was never saved), the rest of both sections stays, and down moves it back.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../kysely.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import { down, up } from './2026-11-26-014-screen-share-setting.js';

const NOW = '2026-11-26T10:00:00.000Z';
const EARLIER = '2026-11-20T08:00:00.000Z';

describe.each(await dialects())(
  'migration 014: screen share is a video setting (%s)',
  (dialect) => {
    let db: TestDatabase | undefined;
    afterEach(async () => {
      await db?.drop();
      db = undefined;
    });

    async function migrated(): Promise<TestDatabase> {
      db = await createTestDatabase(dialect, { unmigrated: true });
      await migrateToLatest(db.db, db.schema);
      return db;
    }

    async function stored(t: TestDatabase) {
      const rows = await t.db
        .selectFrom('settings')
        .select(['section', 'value', 'updated_at', 'updated_by'])
        .execute();
      return Object.fromEntries(rows.map((r) => [r.section, r]));
    }

    it('moves a stored value into the video section, keeps the rest, and down moves it back', async () => {
      const t = await migrated();
      await t.db
        .insertInto('settings')
        .values([
          {
            section: 'daily',
            value: JSON.stringify({
              domain: 'salon',
              enableScreenShare: false,
              maxParticipants: 4,
            }),
            updated_at: NOW,
            updated_by: null,
          },
          {
            section: 'video',
            value: JSON.stringify({ provider: 'daily', iceServers: [] }),
            updated_at: NOW,
            updated_by: null,
          },
        ])
        .execute();

      await up(t.db as never);
      let rows = await stored(t);
      expect(JSON.parse(rows.daily?.value ?? '')).toEqual({ domain: 'salon', maxParticipants: 4 });
      expect(JSON.parse(rows.video?.value ?? '')).toEqual({
        provider: 'daily',
        iceServers: [],
        enableScreenShare: false,
      });

      await down(t.db as never);
      rows = await stored(t);
      expect(JSON.parse(rows.daily?.value ?? '')).toEqual({
        domain: 'salon',
        maxParticipants: 4,
        enableScreenShare: false,
      });
      expect(JSON.parse(rows.video?.value ?? '')).toEqual({ provider: 'daily', iceServers: [] });
    });

    it('creates the video section when only Daily was ever saved, stamped like the Daily one', async () => {
      const t = await migrated();
      await t.db
        .insertInto('settings')
        .values({
          section: 'daily',
          value: JSON.stringify({ enableScreenShare: false }),
          updated_at: EARLIER,
          updated_by: null,
        })
        .execute();

      await up(t.db as never);
      const rows = await stored(t);
      expect(JSON.parse(rows.daily?.value ?? '')).toEqual({});
      expect(rows.video).toMatchObject({ updated_at: EARLIER, updated_by: null });
      expect(JSON.parse(rows.video?.value ?? '')).toEqual({ enableScreenShare: false });
    });

    it('leaves unreadable sections, and sections without the key, as they were', async () => {
      const t = await migrated();
      await t.db
        .insertInto('settings')
        .values([
          { section: 'daily', value: 'not json', updated_at: NOW, updated_by: null },
          {
            section: 'video',
            value: JSON.stringify({ provider: 'builtin' }),
            updated_at: NOW,
            updated_by: null,
          },
        ])
        .execute();

      await up(t.db as never);
      const rows = await stored(t);
      expect(rows.daily?.value).toBe('not json');
      expect(JSON.parse(rows.video?.value ?? '')).toEqual({ provider: 'builtin' });
    });

    it('drops a value that is not a flag instead of spoiling the video section', async () => {
      const t = await migrated();
      await t.db
        .insertInto('settings')
        .values({
          section: 'daily',
          value: JSON.stringify({ enableScreenShare: 'yes', enableRecording: true }),
          updated_at: NOW,
          updated_by: null,
        })
        .execute();

      await up(t.db as never);
      const rows = await stored(t);
      expect(JSON.parse(rows.daily?.value ?? '')).toEqual({ enableRecording: true });
      expect(rows.video).toBeUndefined();
    });
  },
);
