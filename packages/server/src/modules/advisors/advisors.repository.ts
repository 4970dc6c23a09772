/**
 * The SQL of the advisors module. Rows come back normalised (booleans, numbers, parsed JSON);
 * the password hash only leaves through `findCredentialsByEmail`.
 */
import {
  advisorTimezones,
  defaultWorkingHours,
  workingHoursSchema,
  type AdvisorStatus,
  type WorkingHours,
} from '@belleza/contract';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../db/kysely.js';
import type { AdvisorsTable } from '../../db/schema.js';
// The only unique constraint a write here can hit is the email index.
import { isUniqueViolation } from '../../db/sql-fns.js';

/** 1 when a socket of advisor `a` (the query's alias) was seen at or after `onlineSince`, else 0. */
const onlineFlag = (onlineSince: string) =>
  sql<number>`case when exists (select 1 from socket_connections sc where sc.advisor_id = a.id and sc.last_seen_at >= ${onlineSince}) then 1 else 0 end`;

/** The version of the profile photo of advisor `a` (the query's alias), null without one. */
const photoVersion = sql<
  string | null
>`(select min(ph.version) from advisor_photos ph where ph.advisor_id = a.id)`;

export type AdvisorRecord = {
  id: string;
  name: string;
  email: string;
  status: AdvisorStatus;
  statusReason: string | null;
  /** an admin suspended her: she cannot be available until it is lifted */
  suspended: boolean;
  isAdmin: boolean;
  showOnLanding: boolean;
  title: string;
  phone: string;
  bio: string;
  timezone: (typeof advisorTimezones)[number];
  expertise: string[];
  autoAcceptCalls: boolean;
  maxConcurrentCalls: number;
  workingHours: WorkingHours;
  missedOffersInRow: number;
  lastCallEndedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AdvisorStatsRecord = {
  totalCalls: number;
  completedCalls: number;
  averageRating: number;
  totalDurationSeconds: number;
};

export type AdvisorWithStatsRecord = AdvisorRecord & {
  stats: AdvisorStatsRecord;
  online: boolean;
  /** the version of her profile photo; null without one */
  photoVersion: string | null;
};

const columns = [
  'a.id',
  'a.name',
  'a.email',
  'a.status',
  'a.status_reason',
  'a.suspended_at',
  'a.is_admin',
  'a.show_on_landing',
  'a.title',
  'a.phone',
  'a.bio',
  'a.timezone',
  'a.expertise',
  'a.auto_accept_calls',
  'a.max_concurrent_calls',
  'a.working_hours',
  'a.missed_offers_in_row',
  'a.last_call_ended_at',
  'a.created_at',
  'a.updated_at',
] as const;

type SelectedRow = Omit<AdvisorsTable, 'password_hash' | 'deleted_at'>;

const expertiseSchema = z.array(z.string());
const timezoneSet = new Set<string>(advisorTimezones);

function parseJson<T>(text: string, schema: z.ZodType<T>, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

function toRecord(r: SelectedRow): AdvisorRecord {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    status: r.status,
    statusReason: r.status_reason,
    suspended: r.suspended_at !== null,
    isAdmin: num(r.is_admin) === 1,
    showOnLanding: num(r.show_on_landing) === 1,
    title: r.title,
    phone: r.phone,
    bio: r.bio,
    timezone: timezoneSet.has(r.timezone)
      ? (r.timezone as AdvisorRecord['timezone'])
      : 'America/Lima',
    expertise: parseJson(r.expertise, expertiseSchema, []),
    autoAcceptCalls: num(r.auto_accept_calls) === 1,
    maxConcurrentCalls: num(r.max_concurrent_calls),
    workingHours: parseJson(r.working_hours, workingHoursSchema, defaultWorkingHours),
    missedOffersInRow: num(r.missed_offers_in_row),
    lastCallEndedAt: r.last_call_ended_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** A live (not deleted) advisor without stats. */
export async function findLiveAdvisor(db: Db, id: string): Promise<AdvisorRecord | null> {
  const row = await db
    .selectFrom('advisors as a')
    .select(columns)
    .where('a.id', '=', id)
    .where('a.deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Every live (not deleted) advisor without stats, by name. */
export async function selectLiveAdvisors(db: Db): Promise<AdvisorRecord[]> {
  const rows = await db
    .selectFrom('advisors as a')
    .select(columns)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
  return rows.map(toRecord);
}

/**
 * Live advisors with their call stats (one GROUP BY over the calls they answered) and presence:
 * online when one of their sockets was seen at or after `onlineSince`.
 */
export async function selectAdvisorsWithStats(
  db: Db,
  filter: { id?: string; status?: AdvisorStatus },
  onlineSince: string,
): Promise<AdvisorWithStatsRecord[]> {
  let stats = db
    .selectFrom('calls as c')
    .select((eb) => [
      'c.advisor_id',
      eb.fn.countAll<number | string>().as('total_calls'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('c.status', '=', 'completed').then(1).else(0).end(),
        )
        .as('completed_calls'),
      eb.fn.avg<number | string | null>('c.rating').as('average_rating'),
      eb.fn.sum<number | string | null>('c.duration_seconds').as('total_seconds'),
    ])
    .where('c.advisor_id', 'is not', null)
    // Her calls are the ones she answered (as in the reports), not every call that rang her.
    .where('c.accepted_at', 'is not', null)
    .groupBy('c.advisor_id');
  if (filter.id) stats = stats.where('c.advisor_id', '=', filter.id);

  let q = db
    .selectFrom('advisors as a')
    .leftJoin(stats.as('s'), 's.advisor_id', 'a.id')
    .select(columns)
    .select([
      's.total_calls',
      's.completed_calls',
      's.average_rating',
      's.total_seconds',
      onlineFlag(onlineSince).as('online'),
      photoVersion.as('photo_version'),
    ])
    .where('a.deleted_at', 'is', null);
  if (filter.id) q = q.where('a.id', '=', filter.id);
  if (filter.status) q = q.where('a.status', '=', filter.status);

  const rows = await q.orderBy('a.created_at', 'asc').orderBy('a.id', 'asc').execute();
  return rows.map((r) => ({
    ...toRecord(r),
    stats: {
      totalCalls: num(r.total_calls),
      completedCalls: num(r.completed_calls),
      averageRating: num(r.average_rating),
      totalDurationSeconds: num(r.total_seconds),
    },
    online: num(r.online) === 1,
    photoVersion: r.photo_version,
  }));
}

export async function findCredentialsByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; passwordHash: string } | null> {
  const row = await db
    .selectFrom('advisors')
    .select(['id', 'password_hash'])
    .where('email', '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, passwordHash: row.password_hash } : null;
}

export async function emailInUse(db: Db, email: string, exceptId?: string): Promise<boolean> {
  let q = db
    .selectFrom('advisors')
    .select('id')
    .where('email', '=', email.toLowerCase())
    .where('deleted_at', 'is', null);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export type NewAdvisorRow = Omit<AdvisorsTable, 'deleted_at'>;

/** A concurrent insert of the same email hits the partial unique index: answered as 'email_taken'. */
export async function insertAdvisor(db: Db, row: NewAdvisorRow): Promise<'ok' | 'email_taken'> {
  try {
    await db
      .insertInto('advisors')
      .values({
        id: row.id,
        name: row.name,
        email: row.email.toLowerCase(),
        password_hash: row.password_hash,
        status: row.status,
        status_reason: row.status_reason,
        is_admin: row.is_admin,
        show_on_landing: row.show_on_landing,
        title: row.title,
        phone: row.phone,
        bio: row.bio,
        timezone: row.timezone,
        expertise: row.expertise,
        auto_accept_calls: row.auto_accept_calls,
        max_concurrent_calls: row.max_concurrent_calls,
        working_hours: row.working_hours,
        missed_offers_in_row: row.missed_offers_in_row,
        last_call_ended_at: row.last_call_ended_at,
        created_at: row.created_at,
        updated_at: row.updated_at,
        deleted_at: null,
      })
      .execute();
    return 'ok';
  } catch (err) {
    if (isUniqueViolation(err)) return 'email_taken';
    throw err;
  }
}

export type AdvisorPatch = Partial<
  Pick<
    AdvisorsTable,
    | 'name'
    | 'email'
    | 'password_hash'
    | 'is_admin'
    | 'show_on_landing'
    | 'title'
    | 'phone'
    | 'bio'
    | 'timezone'
    | 'expertise'
    | 'auto_accept_calls'
    | 'max_concurrent_calls'
    | 'working_hours'
  >
> & { updated_at: string };

export async function updateAdvisor(
  db: Db,
  id: string,
  patch: AdvisorPatch,
): Promise<'ok' | 'not_found' | 'email_taken'> {
  try {
    const res = await db
      .updateTable('advisors')
      .set(patch.email === undefined ? patch : { ...patch, email: patch.email.toLowerCase() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1 ? 'ok' : 'not_found';
  } catch (err) {
    if (isUniqueViolation(err)) return 'email_taken';
    throw err;
  }
}

export async function softDeleteAdvisor(db: Db, id: string, now: string): Promise<boolean> {
  const res = await db
    .updateTable('advisors')
    .set({ deleted_at: now, updated_at: now, status: 'offline', status_reason: null })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Touches every live admin row inside the caller's transaction. On PostgreSQL this takes their
 * row locks, so two admins demoting or deleting each other at once are serialised and the second
 * sees the first's change (SQLite serialises writers anyway). Portable SQL, no FOR UPDATE needed.
 */
export async function lockLiveAdmins(db: Db): Promise<void> {
  await db
    .updateTable('advisors')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('is_admin', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function countOtherLiveAdmins(db: Db, exceptId: string): Promise<number> {
  const row = await db
    .selectFrom('advisors')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('is_admin', '=', 1)
    .where('deleted_at', 'is', null)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return num(row.n);
}

export async function countActiveCallsOf(db: Db, advisorId: string): Promise<number> {
  const row = await db
    .selectFrom('calls')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('advisor_id', '=', advisorId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return num(row.n);
}

export async function countLiveAdvisors(db: Db): Promise<number> {
  const row = await db
    .selectFrom('advisors')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return num(row.n);
}

/** Live advisors by status, role and whether a socket of theirs was seen since `onlineSince`. */
export async function countsByStatusAndRole(
  db: Db,
  onlineSince: string,
): Promise<Array<{ status: AdvisorStatus; isAdmin: boolean; online: boolean; count: number }>> {
  // Each advisor's `online` first, then the groups (PostgreSQL cannot group by a bound subquery).
  const each = db
    .selectFrom('advisors as a')
    .select(['a.status', 'a.is_admin', onlineFlag(onlineSince).as('online')])
    .where('a.deleted_at', 'is', null)
    .as('each');
  const rows = await db
    .selectFrom(each)
    .select((eb) => ['status', 'is_admin', 'online', eb.fn.countAll<number | string>().as('n')])
    .groupBy(['status', 'is_admin', 'online'])
    .execute();
  return rows.map((r) => ({
    status: r.status,
    isAdmin: num(r.is_admin) === 1,
    online: num(r.online) === 1,
    count: num(r.n),
  }));
}

/** The email of the longest-standing live admin (the default notifications address). */
export async function firstAdminEmail(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('advisors')
    .select('email')
    .where('is_admin', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** One conditional UPDATE: bumps the streak and answers the new value (null when no live advisor). */
export async function incrementMissedOffers(
  db: Db,
  id: string,
  now: string,
): Promise<number | null> {
  const res = await db
    .updateTable('advisors')
    .set((eb) => ({ missed_offers_in_row: eb('missed_offers_in_row', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  const row = await db
    .selectFrom('advisors')
    .select('missed_offers_in_row')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? num(row.missed_offers_in_row) : null;
}

/** Switches an advisor offline only if still `available` (the conditional UPDATE decides). */
export async function setOfflineIfAvailable(
  db: Db,
  id: string,
  reason: string,
  now: string,
): Promise<boolean> {
  const res = await db
    .updateTable('advisors')
    .set({ status: 'offline', status_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'available')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function resetMissedOffers(db: Db, id: string): Promise<void> {
  await db
    .updateTable('advisors')
    .set({ missed_offers_in_row: 0 })
    .where('id', '=', id)
    .where('missed_offers_in_row', '<>', 0)
    .execute();
}

/**
 * The photo versions of those of `ids` whose photo is public: live, shown on the landing, with a
 * photo. The others are absent.
 */
export async function selectPublicPhotoVersions(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('advisors as a')
    .select(['a.id', photoVersion.as('photo_version')])
    .where('a.id', 'in', [...ids])
    .where('a.show_on_landing', '=', 1)
    .where('a.deleted_at', 'is', null)
    .execute();
  return new Map(rows.flatMap((r) => (r.photo_version ? [[r.id, r.photo_version]] : [])));
}

/** The landing's team: live advisors an admin chose to show, by name; only public fields. */
export async function selectLandingTeam(
  db: Db,
  limit: number,
): Promise<
  Array<{
    id: string;
    name: string;
    title: string;
    expertise: string[];
    photoVersion: string | null;
  }>
> {
  const rows = await db
    .selectFrom('advisors as a')
    .select(['a.id', 'a.name', 'a.title', 'a.expertise', photoVersion.as('photo_version')])
    .where('a.show_on_landing', '=', 1)
    .where('a.deleted_at', 'is', null)
    .orderBy('a.name')
    .orderBy('a.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    expertise: parseJson(r.expertise, expertiseSchema, []),
    photoVersion: r.photo_version,
  }));
}
