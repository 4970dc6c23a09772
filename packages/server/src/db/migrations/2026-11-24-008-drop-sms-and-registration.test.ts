/**
 * Migration 008 on both databases: stored settings sections lose `smsNotifications` and
 * `allowRegistration` and keep everything else, so they stay valid for the strict schemas.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../kysely.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import { up } from './2026-11-24-008-drop-sms-and-registration.js';

describe.each(await dialects())(
  'migration 008: SMS and registration settings removed (%s)',
  (dialect) => {
    let db: TestDatabase | undefined;
    afterEach(async () => {
      await db?.drop();
      db = undefined;
    });

    it('strips the two keys from stored sections and keeps the rest', async () => {
      db = await createTestDatabase(dialect, { unmigrated: true });
      await migrateToLatest(db.db, db.schema);
      const now = '2026-11-24T10:00:00.000Z';
      await db.db
        .insertInto('settings')
        .values([
          {
            section: 'system',
            value: JSON.stringify({ siteName: 'Salón Rosa', allowRegistration: true }),
            updated_at: now,
            updated_by: null,
          },
          {
            section: 'notifications',
            value: JSON.stringify({ adminEmail: 'a@salon.pe', smsNotifications: true }),
            updated_at: now,
            updated_by: null,
          },
          { section: 'daily', value: 'not json', updated_at: now, updated_by: null },
        ])
        .execute();
      await up(db.db as never);
      const rows = await db.db.selectFrom('settings').select(['section', 'value']).execute();
      const stored = Object.fromEntries(rows.map((r) => [r.section, r.value]));
      expect(JSON.parse(stored.system ?? '')).toEqual({ siteName: 'Salón Rosa' });
      expect(JSON.parse(stored.notifications ?? '')).toEqual({ adminEmail: 'a@salon.pe' });
      // An unreadable section is left as it was.
      expect(stored.daily).toBe('not json');
    });
  },
);
