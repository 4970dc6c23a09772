// Frozen in time: never import app code here; a later change is a new migration.
// The keys that open a booking's manage page and a visitor's summary are kept as their SHA-256
// (hex) only, like session tokens and client keys: a copy of the database opens nothing. Each link
// handed out has a key of its own (decisions.md, "Booking and summary keys: only their hashes,
// one per link"), so the hashes live in tables of their own, any number per booking or summary,
// and go with it. The keys stored in clear until now are hashed there, so the links already sent
// keep opening the same pages, and the clear columns go. SQLite cannot drop a UNIQUE column: it
// rebuilds those two tables instead, with every other column and index as they were.
import { createHash, randomBytes } from 'node:crypto';
import { PostgresIntrospector, sql, type Kysely } from 'kysely';

const sha256 = (key: string): string => createHash('sha256').update(key).digest('hex');
/** Rows per insert: three parameters each, far below either database's limit. */
const CHUNK = 500;

type KeyRow = { key_hash: string; owner: string; created_at: string };

async function insertKeys(
  db: Kysely<unknown>,
  table: 'appointment_keys' | 'summary_keys',
  ownerColumn: 'appointment_id' | 'call_id',
  rows: KeyRow[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows
      .slice(i, i + CHUNK)
      .map((r) => sql`(${r.key_hash}, ${r.owner}, ${r.created_at})`);
    await sql`insert into ${sql.table(table)} (key_hash, ${sql.ref(ownerColumn)}, created_at)
      values ${sql.join(values)}`.execute(db);
  }
}

/** appointments as 016 and 018 left it, without `access_key` (SQLite's rebuild). */
async function rebuildAppointments(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('appointments_rebuilt')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('advisor_id', 'varchar(64)', (c) => c.notNull().references('advisors.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('starts_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('held_until', 'varchar(32)', (c) => c.notNull())
    .addColumn('subject', 'varchar(32)', (c) => c.notNull())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('client_phone', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('call_id', 'varchar(64)')
    .addColumn('cancelled_by', 'varchar(16)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reminded_day_at', 'varchar(32)')
    .addColumn('reminded_hour_at', 'varchar(32)')
    .addColumn('client_address_hash', 'varchar(64)')
    .addColumn('client_phone_digits', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  const columns = sql.raw(
    'id, advisor_id, status, starts_at, ends_at, held_until, subject, client_name, client_phone, ' +
      'client_email, message, language, time_zone, call_id, cancelled_by, created_at, updated_at, ' +
      'reminded_day_at, reminded_hour_at, client_address_hash, client_phone_digits',
  );
  await sql`insert into appointments_rebuilt (${columns}) select ${columns} from appointments`.execute(
    db,
  );
  await db.schema.dropTable('appointments').execute();
  await db.schema.alterTable('appointments_rebuilt').renameTo('appointments').execute();
  await sql`create unique index appointments_one_per_slot on appointments (advisor_id, starts_at) where status = 'booked'`.execute(
    db,
  );
  await db.schema
    .createIndex('appointments_by_start')
    .on('appointments')
    .columns(['starts_at', 'status'])
    .execute();
}

/** call_summaries as 013 left it, without `access_key` (SQLite's rebuild). */
async function rebuildCallSummaries(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('call_summaries_rebuilt')
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.primaryKey().references('calls.id').onDelete('cascade'),
    )
    .addColumn('recommendations', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('items', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'varchar(32)')
    .addColumn('updated_by', 'varchar(64)')
    .addColumn('emailed_at', 'varchar(32)')
    .execute();
  const columns = sql.raw('call_id, recommendations, items, updated_at, updated_by, emailed_at');
  await sql`insert into call_summaries_rebuilt (${columns}) select ${columns} from call_summaries`.execute(
    db,
  );
  await db.schema.dropTable('call_summaries').execute();
  await db.schema.alterTable('call_summaries_rebuilt').renameTo('call_summaries').execute();
}

async function createKeyTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('appointment_keys')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('appointment_id', 'varchar(64)', (c) =>
      c.notNull().references('appointments.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('appointment_keys_by_appointment')
    .on('appointment_keys')
    .column('appointment_id')
    .execute();
  await db.schema
    .createTable('summary_keys')
    .addColumn('key_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('call_id', 'varchar(64)', (c) =>
      c.notNull().references('call_summaries.call_id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('summary_keys_by_call')
    .on('summary_keys')
    .column('call_id')
    .execute();
}

async function migrateUp(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  const bookings = await sql<{
    id: string;
    access_key: string;
    created_at: string;
  }>`select id, access_key, created_at from appointments`.execute(db);
  const summaries = await sql<{
    call_id: string;
    access_key: string;
  }>`select call_id, access_key from call_summaries`.execute(db);

  if (postgres) {
    await db.schema.alterTable('appointments').dropColumn('access_key').execute();
    await db.schema.alterTable('call_summaries').dropColumn('access_key').execute();
  } else {
    await rebuildAppointments(db);
    await rebuildCallSummaries(db);
  }
  await createKeyTables(db);

  await insertKeys(
    db,
    'appointment_keys',
    'appointment_id',
    bookings.rows.map((r) => ({
      key_hash: sha256(r.access_key),
      owner: r.id,
      created_at: r.created_at,
    })),
  );
  // When a summary's key was made is not kept: it counts from now.
  const now = new Date().toISOString();
  await insertKeys(
    db,
    'summary_keys',
    'call_id',
    summaries.rows.map((r) => ({
      key_hash: sha256(r.access_key),
      owner: r.call_id,
      created_at: now,
    })),
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.introspection instanceof PostgresIntrospector;
  // PostgreSQL runs every migration in a transaction already; SQLite's rebuild gets one here, so
  // an upgrade cut short leaves the tables as they were.
  if (postgres || db.isTransaction) await migrateUp(db, postgres);
  else await db.transaction().execute((trx) => migrateUp(trx, postgres));
}

/**
 * Back to keys in clear. The hashes cannot be turned back into keys: every booking and summary
 * gets a new random key, so the links sent before the downgrade stop opening them.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('summary_keys').execute();
  await db.schema.dropTable('appointment_keys').execute();
  for (const [table, id] of [
    ['appointments', 'id'],
    ['call_summaries', 'call_id'],
  ] as const) {
    // SQLite adds no UNIQUE column to a table: a unique index holds the same rule.
    await db.schema
      .alterTable(table)
      .addColumn('access_key', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    const rows = await sql<{ id: string }>`select ${sql.ref(id)} as id from ${sql.table(
      table,
    )}`.execute(db);
    for (const row of rows.rows) {
      const key = randomBytes(32).toString('base64url');
      await sql`update ${sql.table(table)} set access_key = ${key} where ${sql.ref(id)} = ${row.id}`.execute(
        db,
      );
    }
    await db.schema
      .createIndex(`${table}_access_key`)
      .on(table)
      .column('access_key')
      .unique()
      .execute();
  }
}
