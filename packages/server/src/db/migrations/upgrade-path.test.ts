/**
 * The upgrade path on both databases: for every level a database can be at (empty, then after each
 * migration), a fresh database at that level is filled with rows made from its schema as it stands
 * there (every table, parents before children), then migrated to the latest. Every row is still
 * there with every value it had, but for what later migrations take away or rewrite on purpose
 * (listed below), and the app, built on the upgraded database, signs in its admin, lists the
 * calls and advisors, reads the settings and takes a call request.
 */
import { createHash } from 'node:crypto';
import {
  defaultSettings,
  defaultWorkingHours,
  type CallPage,
  type Settings,
} from '@belleza/contract';
import { sql, type Kysely, type MigrationResultSet } from 'kysely';
import { describe, it, type ExpectStatic } from 'vitest';
import { ensureFirstAdmin } from '../../bootstrap/first-admin.js';
import { hashPassword } from '../../lib/password.js';
import { api, markOnline, requestBody } from '../../test/fixtures.js';
import {
  createTestApp,
  createTestDatabase,
  dialects,
  type TestDatabase,
} from '../../test/helpers.js';
import { createMigrator, migrationNames } from '../kysely.js';

/**
 * Columns later migrations take away on purpose (021 keeps the booking's and the summary's key as
 * hashes in tables of their own), and values they rewrite (008 drops two settings keys, 014 moves
 * one to another section; the app reads the sections back below). A table a migration drops or
 * renames would be listed here too.
 */
const DROPPED = new Set(['appointments.access_key', 'call_summaries.access_key']);
const REWRITTEN = new Set(['settings.value']);

type Kind = 'text' | 'integer' | 'real' | 'binary';
type Column = { name: string; kind: Kind; maxLength: number | null; notNull: boolean };
type Reference = { table: string; column: string };
type Table = {
  name: string;
  columns: Column[];
  primaryKey: string[];
  references: Map<string, Reference>;
  /** columns whose CHECK allows only an IN-list of values */
  allowed: Map<string, string[]>;
};
type Row = Record<string, unknown>;

const kindOf = (type: string): Kind =>
  /int/i.test(type)
    ? 'integer'
    : /double|real|numeric/i.test(type)
      ? 'real'
      : /blob|bytea/i.test(type)
        ? 'binary'
        : 'text';

/** `col IN ('a', 'b')` (SQLite keeps it as written; PostgreSQL shows `col = ANY (ARRAY['a', …])`). */
function inLists(checks: string[]): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  for (const check of checks) {
    const match = /check\s*\(+\s*"?(\w+)"?\)?(?:::\w+(?: \w+)?)?\s+(?:in\s*\(|=\s*any)/i.exec(
      check,
    );
    const values = [...check.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]!.replace(/''/g, "'"));
    if (match && values.length > 0) lists.set(match[1]!, values);
  }
  return lists;
}

async function sqliteSchema(t: TestDatabase): Promise<Table[]> {
  const { rows } = await sql<{ name: string; sql: string }>`
    select name, sql from sqlite_master
    where type = 'table' and name not like 'kysely\_%' escape '\\' and name not like 'sqlite\_%' escape '\\'`.execute(
    t.db,
  );
  return Promise.all(
    rows.map(async ({ name, sql: ddl }) => {
      const columns = await sql<{ name: string; type: string; notnull: number; pk: number }>`
        select name, type, "notnull", pk from pragma_table_info(${name})`.execute(t.db);
      const keys = await sql<{ table: string; from: string; to: string }>`
        select "table", "from", "to" from pragma_foreign_key_list(${name})`.execute(t.db);
      return {
        name,
        columns: columns.rows.map((c) => ({
          name: c.name,
          kind: kindOf(c.type),
          maxLength: Number(/\((\d+)\)/.exec(c.type)?.[1] ?? NaN) || null,
          notNull: c.notnull === 1 || c.pk > 0,
        })),
        primaryKey: columns.rows
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name),
        references: new Map(keys.rows.map((k) => [k.from, { table: k.table, column: k.to }])),
        allowed: inLists(ddl.match(/check\s*\((?:[^()]|\([^()]*\))*\)/gi) ?? []),
      };
    }),
  );
}

