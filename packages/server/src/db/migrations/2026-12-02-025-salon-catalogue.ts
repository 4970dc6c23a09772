// Frozen in time: never import app code here; a later change is a new migration.
// The salon's own public content: its services (name, category, description, duration, price in
// the salon's currency or none for "price on consultation", active, display order), the opinions
// it may publish (a visitor's consented rating, or one an admin entered by hand), and its gallery.
// Service and gallery photos are square renditions like advisors' photos, in one table keyed by
// the owning row's id (app-generated ids never collide across tables); each owner row carries its
// photo's version so lists need no join. Prices are whole cents (integers on both databases).
import { PostgresIntrospector, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const binary = db.introspection instanceof PostgresIntrospector ? 'bytea' : 'blob';
  await db.schema
    .createTable('salon_services')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('category', 'varchar(60)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer')
    .addColumn('price_cents', 'integer')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('photo_version', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('testimonials')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    // the rated call (at most one opinion each); null for one entered by hand
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.unique().references('calls.id').onDelete('cascade'),
    )
    .addColumn('first_name', 'varchar(40)', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('published', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('gallery_items')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('alt', 'varchar(200)', (c) => c.notNull())
    .addColumn('caption', 'varchar(200)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('photo_version', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('catalogue_photos')
    .addColumn('owner_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('format', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_photos_pk', ['owner_id', 'size', 'format'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('catalogue_photos').ifExists().execute();
  await db.schema.dropTable('gallery_items').ifExists().execute();
  await db.schema.dropTable('testimonials').ifExists().execute();
  await db.schema.dropTable('salon_services').ifExists().execute();
}
