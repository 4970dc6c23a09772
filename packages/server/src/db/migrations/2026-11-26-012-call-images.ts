// Frozen in time: never import app code here; a later change is a new migration.
// Photos in the chat: each upload re-encoded as a JPEG without metadata, its bytes kept in the
// database (BLOB on SQLite, bytea on PostgreSQL) so every instance serves them with no shared disk
// or object store; a message may show one (`call_messages.image_id`).
import { PostgresIntrospector, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.introspection instanceof PostgresIntrospector ? 'bytea' : 'blob';
  await db.schema
    .createTable('call_images')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.notNull().references('calls.id').onDelete('cascade'),
    )
    .addColumn('uploader_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('uploader_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('call_images_call_idx').on('call_images').column('call_id').execute();
  // No foreign key: the chat service checks that the photo is the call's and the sender's, and
  // SQLite cannot DROP a column that is in one (down() would fail).
  await db.schema.alterTable('call_messages').addColumn('image_id', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('call_messages').dropColumn('image_id').execute();
  await db.schema.dropTable('call_images').ifExists().execute();
}
