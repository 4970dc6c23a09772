/**
 * Test fixtures shared by suites: advisors, sessions and presence rows inserted straight into the
 * tables (no dependency on any module's service), and a JSON request helper over `app.inject()`.
 * Not imported by production code.
 */
import {
  CLIENT_KEY_HEADER,
  defaultSettings,
  defaultWorkingHours,
  type CallRequestBody,
  type Settings,
  type WorkingHours,
} from '@belleza/contract';
import { sql } from 'kysely';
import type { App } from '../app.js';
import type { Config } from '../config.js';
import type { Db, Dialect } from '../db/kysely.js';
import type { AdvisorsTable, AppointmentsTable, CallsTable } from '../db/schema.js';
import type { ManualClock } from '../lib/clock.js';
import { hashSecret, newId, newSecret } from '../lib/ids.js';
import {
  createTestApp,
  createTestDatabase,
  REDIS_URL,
  type TestApp,
  type TestDatabase,
} from './helpers.js';

export type TestAdvisor = {
  id: string;
  name: string;
  token: string;
  isAdmin: boolean;
  headers: { authorization: string };
};

export type AdvisorOptions = {
  name?: string;
  isAdmin?: boolean;
  /** listed in the landing's team (default false); an admin takes consultations only then */
  showOnLanding?: boolean;
  status?: AdvisorsTable['status'];
  statusReason?: string | null;
  maxConcurrentCalls?: number;
  autoAccept?: boolean;
  lastCallEndedAt?: string | null;
  timezone?: string;
  /** job title shown to visitors (default '') */
  title?: string;
  workingHours?: WorkingHours;
  /** a presence row seen at `now` (default true) */
  online?: boolean;
  /** the instant rows are stamped with (sessions, presence); default: now */
  now?: Date;
};

let counter = 0;

/** An advisor row, a live session (token) and, unless `online: false`, a presence row. */
export async function insertAdvisor(db: Db, opts: AdvisorOptions = {}): Promise<TestAdvisor> {
  counter += 1;
  const now = opts.now ?? new Date();
  const iso = now.toISOString();
  const id = newId('adv');
  const name = opts.name ?? `Advisor ${counter}`;
  await db
    .insertInto('advisors')
    .values({
      id,
      name,
      email: `${id}@fixture.test`,
      password_hash: 'fixture-not-a-real-hash',
      status: opts.status ?? 'available',
      status_reason: opts.statusReason ?? null,
      is_admin: opts.isAdmin ? 1 : 0,
      show_on_landing: opts.showOnLanding ? 1 : 0,
      title: opts.title ?? '',
      phone: '',
      bio: '',
      timezone: opts.timezone ?? 'America/Lima',
      expertise: '[]',
      auto_accept_calls: opts.autoAccept ? 1 : 0,
      max_concurrent_calls: opts.maxConcurrentCalls ?? 1,
      working_hours: JSON.stringify(opts.workingHours ?? defaultWorkingHours),
      missed_offers_in_row: 0,
      last_call_ended_at: opts.lastCallEndedAt ?? null,
      created_at: iso,
      updated_at: iso,
      deleted_at: null,
    })
    .execute();
  const token = await insertSession(db, id, now);
  if (opts.online !== false) await markOnline(db, id, now);
  return {
    id,
    name,
    token,
    isAdmin: opts.isAdmin ?? false,
    headers: { authorization: `Bearer ${token}` },
  };
}

