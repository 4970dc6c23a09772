/**
 * Reading calls: a call's status, an advisor's lists and dashboard, the admin's pages, statistics
 * and details, the public availability, and the open calls by state (the metrics).
 */
import {
  type AdvisorDashboard,
  type Availability,
  type Call,
  type CallDetails,
  type CallListQuery,
  type CallPage,
  type CallStats,
  type CallStatusData,
} from '@belleza/contract';
import { limaDateOf, limaDayBoundsUtc } from '../../db/sql-fns.js';
import { AppError } from '../../lib/app-error.js';
import { assertSelfOrAdmin, requireCall, requireStaffOf, verifyKey } from './calls.access.js';
import { round2, statusData, toCallDto } from './calls.dto.js';
import type { CallQueue } from './calls.queue.js';
import { callsOfAdvisor, findCall, queuedCallIds } from './calls.repository.js';
import { RECENT_CALLS, SWEEP_BATCH, awayEndsAt, onlineSince } from './calls.rules.js';
import { visitorAbsentSince, visitorPresenceOf } from './calls-visitors.repository.js';
import type { CallActor, CallsServiceDeps, UserActor } from './calls.types.js';
import {
  advisorDayStats,
  callAggregate,
  historyOfAdvisor,
  openCallCounts,
  pageOfCalls,
  recentCalls,
  type OpenCallCounts,
} from './calls-queries.repository.js';
import { findNotes } from './notes.repository.js';
import { offersOfCall } from './offers.repository.js';
import { liveAdvisorHours, routableSummary } from './routing.repository.js';
import { isWithinHours, nextOpening, parseAdvisorHours } from './working-hours.js';

/** A date filter value: a Lima calendar day (YYYY-MM-DD) or an instant. */
function dateBound(value: string | undefined, edge: 'start' | 'end'): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const bounds = limaDayBoundsUtc(value);
    if (Number.isNaN(new Date(bounds.start).getTime())) throw badDate(value);
    return edge === 'start' ? bounds.start : bounds.end;
  }
  // An ISO date-time only: Date.parse alone reads almost any text with a digit in it as a date.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value))
    throw badDate(value);
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw badDate(value);
  return new Date(t).toISOString();
}
const badDate = (value: string) =>
  new AppError(
    'VALIDATION_ERROR',
    400,
    `Invalid date '${value}': use YYYY-MM-DD (Lima day) or an ISO date-time`,
  );

