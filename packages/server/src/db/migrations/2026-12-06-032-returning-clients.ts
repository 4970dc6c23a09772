// Frozen in time: never import app code here; a later change is a new migration.
// Returning clients (docs/product.md#returning-clients): for a visitor who asked to be remembered,
// a keyed hash of her phone (HMAC-SHA256 of its digits under the deployment's secret; never the
// number itself) linked to her last completed consultation and its stylist. `current_call_id` is
// the consenting request whose completion moves the link (`current_confirmed`: it carried her
// browser's return token); `token_hash` the SHA-256 of the return token of the browser whose call
// is the last one, which alone lets her page show her stylist's name; `pending_token_hash` the one
// handed to the current request's browser, which becomes `token_hash` when that call completes.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('returning_clients')
    .addColumn('phone_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('pending_token_hash', 'varchar(64)')
    .addColumn('current_call_id', 'varchar(64)', (c) =>
      c.references('calls.id').onDelete('set null'),
    )
    .addColumn('current_confirmed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_call_id', 'varchar(64)', (c) => c.references('calls.id').onDelete('set null'))
    .addColumn('advisor_id', 'varchar(64)', (c) => c.references('advisors.id').onDelete('set null'))
    .addColumn('last_visit_at', 'varchar(32)')
    .addColumn('consented_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('returning_clients_current_call')
    .on('returning_clients')
    .column('current_call_id')
    .execute();
  await db.schema
    .createIndex('returning_clients_updated')
    .on('returning_clients')
    .column('updated_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('returning_clients').ifExists().execute();
}
