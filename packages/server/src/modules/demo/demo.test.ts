import { callSubjects } from '@belleza/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/kysely.js';
import { limaMonth } from '../../db/sql-fns.js';
import { ManualClock } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/password.js';
import { createTestDatabase, dialects, type TestDatabase } from '../../test/helpers.js';
import { createReportsService } from '../reports/reports.service.js';
import { generateAppointments } from './demo.appointments.js';
import { DEMO_EMAIL_DOMAIN, DEMO_PASSWORD } from './demo.data.js';
import { generateCalls } from './demo.generator.js';
import { createRng } from './demo.random.js';
import { seedDemo, type SeedDemoResult } from './demo.service.js';

const NOW = '2026-11-20T15:00:00.000Z';
// Map.groupBy needs Node 21.
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

const advisors = [{ id: 'a1', weight: 2 }, { id: 'a2' }, { id: 'a3' }];

describe('generateCalls', () => {
  const gen = () => generateCalls(2000, advisors, 6, createRng(7), { now: new Date(NOW) });

  it('is deterministic for a seed', () => {
    expect(gen()).toEqual(gen());
  });

  it('continues with distinct ids when generated in chunks', () => {
    const rng = createRng(9);
    const a = generateCalls(300, advisors, 12, rng, { now: new Date(NOW) });
    const b = generateCalls(300, advisors, 12, rng, { now: new Date(NOW), startIndex: 300 });
    const ids = new Set([...a.calls, ...b.calls].map((c) => c.id));
    expect(ids.size).toBe(600);
  });

  it('keeps every call inside the span, over before now, mostly in Lima working hours', () => {
    const { calls } = gen();
    const start = '2026-06-01T05:00:00.000Z';
    for (const c of calls) {
      expect(c.requested_at >= start).toBe(true);
      expect((c.ended_at ?? '') < NOW).toBe(true);
      expect(c.rated_at === null || c.rated_at < NOW).toBe(true);
    }
    const limaHour = (iso: string) => (new Date(iso).getUTCHours() + 19) % 24;
    const inHours = calls.filter((c) => {
      const h = limaHour(c.requested_at);
      return h >= 9 && h < 20;
    });
    expect(inHours.length / calls.length).toBeGreaterThan(0.85);
    const weekend = calls.filter(
      (c) => new Date(new Date(c.requested_at).getTime() - 5 * 3600_000).getUTCDay() === 0,
    );
    expect(weekend.length / calls.length).toBeLessThan(0.05);
  });

  it('writes offers that agree with each outcome', () => {
    const { calls, offers } = gen();
    const byCall = groupBy(offers, (o) => o.call_id);
    for (const c of calls) {
      const own = byCall.get(c.id) ?? [];
      const accepted = own.filter((o) => o.outcome === 'accepted');
      if (c.status === 'completed') {
        expect(accepted).toHaveLength(1);
        expect(accepted[0]?.advisor_id).toBe(c.advisor_id);
        expect(accepted[0]?.responded_at).toBe(c.accepted_at);
        expect(c.duration_seconds).toBeGreaterThanOrEqual(5 * 60);
        expect(c.duration_seconds).toBeLessThanOrEqual(40 * 60);
        expect(c.rating === null || (c.rating >= 3 && c.rating <= 5)).toBe(true);
        // declines and timeouts come from other advisors, each asked once
        expect(new Set(own.map((o) => o.advisor_id)).size).toBe(own.length);
      } else {
        expect(c.status).toBe('cancelled');
        expect(accepted).toHaveLength(0);
        expect(c.accepted_at).toBeNull();
        if (c.reason === 'no_answer') {
          expect(own.length).toBeGreaterThan(0);
          expect(own.every((o) => o.outcome === 'declined' || o.outcome === 'timeout')).toBe(true);
        }
        if (c.ended_by === 'client') expect(own.every((o) => o.outcome === 'withdrawn')).toBe(true);
      }
      expect(callSubjects).toContain(c.subject);
      expect(c.client_phone).toMatch(/^\+51 9\d{2} \d{3} \d{3}$/);
      expect(c.client_phone_normalized).toBe(c.client_phone.replace(/\D/g, ''));
    }
    const statuses = groupBy(calls, (c) => `${c.status}:${c.reason ?? ''}`);
    expect((statuses.get('completed:')?.length ?? 0) / calls.length).toBeGreaterThan(0.7);
    expect(statuses.get('cancelled:no_answer')?.length).toBeGreaterThan(50);
    expect(statuses.get('cancelled:Cancelled by user')?.length).toBeGreaterThan(50);
    expect(offers.filter((o) => o.outcome === 'declined').length).toBeGreaterThan(50);
    expect(offers.filter((o) => o.outcome === 'timeout').length).toBeGreaterThan(50);
  });

  it('brings some clients back by phone', () => {
    const { calls } = gen();
    const perPhone = groupBy(calls, (c) => c.client_phone_normalized);
    const returning = [...perPhone.values()].filter((group) => group.length > 1).length;
    expect(returning).toBeGreaterThan(50);
  });
});