export function createCallQueries(
  deps: Pick<CallsServiceDeps, 'db' | 'clock' | 'settings' | 'advisors' | 'config'>,
  parts: { queue: CallQueue },
) {
  const { db, clock, settings, advisors } = deps;
  const { queue } = parts;

  return {
    /** The visitor (key), the call's advisor, or an admin. */
    async status(actor: CallActor, callId: string): Promise<CallStatusData> {
      const call = await requireCall(db, callId);
      if (actor.kind === 'client') verifyKey(call, actor.clientKey);
      else requireStaffOf(call, actor.user);
      let wait = call.estimatedWaitSeconds;
      if (call.status === 'pending' && call.queuePosition !== null) {
        const now = clock.now();
        const est = await queue.estimates(now);
        wait = est.queued(
          call.queuePosition,
          (await routableSummary(db, onlineSince(now))).capacity,
        );
      } else if (call.status !== 'pending') {
        wait = null;
      }
      return statusData(call, wait);
    },

    async pendingOf(user: UserActor, advisorId: string): Promise<Call[]> {
      assertSelfOrAdmin(user, advisorId);
      return (await callsOfAdvisor(db, advisorId, 'pending')).map(toCallDto);
    },

    async activeOf(user: UserActor, advisorId: string): Promise<Call[]> {
      assertSelfOrAdmin(user, advisorId);
      return (await callsOfAdvisor(db, advisorId, 'active')).map(toCallDto);
    },

    async historyOf(user: UserActor, advisorId: string, limit: number): Promise<Call[]> {
      assertSelfOrAdmin(user, advisorId);
      return (await historyOfAdvisor(db, advisorId, limit)).map(toCallDto);
    },

    async dashboard(user: UserActor, advisorId: string): Promise<AdvisorDashboard> {
      assertSelfOrAdmin(user, advisorId);
      const [pending, active] = await Promise.all([
        callsOfAdvisor(db, advisorId, 'pending'),
        callsOfAdvisor(db, advisorId, 'active'),
      ]);
      const day = await advisorDayStats(db, advisorId, limaDayBoundsUtc(limaDateOf(clock.now())));
      const activeCalls = active.map(toCallDto);
      const current = await settings.get();
      return {
        browserNotifications:
          current.system.enableNotifications && current.notifications.pushNotifications,
        pendingCalls: pending.map(toCallDto),
        activeCalls,
        activeCall: activeCalls[0] ?? null,
        todayStats: {
          callsAnswered: day.answered,
          averageCallTime: round2(day.averageDurationSeconds / 60),
          averageRating: round2(day.averageRating),
        },
      };
    },

    /** The pending offers ringing an advisor (socket `calls:pending` on connect). */
    async pendingFor(advisorId: string): Promise<Call[]> {
      return (await callsOfAdvisor(db, advisorId, 'pending')).map(toCallDto);
    },

    async list(q: CallListQuery): Promise<CallPage> {
      const { rows, total } = await pageOfCalls(
        db,
        {
          status: q.status,
          advisorId: q.advisorId,
          from: dateBound(q.startDate, 'start'),
          to: dateBound(q.endDate, 'end'),
          search: q.search || undefined,
        },
        q.page,
        q.limit,
      );
      return { items: rows.map(toCallDto), total, page: q.page, pageSize: q.limit };
    },

    async stats(): Promise<CallStats> {
      const [advisorCounts, calls] = await Promise.all([
        advisors.counts(),
        callAggregate(db, limaDayBoundsUtc(limaDateOf(clock.now()))),
      ]);
      return {
        ...advisorCounts,
        totalCalls: calls.totalCalls,
        activeCalls: calls.activeCalls,
        pendingCalls: calls.pendingCalls,
        completedCalls: calls.completedCalls,
        cancelledCalls: calls.cancelledCalls,
        completedToday: calls.completedToday,
        callsToday: calls.callsToday,
        averageRating: round2(calls.averageRating),
        averageDuration: round2(calls.averageDurationSeconds / 60),
        totalDuration: round2(calls.totalDurationSeconds / 60),
      };
    },

    /** Calls queued, ringing and active right now, over every instance (the metrics' gauge). */
    openCounts: (): Promise<OpenCallCounts> => openCallCounts(db),

    async recent(): Promise<Call[]> {
      return (await recentCalls(db, RECENT_CALLS)).map(toCallDto);
    },

    /** Admins, and the call's advisor. */
    async details(user: UserActor, callId: string): Promise<CallDetails> {
      const call = await requireCall(db, callId);
      requireStaffOf(call, user);
      const [offers, notes, visitorPresence, absentSince] = await Promise.all([
        offersOfCall(db, callId),
        findNotes(db, callId),
        visitorPresenceOf(db, callId, onlineSince(clock.now())),
        visitorAbsentSince(db, callId),
      ]);
      return {
        ...toCallDto(call),
        notes: notes?.notes ?? null,
        offers,
        visitorPresence,
        // The screens that load while she is away show what the live event would have told them.
        visitorAwayEndsAt:
          absentSince && visitorPresence === 'away'
            ? awayEndsAt(absentSince, deps.config.visitorGoneEndMs)
            : null,
      };
    },

    /**
     * Public: whether anyone is online, how many are free, the expected wait, whether it is within
     * working hours, and the next opening.
     */
    async availability(): Promise<Availability> {
      const current = await settings.get();
      const now = clock.now();
      const summary = await routableSummary(db, onlineSince(now));
      const hours = parseAdvisorHours(await liveAdvisorHours(db));
      const est = await queue.estimates(now);
      const queued = summary.free > 0 ? 0 : (await queuedCallIds(db, SWEEP_BATCH)).length;
      return {
        open: !current.system.maintenanceMode && summary.online > 0,
        maintenance: current.system.maintenanceMode,
        availableAdvisors: summary.free,
        estimatedWaitTime: summary.free > 0 ? est.answer : est.queued(queued + 1, summary.capacity),
        withinHours: isWithinHours(hours, now),
        nextOpening: nextOpening(hours, now)?.toISOString() ?? null,
        maxCallDuration: current.system.maxCallDuration,
        retentionDays: current.system.retentionDays,
        bookingEnabled: current.appointments.enabled,
      };
    },

    /** Built-in video signalling: joins only while the call is active in that room. */
    async isRoomOpen(callId: string, roomName: string): Promise<boolean> {
      const call = await findCall(db, callId);
      return call !== null && call.status === 'active' && call.roomName === roomName;
    },
  };
}