async function postgresSchema(t: TestDatabase): Promise<Table[]> {
  const columns = await sql<{
    table: string;
    name: string;
    type: string;
    max_length: number | null;
    not_null: boolean;
  }>`
    select table_name as table, column_name as name, data_type as type,
      character_maximum_length as max_length, is_nullable = 'NO' as not_null
    from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kysely\\_%'
    order by table_name, ordinal_position`.execute(t.db);
  const constraints = await sql<{ table: string; def: string }>`
    select c.relname as table, pg_get_constraintdef(k.oid) as def
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and k.contype in ('p', 'f', 'c')`.execute(t.db);
  const names = (list: string) => list.split(',').map((s) => s.trim().replace(/"/g, ''));
  const tables = new Map<string, Table>();
  for (const c of columns.rows) {
    const table: Table = tables.get(c.table) ?? {
      name: c.table,
      columns: [],
      primaryKey: [],
      references: new Map(),
      allowed: new Map(),
    };
    table.columns.push({
      name: c.name,
      kind: kindOf(c.type),
      maxLength: c.max_length,
      notNull: c.not_null,
    });
    tables.set(c.table, table);
  }
  for (const { table: name, def } of constraints.rows) {
    const table = tables.get(name);
    if (!table) continue;
    const pk = /^PRIMARY KEY \((.+)\)/.exec(def);
    if (pk) table.primaryKey = names(pk[1]!);
    const fk = /^FOREIGN KEY \(("?\w+"?)\) REFERENCES ("?\w+"?)\(("?\w+"?)\)/.exec(def);
    if (fk) {
      const [from, to, column] = [fk[1]!, fk[2]!, fk[3]!].map((s) => s.replace(/"/g, ''));
      table.references.set(from!, { table: to!, column: column! });
    }
    for (const [column, values] of inLists([def])) table.allowed.set(column, values);
  }
  return [...tables.values()];
}

const schemaOf = (t: TestDatabase) =>
  t.dialect === 'sqlite' ? sqliteSchema(t) : postgresSchema(t);

/** Parents (by foreign key) before their children, otherwise by name. */
function parentsFirst(tables: Table[]): Table[] {
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const pending = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (pending.length > 0) {
    const next = pending.findIndex((t) =>
      [...t.references.values()].every((r) => r.table === t.name || placed.has(r.table)),
    );
    if (next < 0)
      throw new Error(`foreign keys in a cycle: ${pending.map((t) => t.name).join(', ')}`);
    const [table] = pending.splice(next, 1);
    ordered.push(table!);
    placed.add(table!.name);
  }
  return ordered;
}

const ADMIN = { email: 'admin@salon-migrado.pe', password: 'Clave-de-prueba-2026' };
const PASSWORD_HASH = await hashPassword(ADMIN.password);
const SITE_NAME = 'Salón Migrado';
const ROWS_PER_TABLE = 4;
const BASE = Date.parse('2026-11-20T09:00:00.000Z');
/** Every byte value, NUL and invalid UTF-8 included. */
const BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

/**
 * Keys the settings sections held before the migration that took them out (008 drops two, 014
 * moves one from `daily` to `video`): a database from before it has them.
 */
const LEGACY_SETTINGS: { until: string; section: string; key: string; value: unknown }[] = [
  {
    until: '2026-11-24-008-drop-sms-and-registration',
    section: 'notifications',
    key: 'smsNotifications',
    value: true,
  },
  {
    until: '2026-11-24-008-drop-sms-and-registration',
    section: 'system',
    key: 'allowRegistration',
    value: false,
  },
  {
    until: '2026-11-26-014-screen-share-setting',
    section: 'daily',
    key: 'enableScreenShare',
    value: false,
  },
];

/** The sections as a salon that changed a few things saved them at `level`. */
function settingsRows(level: number): Row[] {
  const saved: Settings = {
    ...defaultSettings,
    system: { ...defaultSettings.system, siteName: SITE_NAME },
    video: { ...defaultSettings.video, enableScreenShare: false },
    daily: { ...defaultSettings.daily, maxParticipants: 4 },
    notifications: { ...defaultSettings.notifications, emailNotifications: false },
  };
  const sections: Record<string, Record<string, unknown>> = structuredClone(saved);
  for (const legacy of LEGACY_SETTINGS) {
    const before = level <= migrationNames.indexOf(legacy.until);
    if (before) sections[legacy.section]![legacy.key] = legacy.value;
    if (before && legacy.key === 'enableScreenShare') delete sections.video!.enableScreenShare;
  }
  // The colour chart is a row migration 027 writes itself (the default chart), never one a salon
  // saved before it.
  delete sections.colourChart;
  return Object.entries(sections).map(([section, value]) => ({
    section,
    value: JSON.stringify(value),
  }));
}

/** Tables that hold exactly these rows: one per settings section, with its JSON; the salon's one profile. */
const onlyRows = (level: number): Record<string, Row[]> => ({
  settings: settingsRows(level),
  salon_profile: [{ id: 'salon' }],
});
/** Values given by hand to a table's first rows (the rest generated): the admin the app signs in as. */
const firstRows: Record<string, Row[]> = {
  advisors: [{ email: ADMIN.email, is_admin: 1, deleted_at: null, suspended_at: null }],
};

/**
 * What the app allows in columns no CHECK constrains (the unions in db/schema.ts) and the JSON it
 * stores, by `table.column` or by column name; a value is picked by row.
 */
const VALUES: Record<string, readonly unknown[]> = {
  'advisors.status': ['available', 'busy', 'offline'],
  'calls.status': ['pending', 'active', 'completed', 'cancelled'],
  'calls.source': ['website', 'widget'],
  'callbacks.status': ['open', 'done'],
  'appointments.status': ['booked', 'cancelled', 'attended', 'no_show'],
  'call_images.content_type': ['image/jpeg'],
  'testimonials.source': ['visitor', 'manual'],
  outcome: ['pending', 'accepted', 'declined', 'timeout', 'withdrawn'],
  ended_by: ['client', 'advisor', 'admin', 'system'],
  cancelled_by: ['client', 'advisor', 'admin'],
  sender_type: ['client', 'advisor', 'admin'],
  uploader_type: ['client', 'advisor', 'admin'],
  participant_type: ['client', 'advisor', 'admin'],
  quality: ['good', 'weak', 'bad'],
  worst_quality: ['bad', 'weak', 'good'],
  local_candidate_type: ['host', 'srflx', 'relay'],
  remote_candidate_type: ['relay', 'host', 'srflx'],
  kind: ['photo', 'snapshot', 'preview', 'closeup'],
  format: ['webp'],
  content_type: ['image/webp'],
  subject: ['hair_care', 'skin_care', 'makeup', 'general'],
  language: ['es', 'en'],
  timezone: ['America/Lima', 'Europe/Madrid'],
  time_zone: ['America/Lima', 'Europe/Madrid'],
  hours_mode: ['custom', 'derived'],
  password_hash: [PASSWORD_HASH],
  working_hours: [JSON.stringify(defaultWorkingHours)],
  hours: [JSON.stringify(defaultWorkingHours)],
  expertise: ['["Coloración","Cortes"]', '[]'],
  items: ['[]'],
  changes: ['{}'],
  is_admin: [1, 0],
  show_on_landing: [1, 0],
  auto_accept_calls: [0, 1],
  active: [1, 0],
  published: [1, 0],
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function generated(table: Table, column: Column, index: number, i: number): unknown {
  const { name } = column;
  if (column.kind === 'binary') return BYTES;
  if (column.kind === 'integer') return i + 1;
  if (column.kind === 'real') return i + 0.5;
  // One instant per row, a minute later per column: a call's steps come in their order.
  if (/_at$|_until$/.test(name))
    return new Date(BASE + i * 86_400_000 + index * 60_000).toISOString();
  if (name.endsWith('_hash')) return sha256(`${table.name}.${name}.${i}`);
  if (name === 'id') return `${table.name.replace(/s$/, '')}_${i}`;
  if (name === 'day') return `2026-11-${10 + i}`;
  if (name.includes('email')) return `persona.${i}@example.pe`;
  if (/digits|normalized/.test(name)) return `5198765432${i}`;
  if (name.includes('phone')) return `+51 987 654 32${i}`;
  return `${name}-${i}`.slice(0, column.maxLength ?? undefined);
}

/** Rows for every table of the schema at `level`, inserted parents first; what the database holds. */
async function fill(t: TestDatabase, tables: Table[], level: number): Promise<Map<string, Row[]>> {
  const byName = new Set(tables.map((table) => table.name));
  const only = onlyRows(level);
  const rows = new Map<string, Row[]>();
  for (const table of parentsFirst(tables)) {
    const count = only[table.name]?.length ?? ROWS_PER_TABLE;
    const values = Array.from({ length: count }, (_, i): Row => {
      const row: Row = {};
      table.columns.forEach((column, index) => {
        const hand = (only[table.name] ?? firstRows[table.name])?.[i];
        const { name } = column;
        // `advisor_id`, `call_id`, `appointment_id`: a row of that table, foreign key or not.
        const soft = /^(\w+)_id$/.exec(name)?.[1];
        const reference =
          table.references.get(name) ??
          (soft && byName.has(`${soft}s`) ? { table: `${soft}s`, column: 'id' } : undefined);
        const parents = reference && rows.get(reference.table);
        const choices = table.allowed.get(name) ?? VALUES[`${table.name}.${name}`] ?? VALUES[name];
        if (hand && name in hand) row[name] = hand[name];
        else if (!column.notNull && i % 2 === 1) row[name] = null;
        else if (reference && parents?.length)
          row[name] = parents[i % parents.length]![reference.column];
        else if (choices) row[name] = choices[i % choices.length];
        else row[name] = generated(table, column, index, i);
      });
      return row;
    });
    await (t.db as unknown as Kysely<Record<string, Row>>)
      .insertInto(table.name)
      .values(values)
      .execute();
    rows.set(table.name, await selectAll(t, table));
  }
  return rows;
}

async function selectAll(t: TestDatabase, table: Table): Promise<Row[]> {
  const { rows } = await sql<Row>`select * from ${sql.table(table.name)}`.execute(t.db);
  return rows;
}

const keyOf = (table: Table, row: Row) =>
  JSON.stringify(
    (table.primaryKey.length ? table.primaryKey : Object.keys(row)).map((c) => row[c]),
  );

function expectMigrated(expect: ExpectStatic, outcome: MigrationResultSet): void {
  expect(outcome.error).toBeUndefined();
  expect(outcome.results?.filter((r) => r.status !== 'Success')).toEqual([]);
}

/** Every table and column still there but those meant to go, every row with the values it had. */
async function expectRowsKept(
  expect: ExpectStatic,
  t: TestDatabase,
  before: Table[],
  stored: Map<string, Row[]>,
): Promise<void> {
  const after = new Map((await schemaOf(t)).map((table) => [table.name, table]));
  const gone = before.flatMap((table) => {
    const now = after.get(table.name);
    if (!now) return [table.name];
    const names = new Set(now.columns.map((c) => c.name));
    return table.columns.filter((c) => !names.has(c.name)).map((c) => `${table.name}.${c.name}`);
  });
  expect(gone.filter((name) => !DROPPED.has(name))).toEqual([]);
  for (const table of before) {
    const now = after.get(table.name);
    if (!now) continue;
    const kept = now.columns
      .map((c) => c.name)
      .filter((c) => table.columns.some((old) => old.name === c))
      .filter((c) => !REWRITTEN.has(`${table.name}.${c}`));
    const pick = (row: Row | undefined) => row && Object.fromEntries(kept.map((c) => [c, row[c]]));
    const rowsNow = new Map((await selectAll(t, now)).map((r) => [keyOf(now, r), r]));
    const expected = stored.get(table.name) ?? [];
    expect(
      expected.map((r) => pick(rowsNow.get(keyOf(now, r)))),
      table.name,
    ).toEqual(expected.map(pick));
  }
}

/**
 * The app on the upgraded database: its admin signs in (made on start when there was none), lists
 * the calls and the advisors, reads every settings section as saved, adds a stylist who takes a
 * visitor's call request.
 */
async function expectAppWorks(
  expect: ExpectStatic,
  t: TestDatabase,
  level: number,
  calls: number,
): Promise<void> {
  const { app, clock, close } = await createTestApp({
    db: t,
    config: { adminEmail: ADMIN.email, adminPassword: ADMIN.password },
  });
  try {
    await ensureFirstAdmin(app.container);
    const login = await api<{ token: string }>(app, 'POST', '/api/advisors/login', {
      body: ADMIN,
    });
    expect(login.status).toBe(200);
    const { token } = login.data;
    const listed = await api<CallPage>(app, 'GET', '/api/calls?limit=100', { token });
    expect(listed.status).toBe(200);
    expect(listed.data.total).toBe(calls);
    expect((await api(app, 'GET', '/api/advisors', { token })).status).toBe(200);
    const settings = await api<Settings>(app, 'GET', '/api/settings', { token });
    expect(settings.status).toBe(200);
    // (A section that no longer parses would read as the defaults.)
    if (level > 0)
      expect(settings.data).toMatchObject({
        system: { siteName: SITE_NAME },
        video: { enableScreenShare: false },
        daily: { maxParticipants: 4 },
        notifications: { emailNotifications: false },
      });
    const added = await api<{ advisorId: string }>(app, 'POST', '/api/advisors', {
      token,
      body: { name: 'Estilista Nueva', email: 'nueva@salon-migrado.pe', password: ADMIN.password },
    });
    expect(added.status).toBe(201);
    const stylist = added.data.advisorId;
    // Her page's socket would keep this presence row fresh.
    await markOnline(t.db, stylist, clock.now());
    const available = await api(app, 'POST', `/api/advisors/${stylist}/status`, {
      token,
      body: { status: 'available' },
    });
    expect(available.status).toBe(200);
    const requested = await api(app, 'POST', '/api/calls/request', {
      body: requestBody({ phone: '+51 911 222 333' }),
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  } finally {
    await close();
  }
}

/** Level 0 is an empty database, level k the database after the k-th migration. */
const levels = [0, ...migrationNames.map((_, i) => i + 1)];
const levelName = (level: number) =>
  level === 0 ? 'an empty database' : migrationNames[level - 1];

describe.each(await dialects())('upgrade to the latest migration (%s)', (dialect) => {
  describe.concurrent.each(levels.map((level) => [levelName(level), level] as const))(
    'from %s',
    (_, level) => {
      it('keeps every row, loses only what is meant to go, and the app works on it', async ({
        expect,
      }) => {
        const t = await createTestDatabase(dialect, { unmigrated: true });
        try {
          const migrator = createMigrator(t.db, t.schema);
          if (level > 0)
            expectMigrated(expect, await migrator.migrateTo(migrationNames[level - 1]!));
          const before = await schemaOf(t);
          const stored = await fill(t, before, level);
          for (const table of before)
            expect(stored.get(table.name)?.length, table.name).toBeGreaterThan(0);

          expectMigrated(expect, await migrator.migrateToLatest());
          await expectRowsKept(expect, t, before, stored);
          await expectAppWorks(expect, t, level, stored.get('calls')?.length ?? 0);
        } finally {
          await t.drop();
        }
      });
    },
  );
});