describe('generateAppointments', () => {
  const gen = () => {
    const rng = createRng(11);
    const now = new Date(NOW);
    const { calls } = generateCalls(2000, advisors, 6, rng, { now });
    const ids = advisors.map((a) => a.id);
    return generateAppointments(calls, ids, rng, {
      now,
      since: new Date('2026-06-01T05:00:00.000Z'),
    });
  };
  const minutes = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;

  it('is deterministic for a seed', () => {
    expect(gen()).toEqual(gen());
  });

  it('makes some answered calls attended bookings, each naming the other', () => {
    const { appointments, calls } = gen();
    const callsById = new Map(calls.map((c) => [c.id, c]));
    const attended = appointments.filter((a) => a.status === 'attended');
    expect(attended.length).toBeGreaterThan(30);
    for (const a of attended) {
      const call = callsById.get(a.call_id ?? '');
      expect(call).toMatchObject({
        status: 'completed',
        advisor_id: a.advisor_id,
        source: 'appointment',
        appointment_id: a.id,
      });
      // she entered from 5 minutes before the start until she would have been a no-show
      const late = minutes(a.starts_at, call?.requested_at ?? '');
      expect(late).toBeGreaterThanOrEqual(-5);
      expect(late).toBeLessThanOrEqual(10);
    }
    const fromBookings = calls.filter((c) => c.appointment_id !== null);
    expect(fromBookings).toHaveLength(attended.length);
    expect(appointments.every((a) => a.status !== 'attended' || a.call_id !== null)).toBe(true);
  });

  it('books weekday slots of the default grid (every half hour from 09:00) that never overlap for one advisor', () => {
    const { appointments } = gen();
    const byAdvisor = groupBy(appointments, (a) => a.advisor_id);
    for (const own of byAdvisor.values()) {
      own.slice(1).forEach((a, i) => {
        expect(a.starts_at >= (own[i]?.held_until ?? '')).toBe(true);
      });
    }
    for (const a of appointments) {
      const lima = new Date(Date.parse(a.starts_at) - 5 * 3600_000);
      expect([1, 2, 3, 4, 5]).toContain(lima.getUTCDay());
      const fromNine = lima.getUTCHours() * 60 + lima.getUTCMinutes() - 9 * 60;
      expect(fromNine % 30).toBe(0);
      expect(fromNine + 20).toBeLessThanOrEqual(8 * 60);
      expect(minutes(a.starts_at, a.ends_at)).toBe(20);
      expect(minutes(a.starts_at, a.held_until)).toBe(25);
      expect(a.created_at <= a.updated_at && a.created_at <= NOW).toBe(true);
    }
  });

  it('leaves only bookings still to come open, within the horizon and without an address', () => {
    const { appointments } = gen();
    const statuses = groupBy(appointments, (a) => a.status);
    expect(statuses.get('no_show')?.length).toBeGreaterThan(3);
    expect(statuses.get('cancelled')?.length).toBeGreaterThan(3);
    const open = statuses.get('booked') ?? [];
    expect(open.length).toBeGreaterThan(10);
    for (const a of open) {
      expect(minutes(NOW, a.starts_at)).toBeGreaterThanOrEqual(60);
      expect(minutes(NOW, a.starts_at)).toBeLessThanOrEqual(15 * 24 * 60);
      expect(a.client_email).toBe('');
    }
    for (const a of appointments.filter((b) => b.status !== 'booked' && b.status !== 'cancelled')) {
      expect(a.starts_at < NOW).toBe(true);
    }
  });
});

