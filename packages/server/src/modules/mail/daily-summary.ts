/**
 * The admin's daily summary (docs/product.md#e-mail): the America/Lima day that just ended, sent
 * during the next day, none for a day before the first advisor existed. It is claimed in the
 * database, so with several instances exactly one sends it; a failed send is retried a few times.
 * Part of the mail service, which sends it through its own delivery.
 */
import { NO_ANSWER_REASON } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { limaDateOf, limaDayBoundsUtc } from '../../db/sql-fns.js';
import {
  callbackCounts,
  callsRequestedBetween,
  claimDailySummary,
  dailySummarySettled,
  installedAt,
  markDailySummarySent,
  type SummaryCallRow,
} from './mail.repository.js';
import {
  dailySummaryMail,
  type DailyFigures,
  type MailContext,
  type MailMessage,
} from './mail.texts.js';
import { MailSendError } from './mail.transport.js';

/** A failed summary is retaken after this long, at most this many times in all. */
const SUMMARY_RETRY_MS = 10 * 60_000;
const SUMMARY_MAX_ATTEMPTS = 5;
/** While e-mail is off, the summary check runs at most this often. */
const SUMMARY_RECHECK_MS = 60_000;
const DAY_MS = 24 * 3600_000;

/** The figures of one Lima day from its calls and callbacks. */
export function dailyFigures(
  day: string,
  calls: SummaryCallRow[],
  callbacks: { created: number; open: number },
): DailyFigures {
  const answered = calls.filter((c) => c.acceptedAt !== null);
  const waits = answered.map(
    (c) => (Date.parse(c.acceptedAt ?? c.requestedAt) - Date.parse(c.requestedAt)) / 1000,
  );
  const durations = calls
    .filter((c) => c.status === 'completed' && c.durationSeconds !== null)
    .map((c) => c.durationSeconds ?? 0);
  const ratings = calls.filter((c) => c.rating !== null).map((c) => c.rating ?? 0);
  const mean = (xs: number[]): number | null =>
    xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
  const perAdvisor = new Map<string, number>();
  for (const c of answered) {
    if (c.advisorName !== null)
      perAdvisor.set(c.advisorName, (perAdvisor.get(c.advisorName) ?? 0) + 1);
  }
  return {
    day,
    requested: calls.length,
    answered: answered.length,
    noAnswer: calls.filter((c) => c.status === 'cancelled' && c.reason === NO_ANSWER_REASON).length,
    cancelled: calls.filter(
      (c) => c.status === 'cancelled' && c.acceptedAt === null && c.reason !== NO_ANSWER_REASON,
    ).length,
    averageWaitSeconds: mean(waits),
    averageDurationSeconds: mean(durations),
    averageRating: mean(ratings),
    ratings: ratings.length,
    callbacksNew: callbacks.created,
    callbacksOpen: callbacks.open,
    byAdvisor: [...perAdvisor]
      .map(([name, n]) => ({ name, calls: n }))
      .sort((a, b) => b.calls - a.calls || a.name.localeCompare(b.name)),
  };
}

/**
 * The summary of the Lima day that ended last, once across instances: what the sweeper calls every
 * tick (while SMTP is set); cheap when there is nothing to do. True when this call sent it.
 */
export function createDailySummary(
  deps: Pick<Deps, 'db' | 'clock' | 'log' | 'instanceId'>,
  mail: {
    contextOf: () => Promise<{ ctx: MailContext; adminEmail: string; alertsOn: boolean }>;
    deliver: (ctx: MailContext, message: MailMessage) => Promise<void>;
  },
): (now: Date) => Promise<boolean> {
  const { db, clock, log, instanceId } = deps;
  /** No summary work before this instant (in-memory; the database decides who sends). */
  let nextSummaryCheck = 0;

  return async (now) => {
    if (now.getTime() < nextSummaryCheck) return false;
    const day = limaDateOf(new Date(now.getTime() - DAY_MS));
    const { start, end } = limaDayBoundsUtc(day);
    const nextMidnight = Date.parse(limaDayBoundsUtc(limaDateOf(now)).end);
    // No summary of a day before the salon existed (a fresh install would mail an empty one).
    const since = await installedAt(db);
    if (
      since === null ||
      since >= end ||
      (await dailySummarySettled(db, day, SUMMARY_MAX_ATTEMPTS))
    ) {
      nextSummaryCheck = nextMidnight;
      return false;
    }
    const { ctx, adminEmail, alertsOn } = await mail.contextOf();
    if (!alertsOn) {
      nextSummaryCheck = Math.min(now.getTime() + SUMMARY_RECHECK_MS, nextMidnight);
      return false;
    }
    const claimed = await claimDailySummary(db, {
      day,
      instanceId,
      now: now.toISOString(),
      retakeBefore: new Date(now.getTime() - SUMMARY_RETRY_MS).toISOString(),
      maxAttempts: SUMMARY_MAX_ATTEMPTS,
    });
    if (!claimed) {
      nextSummaryCheck = now.getTime() + SUMMARY_RECHECK_MS;
      return false;
    }
    const figures = dailyFigures(
      day,
      await callsRequestedBetween(db, start, end),
      await callbackCounts(db, start, end),
    );
    try {
      await mail.deliver(ctx, dailySummaryMail(ctx, adminEmail, figures));
    } catch (err) {
      log.warn(
        {
          mail: 'daily_summary',
          day,
          detail: err instanceof MailSendError ? err.detail : String(err),
        },
        'e-mail not sent; retried later',
      );
      nextSummaryCheck = now.getTime() + SUMMARY_RETRY_MS;
      return false;
    }
    await markDailySummarySent(db, day, clock.now().toISOString());
    log.info({ mail: 'daily_summary', day }, 'e-mail sent');
    nextSummaryCheck = nextMidnight;
    return true;
  };
}