/** A session exactly as the auth module stores it (token hashed, valid for a week from `now`). */
export async function insertSession(
  db: Db,
  advisorId: string,
  now: Date = new Date(),
): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('advisor_sessions')
    .values({
      id: newId('ses'),
      advisor_id: advisorId,
      token_hash: hashSecret(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 7 * 24 * 3600_000).toISOString(),
      last_used_at: now.toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** A presence row for the advisor (as if a socket had just sent its heartbeat). */
export async function markOnline(db: Db, advisorId: string, at: Date = new Date()): Promise<void> {
  await db
    .insertInto('socket_connections')
    .values({
      socket_id: `fixture-${advisorId}`,
      advisor_id: advisorId,
      instance_id: 'fixture',
      connected_at: at.toISOString(),
      last_seen_at: at.toISOString(),
    })
    .onConflict((oc) => oc.column('socket_id').doUpdateSet({ last_seen_at: at.toISOString() }))
    .execute();
}

/** Every presence row seen at `at`: heartbeats while a test moves its clock. */
export async function refreshPresence(db: Db, at: Date): Promise<void> {
  await db.updateTable('socket_connections').set({ last_seen_at: at.toISOString() }).execute();
}

export async function markOffline(db: Db, advisorId: string): Promise<void> {
  await db.deleteFrom('socket_connections').where('advisor_id', '=', advisorId).execute();
}

export const requestBody = (over: Partial<CallRequestBody> = {}): CallRequestBody => ({
  name: 'Lucía Pérez',
  phone: '+51 987 654 321',
  email: 'lucia@example.pe',
  subject: 'hair_care',
  message: 'Quiero un cambio de look',
  consent: true,
  ...over,
});

export type ApiResult<T = unknown> = {
  status: number;
  body: {
    success: boolean;
    data?: T;
    message?: string;
    error?: { code: string; message: string; details?: unknown };
  };
  data: T;
};

/** One JSON request through the real HTTP stack. */
export async function api<T = unknown>(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: {
    token?: string;
    clientKey?: string;
    body?: unknown;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResult<T>> {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.clientKey !== undefined ? { [CLIENT_KEY_HEADER]: opts.clientKey } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { payload: JSON.stringify(opts.body) }),
  });
  const body = (res.body ? JSON.parse(res.body) : {}) as ApiResult<T>['body'];
  return { status: res.statusCode, body, data: body.data as T };
}

export type RequestedCall = {
  callId: string;
  clientKey: string;
  status: string;
  advisorId: string | null;
  queuePosition: number | null;
  estimatedWaitTime: number;
};

/** POST /api/calls/request that must succeed. */
export async function requestCall(
  app: App,
  over: Partial<CallRequestBody> = {},
): Promise<RequestedCall> {
  const res = await api<RequestedCall>(app, 'POST', '/api/calls/request', {
    body: requestBody(over),
  });
  if (res.status !== 201)
    throw new Error(`call request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.data;
}

/** Stores the `system` settings section (contract defaults + `patch`), as a saved settings form would. */
export async function setSystemSettings(db: Db, patch: Partial<Settings['system']>): Promise<void> {
  await setSettingsSection(db, 'system', patch);
}

/** Stores one settings section (contract defaults + `patch`), as a saved settings form would. */
export async function setSettingsSection<S extends keyof Settings>(
  db: Db,
  section: S,
  patch: Partial<Settings[S]>,
): Promise<void> {
  const value = JSON.stringify({ ...defaultSettings[section], ...patch });
  const now = new Date().toISOString();
  await db
    .insertInto('settings')
    .values({ section, value, updated_at: now, updated_by: null })
    .onConflict((oc) => oc.column('section').doUpdateSet({ value, updated_at: now }))
    .execute();
}

/**
 * A test database whose Kysely bookkeeping tables already exist. Kysely's Migrator decides whether
 * `kysely_migration(_lock)` exists by looking at EVERY PostgreSQL schema, so while another test
 * process migrates its own schema, a fresh schema is taken for migrated and the migration fails
 * ("relation kysely_migration_lock does not exist"). Creating them first makes that check true for
 * the right reason. (The real fix belongs in db/kysely.ts: `migrationTableSchema`.)
 */
export async function createIsolatedDatabase(dialect: Dialect): Promise<TestDatabase> {
  const db = await createTestDatabase(dialect);
  if (dialect === 'postgres') {
    await sql`create table if not exists kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
      db.db,
    );
    await sql`create table if not exists kysely_migration_lock (id varchar(255) primary key, is_locked integer not null default 0)`.execute(
      db.db,
    );
    await sql`insert into kysely_migration_lock (id, is_locked) values ('migration_lock', 0) on conflict do nothing`.execute(
      db.db,
    );
  }
  return db;
}

/**
 * Two instances of the app ('instance-a', 'instance-b') on one isolated PostgreSQL database and the
 * shared Redis: the multi-instance suites. The request limits live in that Redis across reruns,
 * so they are raised. `close()` closes both and drops the database.
 */
export async function createTwoInstances(
  clock: ManualClock,
): Promise<{ db: TestDatabase; a: TestApp; b: TestApp; close: () => Promise<void> }> {
  const db = await createIsolatedDatabase('postgres');
  const config: Partial<Config> = {
    redisUrl: REDIS_URL,
    callRequestRateLimit: 100_000,
    callRequestPhoneLimit: 100_000,
    callRequestGlobalLimit: 100_000,
  };
  const a = await createTestApp({ db, clock, config, instanceId: 'instance-a' });
  const b = await createTestApp({ db, clock, config, instanceId: 'instance-b' });
  return {
    db,
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await db.drop();
    },
  };
}

/** `createTestApp` on an isolated database (see above) that `close()` also drops. */
export async function createCallsTestApp(
  dialect: Dialect,
  opts: { config?: Partial<Config>; clock?: ManualClock; instanceId?: string } = {},
): Promise<TestApp> {
  const db = await createIsolatedDatabase(dialect);
  const t = await createTestApp({
    db,
    ...opts,
    config: {
      callRequestRateLimit: 100_000,
      callRequestPhoneLimit: 100_000,
      callRequestGlobalLimit: 100_000,
      ...opts.config,
    },
  });
  return {
    ...t,
    close: async () => {
      await t.close();
      await db.drop();
    },
  };
}

