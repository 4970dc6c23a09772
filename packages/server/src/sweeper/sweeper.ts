/**
 * The sweeper (docs/architecture.md#sweeper): timers never live only in memory. Every second, on
 * every instance, it finds due work with queries and applies it with the same conditional UPDATEs
 * as the API, so a restart loses nothing and two instances never apply a transition twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../lib/clock.js';
import type { AppointmentsService } from '../modules/appointments/appointments.service.js';
import type { CallsService } from '../modules/calls/calls.service.js';
import type { VisitorWatchReport } from '../modules/calls/calls.visitors.js';
import type { MailService } from '../modules/mail/mail.service.js';
import type { PresenceService } from '../modules/realtime/presence.service.js';
import type { SummaryService } from '../modules/summary/summary.service.js';

export type SweepReport = {
  /** offers whose callTimeout passed (outcome timeout), re-routed */
  expired: number;
  /** offers ringing advisors who went offline / lost their connection, re-routed */
  stranded: number;
  /** active calls 5 or 1 minutes from maxCallDuration whose people were warned */
  warned: number;
  /** active calls past maxCallDuration, ended by 'system' */
  ended: number;
  /**
   * waiting requests whose visitor had gone (ended), active calls whose visitor just went away
   * (announced) and those she did not come back to in time (ended)
   */
  visitors: VisitorWatchReport;
  /** queued calls offered (or ended no_answer) because someone freed up or left */
  drained: number;
  /** this instance's live advisor sockets marked as seen */
  refreshed: number;
  /** presence rows older than the heartbeat grace */
  pruned: number;
  /** daily summary e-mails this instance sent (0 or 1) */
  summaries: number;
  /** booking reminders (24 h / 1 h before) this instance claimed and queued for sending */
  reminders: number;
  /** bookings whose visitor had not come 10 minutes after the start: no-show, advisor freed */
  noShows: number;
  /**
   * rows the nightly retention purge deleted here (chat messages, photos, visitors' summaries of
   * calls older than `retentionDays`); 0 except in the one sweep per Lima day that runs it
   */
  purged: number;
};

export type SweeperDeps = {
  calls: Pick<
    CallsService,
    | 'expireOffers'
    | 'withdrawStranded'
    | 'warnEnding'
    | 'endOverlong'
    | 'watchVisitors'
    | 'drainQueue'
  >;
  presence: Pick<PresenceService, 'refresh' | 'prune'>;
  mail: Pick<MailService, 'sendDailySummaryIfDue' | 'sendAppointmentReminders'>;
  summary: Pick<SummaryService, 'purgeIfDue'>;
  appointments: Pick<AppointmentsService, 'markNoShows'>;
  clock: Clock;
  log: FastifyBaseLogger;
  intervalMs?: number;
};

export function createSweeper(deps: SweeperDeps) {
  const intervalMs = deps.intervalMs ?? 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function sweep(now: Date = deps.clock.now()): Promise<SweepReport> {
    // Live connections first, so nobody connected is taken for gone below.
    const refreshed = await deps.presence.refresh(now);
    const expired = await deps.calls.expireOffers(now);
    const stranded = await deps.calls.withdrawStranded(now);
    const warned = await deps.calls.warnEnding(now);
    const ended = await deps.calls.endOverlong(now);
    // Visitors who have gone: their waiting requests end, their calls' advisors are told or freed.
    const visitors = await deps.calls.watchVisitors(now);
    // Before the drain: an advisor a no-show frees may take a waiting call at once.
    const noShows = await deps.appointments.markNoShows(now);
    const drained = await deps.calls.drainQueue(now);
    const pruned = await deps.presence.prune(now);
    const summaries = (await deps.mail.sendDailySummaryIfDue(now)) ? 1 : 0;
    const reminders = await deps.mail.sendAppointmentReminders(now);
    const purged = await deps.summary.purgeIfDue(now);
    return {
      expired,
      stranded,
      warned,
      ended,
      visitors,
      drained,
      refreshed,
      pruned,
      summaries,
      reminders,
      noShows,
      purged,
    };
  }

  function schedule(): void {
    if (stopped) return;
    // Chained timeouts: a slow sweep delays the next one instead of overlapping it.
    timer = setTimeout(() => {
      timer = null;
      running = sweep()
        .catch((err: unknown) => deps.log.error({ err }, 'sweep failed'))
        .finally(() => {
          running = null;
          schedule();
        });
    }, intervalMs);
  }

  return {
    sweep,
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
