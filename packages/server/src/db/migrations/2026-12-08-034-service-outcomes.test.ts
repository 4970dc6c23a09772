/**
 * Migration 034 on both databases: a call whose summary holds a plan (text or items) gets its
 * `plan_at` from when the plan was saved, one with an empty summary or none gets none; the
 * outcome columns start empty; and the migration goes down and up again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../kysely.js';
import { activeCallRow } from '../../test/fixtures.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import { down, up } from './2026-12-08-034-service-outcomes.js';

const NOW = '2026-12-08T10:00:00.000Z';
const SAVED = '2026-12-08T10:05:00.000Z';

describe.each(await dialects())('migration 034: service outcomes and plans (%s)', (dialect) => {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  it("fills each call's plan instant from its kept summary, and goes down and up", async () => {
    db = await createTestDatabase(dialect, { unmigrated: true });
    await migrateToLatest(db.db, db.schema);
    await down(db.db as never);
    // (activeCallRow has none of the columns later migrations add)
    for (const id of ['call_text', 'call_items', 'call_empty', 'call_none'])
      await db.db.insertInto('calls').values(activeCallRow(id, NOW)).execute();
    const summary = (callId: string, recommendations: string, items: string) => ({
      call_id: callId,
      recommendations,
      items,
      updated_at: SAVED,
      updated_by: null,
      emailed_at: null,
    });
    await db.db
      .insertInto('call_summaries')
      .values([
        summary('call_text', 'Champú sin sulfatos', '[]'),
        summary('call_items', '', '[{"serviceId":null,"name":"Corte"}]'),
        summary('call_empty', '', '[]'),
      ])
      .execute();
    await up(db.db as never);
    const plans = await db.db.selectFrom('calls').select(['id', 'plan_at']).orderBy('id').execute();
    expect(plans).toEqual([
      { id: 'call_empty', plan_at: null },
      { id: 'call_items', plan_at: SAVED },
      { id: 'call_none', plan_at: null },
      { id: 'call_text', plan_at: SAVED },
    ]);
    await down(db.db as never);
    await up(db.db as never);
    expect(
      await db.db.selectFrom('calls').select('plan_at').where('id', '=', 'call_text').execute(),
    ).toEqual([{ plan_at: SAVED }]);
  });
});
