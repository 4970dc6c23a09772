// Frozen in time: never import app code here; a later change is a new migration.
// The salon's profile ("Mi salón"): one row holding its hero texts, contacts, social links and
// opening hours ('derived' from the stylists' working hours, or the salon's own week as JSON),
// and its logo's renditions in their own table (square, like advisors' photos). The salon's name
// stays `system.siteName` in the settings. Empty strings are fields the salon left out.
import { PostgresIntrospector, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.introspection instanceof PostgresIntrospector ? 'bytea' : 'blob';
  await db.schema
    .createTable('salon_profile')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('hero_title', 'varchar(200)', (c) => c.notNull())
    .addColumn('hero_text', 'text', (c) => c.notNull())
    .addColumn('address', 'varchar(300)', (c) => c.notNull())
    .addColumn('phone', 'varchar(64)', (c) => c.notNull())
    .addColumn('whatsapp', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(300)', (c) => c.notNull())
    .addColumn('instagram', 'varchar(400)', (c) => c.notNull())
    .addColumn('facebook', 'varchar(400)', (c) => c.notNull())
    .addColumn('tiktok', 'varchar(400)', (c) => c.notNull())
    .addColumn('hours_mode', 'varchar(16)', (c) => c.notNull())
    .addColumn('hours', 'text', (c) => c.notNull())
    .addColumn('logo_version', 'varchar(64)')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(64)')
    .execute();
  await db.schema
    .createTable('salon_logo')
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('salon_logo_pk', ['size', 'format'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('salon_logo').ifExists().execute();
  await db.schema.dropTable('salon_profile').ifExists().execute();
}
