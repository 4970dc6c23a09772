// Frozen in time: never import app code here; a later change is a new migration.
// Advisors' profile photos: one photo per advisor, kept as square renditions (one row per size and
// format, e.g. 192 px WebP) whose bytes live in the database (BLOB on SQLite, bytea on PostgreSQL)
// like the chat's photos, so every instance serves them. All rows of one photo share its version,
// which changes with every upload (the served address carries it).
import { PostgresIntrospector, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.introspection instanceof PostgresIntrospector ? 'bytea' : 'blob';
  await db.schema
    .createTable('advisor_photos')
    .addColumn('advisor_id', 'varchar(64)', (c) =>
      c.notNull().references('advisors.id').onDelete('cascade'),
    )
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('advisor_photos_pk', ['advisor_id', 'size', 'format'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('advisor_photos').ifExists().execute();
}
