// Frozen in time: never import app code here; a later change is a new migration.
// Whether an admin lists the advisor in the landing's team: off for everyone.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('advisors')
    .addColumn('show_on_landing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('advisors').dropColumn('show_on_landing').execute();
}
