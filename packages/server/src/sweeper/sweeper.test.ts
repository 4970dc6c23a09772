/**
 * The sweeper is database-driven (docs/architecture.md#sweeper): a server stopped with a ringing
 * offer and an over-long call, and a new server started on the same database, finishes both. Also:
 * the timer loop runs sweeps on its own when started and stops cleanly. The tick also sends the
 * booking reminders, once across instances.
 */
import { APPOINTMENT_KEY_HEADER, MAX_DURATION_REASON, type CallDetails } from '@belleza/contract';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../lib/clock.js';
import {
  api,
  createIsolatedDatabase,
  insertAdvisor,
  insertAppointment,
  refreshPresence,
  requestCall,
} from '../test/fixtures.js';
import { createTestApp, dialects } from '../test/helpers.js';
import { recipientOf, startTestSmtp } from '../test/smtp.js';
import { createSweeper } from './sweeper.js';

describe.each(await dialects())('sweeper across a restart (%s)', (dialect) => {
  it('a new instance on the same database re-routes the stale offer and ends the over-long call', async () => {
    const db = await createIsolatedDatabase(dialect);
    const clock = new ManualClock('2026-11-20T15:00:00.000Z');
    const config = { callRequestRateLimit: 1000 };
    try {
      const first = await createTestApp({ db, clock, config, instanceId: 'first' });
      const admin = await insertAdvisor(db.db, {
        now: clock.now(),
        isAdmin: true,
        status: 'offline',
        online: false,
      });
      const long = await insertAdvisor(db.db, { now: clock.now(), name: 'Long call' });
      const longCall = await requestCall(first.app);
      expect(longCall.advisorId).toBe(long.id);
      await api(first.app, 'POST', `/api/calls/${longCall.callId}/accept`, { token: long.token });

      clock.advance(50 * 60_000);
      await refreshPresence(db.db, clock.now());
      const ringing = await insertAdvisor(db.db, { now: clock.now(), name: 'Ringing' });
      const pending = await requestCall(first.app);
      expect(pending.advisorId).toBe(ringing.id);
      await first.close();

      // 11 minutes later a new instance starts: the offer expired long ago, the call passed 60 min.
      clock.advance(11 * 60_000);
      await refreshPresence(db.db, clock.now());
      const second = await createTestApp({ db, clock, config, instanceId: 'second' });
      try {
        const report = await second.app.container.sweeper.sweep(clock.now());
        expect(report).toMatchObject({ expired: 1, ended: 1 });

        const ended = (
          await api<CallDetails>(second.app, 'GET', `/api/calls/${longCall.callId}`, {
            token: admin.token,
          })
        ).data;
        expect(ended).toMatchObject({
          status: 'completed',
          endedBy: 'system',
          reason: MAX_DURATION_REASON,
          duration: 61,
        });
        // The ringing advisor timed out; the advisor freed by the system end got the call.
        const moved = (
          await api<CallDetails>(second.app, 'GET', `/api/calls/${pending.callId}`, {
            token: admin.token,
          })
        ).data;
        expect(moved.offers.map((o) => [o.advisorId, o.outcome])).toEqual([
          [ringing.id, 'timeout'],
          [long.id, 'pending'],
        ]);
        expect(moved).toMatchObject({ status: 'pending', advisorId: long.id });
        expect(second.notifier.of('call:ended', `call:${longCall.callId}`)).toHaveLength(1);
        // It has waited for 11 minutes: the offer rings as urgent.
        expect(
          second.notifier
            .of('call:new:urgent', `advisor:${long.id}`)
            .map((e) => (e.payload as { callId: string }).callId),
        ).toEqual([pending.callId]);
        // Nothing left to do.
        expect(await second.app.container.sweeper.sweep(clock.now())).toMatchObject({
          expired: 0,
          ended: 0,
          drained: 0,
        });
      } finally {
        await second.close();
      }
    } finally {
      await db.drop();
    }
  });

  it('warns 5 and 1 minutes before maxCallDuration, once each, whichever instance sweeps', async () => {
    const db = await createIsolatedDatabase(dialect);
    const clock = new ManualClock('2026-11-20T15:00:00.000Z');
    const config = { callRequestRateLimit: 1000 };
    const a = await createTestApp({ db, clock, config, instanceId: 'a' });
    const b = await createTestApp({ db, clock, config, instanceId: 'b' });
    try {
      const advisor = await insertAdvisor(db.db, { now: clock.now() });
      const call = await requestCall(a.app);
      await api(a.app, 'POST', `/api/calls/${call.callId}/accept`, { token: advisor.token });
      const warnings = () =>
        [a, b].flatMap((t) =>
          t.notifier.of('call:ending-soon', `call:${call.callId}`).map((e) => e.payload),
        );
      const sweepBoth = async () => {
        await refreshPresence(db.db, clock.now());
        await a.app.container.sweeper.sweep(clock.now());
        await b.app.container.sweeper.sweep(clock.now());
      };
      // maxCallDuration is 60 minutes: nothing at 54:59.
      clock.advance(54 * 60_000 + 59_000);
      await sweepBoth();
      expect(warnings()).toEqual([]);
      clock.advance(1000);
      await sweepBoth();
      await sweepBoth();
      const endsAt = '2026-11-20T16:00:00.000Z';
      expect(warnings()).toEqual([{ callId: call.callId, minutesLeft: 5, endsAt }]);
      // The advisor hears it too.
      expect(
        [a, b].flatMap((t) => t.notifier.of('call:ending-soon', `advisor:${advisor.id}`)),
      ).toHaveLength(1);
      clock.advance(4 * 60_000);
      await sweepBoth();
      expect(warnings()).toEqual([
        { callId: call.callId, minutesLeft: 5, endsAt },
        { callId: call.callId, minutesLeft: 1, endsAt },
      ]);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });

  it('a call found past both thresholds (no sweep meanwhile) gets only the 1-minute warning', async () => {
    const db = await createIsolatedDatabase(dialect);
    const clock = new ManualClock('2026-11-20T15:00:00.000Z');
    const t = await createTestApp({ db, clock });
    try {
      const advisor = await insertAdvisor(db.db, { now: clock.now() });
      const call = await requestCall(t.app);
      await api(t.app, 'POST', `/api/calls/${call.callId}/accept`, { token: advisor.token });
      clock.advance(59 * 60_000 + 30_000);
      await refreshPresence(db.db, clock.now());
      await t.app.container.sweeper.sweep(clock.now());
      await t.app.container.sweeper.sweep(clock.now());
      expect(
        t.notifier.of('call:ending-soon', `call:${call.callId}`).map((e) => e.payload),
      ).toEqual([{ callId: call.callId, minutesLeft: 1, endsAt: '2026-11-20T16:00:00.000Z' }]);
    } finally {
      await t.close();
      await db.drop();
    }
  });

  it("sends a booking's reminder from its tick, once whichever instance sweeps", async () => {
    const smtp = await startTestSmtp();
    const db = await createIsolatedDatabase(dialect);
    const clock = new ManualClock('2026-11-20T15:00:00.000Z');
    const config = { smtp: { url: smtp.url, from: 'avisos@salon.pe' } };
    const a = await createTestApp({ db, clock, config, instanceId: 'a' });
    const b = await createTestApp({ db, clock, config, instanceId: 'b' });
    try {
      const advisor = await insertAdvisor(db.db, { now: clock.now() });
      const booking = await insertAppointment(db.db, {
        advisorId: advisor.id,
        startsAt: '2026-11-20T17:00:00.000Z',
        email: 'lucia@example.pe',
        createdAt: clock.now().toISOString(),
      });
      const sweepBoth = async () => {
        await refreshPresence(db.db, clock.now());
        const reports = await Promise.all(
          [a, b].map((t) => t.app.container.sweeper.sweep(clock.now())),
        );
        await a.app.container.mail.idle();
        await b.app.container.mail.idle();
        return reports.map((r) => r.reminders).sort();
      };
      // Booked 2 hours ahead: no 24 h reminder; the 1 h one when the hour before begins.
      expect(await sweepBoth()).toEqual([0, 0]);
      clock.set('2026-11-20T15:59:59.999Z');
      expect(await sweepBoth()).toEqual([0, 0]);
      clock.set('2026-11-20T16:00:00.000Z');
      expect(await sweepBoth()).toEqual([0, 1]);
      expect(await sweepBoth()).toEqual([0, 0]);
      expect(smtp.messages.map(recipientOf)).toEqual(['lucia@example.pe']);
      // Its link has a key of its own; it opens the booking, as the one she had still does.
      const link = new RegExp(`/cita/${booking.id}#([\\w-]{43})`).exec(
        smtp.messages[0]!.text ?? '',
      );
      expect(link?.[1]).toBeDefined();
      expect(link?.[1]).not.toBe(booking.key);
      for (const key of [link?.[1] ?? '', booking.key]) {
        const opened = await api(a.app, 'GET', `/api/appointments/${booking.id}`, {
          headers: { [APPOINTMENT_KEY_HEADER]: key },
        });
        expect(opened.status).toBe(200);
      }
    } finally {
      await a.close();
      await b.close();
      await db.drop();
      await smtp.close();
    }
  });

  it('marks a booking a no-show 10 minutes after its start, once, and its freed advisor takes a waiting call', async () => {
    const db = await createIsolatedDatabase(dialect);
    const clock = new ManualClock('2026-11-20T14:55:00.000Z');
    const a = await createTestApp({ db, clock, instanceId: 'a' });
    const b = await createTestApp({ db, clock, instanceId: 'b' });
    try {
      const eva = await insertAdvisor(db.db, { name: 'Eva', now: clock.now() });
      const booking = await insertAppointment(db.db, {
        advisorId: eva.id,
        startsAt: '2026-11-20T15:00:00.000Z',
      });
      // Inside her booking's window Eva is kept for that visitor: the walk-in waits.
      const walkIn = await requestCall(a.app, { name: 'Sin cita' });
      expect(walkIn.advisorId).toBeNull();
      const sweepBoth = async () => {
        await refreshPresence(db.db, clock.now());
        const reports = await Promise.all(
          [a, b].map((t) => t.app.container.sweeper.sweep(clock.now())),
        );
        return reports.map((r) => r.noShows).sort();
      };
      clock.set('2026-11-20T15:09:59.000Z');
      expect(await sweepBoth()).toEqual([0, 0]);
      clock.set('2026-11-20T15:10:01.000Z');
      expect(await sweepBoth()).toEqual([0, 1]);
      expect(await sweepBoth()).toEqual([0, 0]);
      const row = await db.db
        .selectFrom('appointments')
        .select('status')
        .where('id', '=', booking.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('no_show');
      const call = await db.db
        .selectFrom('calls')
        .select('advisor_id')
        .where('id', '=', walkIn.callId)
        .executeTakeFirstOrThrow();
      expect(call.advisor_id).toBe(eva.id);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });

  it('prunes presence rows older than the heartbeat grace', async () => {
    const db = await createIsolatedDatabase(dialect);
    const clock = new ManualClock('2026-11-20T15:00:00.000Z');
    const t = await createTestApp({ db, clock });
    try {
      await insertAdvisor(db.db, { now: clock.now() });
      clock.advance(15_000);
      expect((await t.app.container.sweeper.sweep(clock.now())).pruned).toBe(0);
      clock.advance(1);
      expect((await t.app.container.sweeper.sweep(clock.now())).pruned).toBe(1);
      expect(await db.db.selectFrom('socket_connections').select('socket_id').execute()).toEqual(
        [],
      );
    } finally {
      await t.close();
      await db.drop();
    }
  });
});

describe('sweeper timer', () => {
  it('sweeps every interval once started, never overlapping, and stops', async () => {
    vi.useFakeTimers();
    try {
      let running = 0;
      let maxRunning = 0;
      let sweeps = 0;
      let release: (() => void) | null = null;
      const calls = {
        expireOffers: async () => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          sweeps += 1;
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          running -= 1;
          return 0;
        },
        withdrawStranded: () => Promise.resolve(0),
        warnEnding: () => Promise.resolve(0),
        endOverlong: () => Promise.resolve(0),
        watchVisitors: () => Promise.resolve({ left: 0, away: 0, abandoned: 0 }),
        drainQueue: () => Promise.resolve(0),
      };
      const log = { error: vi.fn() } as never;
      const sweeper = createSweeper({
        calls,
        presence: { refresh: () => Promise.resolve(0), prune: () => Promise.resolve(0) },
        mail: {
          sendDailySummaryIfDue: () => Promise.resolve(false),
          sendAppointmentReminders: () => Promise.resolve(0),
        },
        appointments: { markNoShows: () => Promise.resolve(0) },
        summary: { purgeIfDue: () => Promise.resolve(0) },
        clock: new ManualClock(),
        log,
        intervalMs: 1000,
      });
      sweeper.start();
      expect(sweeps).toBe(0);
      await vi.advanceTimersByTimeAsync(1000);
      expect(sweeps).toBe(1);
      // A slow sweep delays the next one instead of overlapping it.
      await vi.advanceTimersByTimeAsync(5000);
      expect(sweeps).toBe(1);
      release!();
      await vi.advanceTimersByTimeAsync(1000);
      expect(sweeps).toBe(2);
      expect(maxRunning).toBe(1);
      release!();
      await sweeper.stop();
      await vi.advanceTimersByTimeAsync(5000);
      expect(sweeps).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