describe.each(await dialects())('seedDemo on %s', (dialect) => {
  let db: TestDatabase;
  let first: SeedDemoResult;
  const clock = new ManualClock(NOW);
  const count = async (
    table:
      | 'advisors'
      | 'advisor_photos'
      | 'calls'
      | 'call_offers'
      | 'call_notes'
      | 'appointments'
      | 'catalogue_photos',
  ) =>
    Number(
      (
        await db.db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await migrateToLatest(db.db, db.schema);
    first = await seedDemo(db.db, dialect, clock, { months: 6 });
  });
  afterAll(async () => {
    await db.drop();
  });

  it('creates the demo team and about 1,500 calls with their offers and notes', async () => {
    expect(first.status).toBe('seeded');
    const advisorsCount = await count('advisors');
    expect(advisorsCount).toBeGreaterThanOrEqual(7);
    expect(advisorsCount).toBeLessThanOrEqual(10);
    const calls = await count('calls');
    expect(calls).toBeGreaterThanOrEqual(1200);
    expect(calls).toBeLessThanOrEqual(2000);
    expect(await count('call_offers')).toBeGreaterThan(calls);
    expect(await count('call_notes')).toBeGreaterThan(200);
    if (first.status === 'seeded') expect(first.calls).toBe(calls);
  });

  it('gives every demo account the demo password and one of them admin rights', async () => {
    const rows = await db.db
      .selectFrom('advisors')
      .select(['email', 'password_hash', 'is_admin', 'title'])
      .execute();
    expect(rows.every((r) => r.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`))).toBe(true);
    expect(rows.filter((r) => r.is_admin === 1)).toHaveLength(1);
    expect(rows.some((r) => r.title === 'Estilista sénior')).toBe(true);
    const first = rows[0];
    expect(first && (await verifyPassword(DEMO_PASSWORD, first.password_hash))).toBe(true);
  });

  it("fills the salon's catalogue, opinions and gallery, every one of them marked as demo", async () => {
    const services = await db.db
      .selectFrom('salon_services')
      .select(['name', 'price_cents', 'photo_version'])
      .execute();
    expect(services.length).toBeGreaterThanOrEqual(3);
    expect(services.every((s) => s.name.includes('(demo)'))).toBe(true);
    expect(services.some((s) => s.price_cents !== null && s.photo_version !== null)).toBe(true);
    const opinions = await db.db
      .selectFrom('testimonials')
      .select(['source', 'published', 'comment'])
      .execute();
    expect(opinions.length).toBeGreaterThan(0);
    expect(
      opinions.every(
        (o) => o.source === 'manual' && o.comment?.startsWith('Opinión de demostración'),
      ),
    ).toBe(true);
    const gallery = await db.db
      .selectFrom('gallery_items')
      .select(['alt', 'photo_version'])
      .execute();
    expect(gallery.length).toBeGreaterThan(0);
    expect(
      gallery.every((g) => g.alt.startsWith('Imagen de demostración') && g.photo_version),
    ).toBe(true);
    const withPhoto = services.filter((s) => s.photo_version).length + gallery.length;
    expect(await count('catalogue_photos')).toBe(withPhoto * 6);
  });

  it('names the salon as a demo and fills its profile, saying it is demo data', async () => {
    const profile = await db.db
      .selectFrom('salon_profile')
      .select(['hero_text', 'email', 'hours_mode'])
      .executeTakeFirstOrThrow();
    expect(profile.hero_text).toMatch(/^Datos de demostración/);
    expect(profile.email).toBe('hola@example.com');
    expect(profile.hours_mode).toBe('custom');
    const system = await db.db
      .selectFrom('settings')
      .select('value')
      .where('section', '=', 'system')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(system.value)).toMatchObject({ siteName: 'Salón Demo' });
  });

  it('draws every demo advisor a profile photo: all its renditions, one version each', async () => {
    const advisors = await count('advisors');
    expect(await count('advisor_photos')).toBe(advisors * 6);
    const versions = await db.db
      .selectFrom('advisor_photos')
      .select(['advisor_id', 'version'])
      .distinct()
      .execute();
    expect(versions).toHaveLength(advisors);
    // A colour of their own: no two portraits alike.
    expect(new Set(versions.map((v) => v.version)).size).toBe(advisors);
  });

  it('spreads the calls over the six Lima months of the report', async () => {
    const month = limaMonth(dialect, 'requested_at');
    const perMonth = await db.db
      .selectFrom('calls')
      .select([month.as('month'), sql<number>`count(*)`.as('n')])
      .groupBy(month)
      .orderBy(month)
      .execute();
    expect(perMonth.map((r) => r.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const report = await createReportsService({ db: db.db, dialect, clock }).getReport(6);
    expect(report.totalCalls).toBe(await count('calls'));
    expect(report.averageRating).toBeGreaterThan(3.8);
    expect(report.averageRating).toBeLessThan(4.8);
    expect(report.detail.returningClientsRate).toBeGreaterThan(0);
    expect(report.detail.missedCalls).toBeGreaterThan(0);
    expect(report.detail.abandonedCalls).toBeGreaterThan(0);
    expect(report.topAdvisor).toBe('Valeria Rojas');
  });

  it('books appointments in every month of the report, open ones still to come', async () => {
    const appointments = await count('appointments');
    if (first.status === 'seeded') expect(first.appointments).toBe(appointments);
    const report = await createReportsService({ db: db.db, dialect, clock }).getReport(6);
    for (const m of report.months) expect(m.appointmentsAttended).toBeGreaterThan(0);
    const { booked, attended, noShow, cancelled, attendanceRate } = report.appointments;
    expect(noShow).toBeGreaterThan(0);
    expect(cancelled).toBeGreaterThan(0);
    // November's later days hold bookings still open
    expect(booked).toBeGreaterThan(attended + noShow);
    expect(attendanceRate).toBeGreaterThan(70);
    expect(attendanceRate).toBeLessThan(100);
    const fromBookings = await db.db
      .selectFrom('calls')
      .innerJoin('appointments', 'appointments.call_id', 'calls.id')
      .select(sql<number>`count(*)`.as('n'))
      .whereRef('calls.appointment_id', '=', 'appointments.id')
      .executeTakeFirstOrThrow();
    expect(Number(fromBookings.n)).toBe(attended);
  });

  it("fills the reports' funnel: plans, service bookings, attended at a price and not done", async () => {
    const funnel = await createReportsService({ db: db.db, dialect, clock }).getFunnel(6);
    const { total } = funnel;
    expect(total.plans).toBeGreaterThan(0);
    expect(total.plans).toBeLessThan(total.consultations);
    expect(total.bookings).toBeGreaterThan(0);
    expect(total.bookings).toBeLessThan(total.plans);
    expect(total.attended).toBeGreaterThan(0);
    expect(total.notDone).toBeGreaterThan(0);
    expect(total.attended + total.notDone).toBeLessThanOrEqual(total.bookings);
    expect(total.revenue).toBeGreaterThan(0);
    expect(total.revenuePerHour).toBeGreaterThan(0);
    for (const m of funnel.months.slice(0, -1)) expect(m.attended, m.month).toBeGreaterThan(0);
    expect(funnel.advisors.length).toBeGreaterThan(1);
    // Every attended service was recorded by its stylist at a final price.
    const unpriced = await db.db
      .selectFrom('appointments')
      .select(sql<number>`count(*)`.as('n'))
      .where('kind', '=', 'service')
      .where('status', '=', 'attended')
      .where((eb) => eb.or([eb('outcome_price_cents', 'is', null), eb('outcome_by', 'is', null)]))
      .executeTakeFirstOrThrow();
    expect(Number(unpriced.n)).toBe(0);
  });

  it('refuses a second run and changes nothing', async () => {
    const before = [
      await count('advisors'),
      await count('calls'),
      await count('call_offers'),
      await count('appointments'),
    ];
    const second = await seedDemo(db.db, dialect, clock, { months: 6 });
    expect(second.status).toBe('skipped');
    expect([
      await count('advisors'),
      await count('calls'),
      await count('call_offers'),
      await count('appointments'),
    ]).toEqual(before);
  });
});
