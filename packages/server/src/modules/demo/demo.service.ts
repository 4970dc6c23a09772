import { REPORT_MONTHS, defaultWorkingHours } from '@belleza/contract';
import type { Db, Dialect } from '../../db/kysely.js';
import type { AdvisorsTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword } from '../../lib/password.js';
import { limaMonthKeys, limaMonthStartUtc } from '../reports/reports.service.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD, demoAdvisorProfiles } from './demo.data.js';
import { generateAppointments } from './demo.appointments.js';
import { demoCatalogue } from './demo.catalogue.js';
import { generateCalls } from './demo.generator.js';
import { generatePlans } from './demo.plans.js';
import { demoPhotoRows } from './demo.photos.js';
import { createRng } from './demo.random.js';
import { DEMO_SALON_NAME, demoSalonProfile } from './demo.salon.js';
import {
  demoAdvisorsExist,
  insertAdvisorPhotos,
  insertAdvisors,
  insertAppointments,
  insertSummaries,
  insertCalls,
  insertCatalogue,
  insertDemoSalon,
  insertNotes,
  insertOffers,
  refreshStatistics,
} from './demo.repository.js';

export type SeedDemoOptions = {
  /** Lima months of history, the current one included */
  months?: number;
  /** how many calls to generate */
  calls?: number;
  seed?: number;
};

export type SeedDemoResult =
  | {
      status: 'seeded';
      advisors: { name: string; email: string; title: string; isAdmin: boolean }[];
      password: string;
      calls: number;
      offers: number;
      notes: number;
      appointments: number;
    }
  | { status: 'skipped'; message: string };

const DEFAULT_CALLS = 1500;
const skipped: SeedDemoResult = {
  status: 'skipped',
  message: `Demo data already present (advisors @${DEMO_EMAIL_DOMAIN} exist); nothing was changed.`,
};
const DEFAULT_SEED = 20261122;

/**
 * Demo advisors (with drawn profile photos), the salon's catalogue (services, opinions, gallery,
 * all marked as demo), months of call history and bookings, in one
 * transaction. Refuses (without touching anything) when demo advisors already exist, so running it
 * twice is harmless.
 */
export async function seedDemo(
  db: Db,
  dialect: Dialect,
  clock: Clock,
  options: SeedDemoOptions = {},
): Promise<SeedDemoResult> {
  // Checked first to skip the work, and again inside the transaction against a concurrent run.
  if (await demoAdvisorsExist(db, DEMO_EMAIL_DOMAIN)) return skipped;
  const months = options.months ?? REPORT_MONTHS;
  const now = clock.now();
  const rng = createRng(options.seed ?? DEFAULT_SEED);
  // scrypt is deliberately slow: one hash shared by every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const since = new Date(limaMonthStartUtc(limaMonthKeys(now, months)[0] ?? '')).getTime();
  const joined = new Date(since - 30 * 24 * 3600_000).toISOString();
  const advisors: AdvisorsTable[] = demoAdvisorProfiles.map((p) => ({
    id: `adv_demo_${p.key.replace(/\W/g, '_')}`,
    name: p.name,
    email: `${p.key}@${DEMO_EMAIL_DOMAIN}`,
    password_hash: passwordHash,
    status: 'offline',
    status_reason: null,
    is_admin: p.isAdmin ? 1 : 0,
    show_on_landing: p.showOnLanding ? 1 : 0,
    title: p.title,
    phone: p.phone,
    bio: p.bio,
    timezone: 'America/Lima',
    expertise: JSON.stringify(p.expertise),
    auto_accept_calls: 0,
    max_concurrent_calls: p.isAdmin ? 1 : 2,
    working_hours: JSON.stringify(defaultWorkingHours),
    missed_offers_in_row: 0,
    last_call_ended_at: null,
    suspended_at: null,
    created_at: joined,
    updated_at: joined,
    deleted_at: null,
  }));
  // A drawn portrait each (demo.photos.ts), stored as an upload's renditions would be.
  const photoRows = await demoPhotoRows(
    advisors.map((a) => a.id),
    joined,
  );
  // The salon's services, opinions and gallery, each marked as demo (demo.catalogue.ts).
  const catalogue = await demoCatalogue(
    joined,
    advisors.map((a) => a.id),
  );
  const refs = advisors.map((a, i) => ({ id: a.id, weight: demoAdvisorProfiles[i]?.weight ?? 1 }));
  const generated = generateCalls(options.calls ?? DEFAULT_CALLS, refs, months, rng, { now });
  const booked = generateAppointments(
    generated.calls,
    advisors.map((a) => a.id),
    rng,
    { now, since: new Date(since) },
  );
  // Plans of catalogue services, their bookings in the salon and what those made (demo.plans.ts).
  const planned = generatePlans(booked.calls, booked.appointments, catalogue.services, rng, {
    now,
  });
  const appointments = [...booked.appointments, ...planned.appointments];
  for (const a of advisors) {
    const lastEnd = generated.calls
      .filter((c) => c.advisor_id === a.id && c.status === 'completed')
      .reduce<string | null>(
        (max, c) => (c.ended_at && (!max || c.ended_at > max) ? c.ended_at : max),
        null,
      );
    a.last_call_ended_at = lastEnd;
  }

  const seeded = await db.transaction().execute(async (trx) => {
    if (await demoAdvisorsExist(trx, DEMO_EMAIL_DOMAIN)) return false;
    await insertAdvisors(trx, advisors);
    await insertAdvisorPhotos(trx, photoRows);
    await insertCatalogue(trx, catalogue);
    await insertDemoSalon(trx, demoSalonProfile(joined), DEMO_SALON_NAME, joined);
    // the calls first: an attended booking names its call
    await insertCalls(trx, planned.calls);
    await insertSummaries(trx, planned.summaries);
    await insertAppointments(trx, appointments);
    await insertOffers(trx, generated.offers);
    await insertNotes(trx, generated.notes);
    return true;
  });
  if (!seeded) return skipped;
  await refreshStatistics(db, dialect);
  return {
    status: 'seeded',
    advisors: demoAdvisorProfiles.map((p) => ({
      name: p.name,
      email: `${p.key}@${DEMO_EMAIL_DOMAIN}`,
      title: p.title,
      isAdmin: p.isAdmin,
    })),
    password: DEMO_PASSWORD,
    calls: generated.calls.length,
    offers: generated.offers.length,
    notes: generated.notes.length,
    appointments: appointments.length,
  };
}