/**
 * An active call's whole row (every column of `calls`), as a straight insert needs it: for tests
 * that set the table up below the services (migrations). `at` stands for every timestamp. Without
 * the columns later migrations add (`appointment_id`, 016; `client_address_hash`, 018;
 * `client_connected_at` and `client_absent_since`, 023), so it fits every earlier level too.
 */
export const activeCallRow = (
  id: string,
  at: string,
): Omit<
  CallsTable,
  | 'appointment_id'
  | 'client_address_hash'
  | 'client_connected_at'
  | 'client_absent_since'
  | 'plan_at'
> => ({
  id,
  status: 'active',
  advisor_id: null,
  client_id: 'client_1',
  client_key_hash: 'hash',
  client_name: 'Ana',
  client_email: '',
  client_phone: '+51 900 000 000',
  client_phone_normalized: '51900000000',
  subject: 'hair_care',
  message: '',
  source: 'web',
  language: 'es',
  consent_at: at,
  requested_at: at,
  offer_expires_at: null,
  accepted_at: at,
  started_at: at,
  ended_at: null,
  duration_seconds: null,
  rating: null,
  rating_comment: null,
  rated_at: null,
  reason: null,
  ended_by: null,
  room_provider: null,
  room_name: null,
  room_url: null,
  room_expires_at: null,
  estimated_wait_seconds: null,
  end_warned_minutes: null,
  updated_at: at,
});

/**
 * A booking inserted straight into `appointments`, below the service: 20 minutes from `startsAt`
 * plus a 5-minute buffer, status booked unless said otherwise; `key` opens it (its hash is kept
 * in `appointment_keys`, as the service keeps it).
 */
export async function insertAppointment(
  db: Db,
  opts: {
    advisorId: string;
    startsAt: string;
    key?: string;
    email?: string;
    language?: 'es' | 'en';
    timeZone?: string;
    createdAt?: string;
    status?: AppointmentsTable['status'];
    /** a service booking (a 45-minute 'Corte y peinado' at this price, from this call's plan) */
    service?: { priceCents: number | null; planCallId: string | null };
  },
): Promise<{ id: string; key: string }> {
  const id = newId('apt');
  const key = opts.key ?? newSecret();
  const start = Date.parse(opts.startsAt);
  const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString();
  const created = opts.createdAt ?? at(-3 * 24 * 60);
  await db
    .insertInto('appointments')
    .values({
      id,
      advisor_id: opts.advisorId,
      status: opts.status ?? 'booked',
      starts_at: at(0),
      ends_at: at(20),
      held_until: at(25),
      subject: 'hair_care',
      client_name: 'Lucía Reserva',
      client_phone: '+51 900 000 000',
      client_phone_digits: '51900000000',
      client_address_hash: null,
      client_email: opts.email ?? '',
      message: '',
      language: opts.language ?? 'es',
      time_zone: opts.timeZone ?? 'America/Lima',
      call_id: null,
      cancelled_by: null,
      created_at: created,
      updated_at: created,
      reminded_day_at: null,
      reminded_hour_at: null,
      kind: opts.service ? 'service' : 'consultation',
      service_id: opts.service ? 'svc_fixture' : null,
      service_name: opts.service ? 'Corte y peinado' : null,
      service_minutes: opts.service ? 45 : null,
      service_price_cents: opts.service?.priceCents ?? null,
      plan_call_id: opts.service?.planCallId ?? null,
      booked_by_id: null,
      booked_by_name: null,
      verbal_consent: 0,
    })
    .execute();
  await db
    .insertInto('appointment_keys')
    .values({ key_hash: hashSecret(key), appointment_id: id, created_at: created })
    .execute();
  return { id, key };
}

/**
 * Every row of every application table, as text: what a copy of the database shows. For "this
 * secret is stored nowhere in clear".
 */
export async function databaseText(t: TestDatabase): Promise<string> {
  const tables = (await t.db.introspection.getTables()).filter(
    (table) => t.schema === undefined || table.schema === t.schema,
  );
  if (tables.length < 10) throw new Error(`only ${tables.length} tables found to read`);
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db);
    parts.push(`${name}: ${JSON.stringify(rows.rows)}`);
  }
  return parts.join('\n');
}

/** A day she does not work. */
export const OFF_DAY = { start: '09:00', end: '17:00', enabled: false };

/** Every day off but Tuesday 09:00–10:00 (Lima): slots at 09:00 and 09:25 with the default 20 + 5 minutes. */
export const tuesdayMorning: WorkingHours = {
  monday: OFF_DAY,
  tuesday: { start: '09:00', end: '10:00', enabled: true },
  wednesday: OFF_DAY,
  thursday: OFF_DAY,
  friday: OFF_DAY,
  saturday: OFF_DAY,
  sunday: OFF_DAY,
};
