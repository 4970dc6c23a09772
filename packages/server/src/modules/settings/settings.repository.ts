import type { Db } from '../../db/kysely.js';

export type SettingsSectionRow = { section: string; value: string };

export async function readSettingsSections(db: Db): Promise<SettingsSectionRow[]> {
  return db.selectFrom('settings').select(['section', 'value']).execute();
}

export async function upsertSettingsSection(
  db: Db,
  row: { section: string; value: string; updatedAt: string; updatedBy: string | null },
): Promise<void> {
  await db
    .insertInto('settings')
    .values({
      section: row.section,
      value: row.value,
      updated_at: row.updatedAt,
      updated_by: row.updatedBy,
    })
    .onConflict((oc) =>
      oc
        .column('section')
        .doUpdateSet({ value: row.value, updated_at: row.updatedAt, updated_by: row.updatedBy }),
    )
    .execute();
}
