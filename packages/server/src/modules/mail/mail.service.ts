/**
 * E-mail (docs/product.md#e-mail) to the admin: a callback request, a call nobody answered, the
 * daily summary, and the test message from Settings. Sent only when SMTP_URL is configured, and —
 * except the test — only while `notifications.emailNotifications` is on and an admin e-mail is
 * saved.
 *
 * E-mail to the visitor: when her call completed after connecting and she left an address, the link
 * to her summary, once (claimed in the database), in her call's language. Sent whenever SMTP_URL is
 * configured (the admin's switch is about the admin's alerts).
 *
 * Alerts are best effort and never slow or fail the visitor's request: they go out after the
 * transition committed, in the background (`idle()` waits for them), and a failure is logged.
 * The daily summary (the America/Lima day that just ended, sent during the next day; none for a
 * day before the first advisor existed) is claimed in the database, so with several instances
 * exactly one sends it; a failed send is retried a few times.
 *
 * E-mail to the visitor of a booking, whenever SMTP_URL is set and she left an address, in her
 * booking's language: its confirmation, new time and new stylist with the calendar file and her
 * manage link, its cancellation with a cancelling calendar file, and reminders 24 h and 1 h before.
 * A reminder goes only to a booking made (or last moved or reassigned: its `updated_at`) at least
 * that long before its start, and only inside its window ([start − 24 h, start − 1 h) and
 * [start − 1 h, start)); each is claimed once in the database, then sent in the background. A
 * failed send is logged, not retried: the claim stays, so she gets the other reminder and the link
 * she already has, never two of one.
 *
 * Exported for other modules: configured, callbackRequested(cb), callUnanswered(call),
 * callCompleted(call), appointmentBooked(a), appointmentRescheduled(a), appointmentReassigned(a),
 * appointmentCancelled(a, by), sendDailySummaryIfDue(now), sendAppointmentReminders(now), idle(),
 * close(); `toMailAppointment(row)` makes their `a`. Route-facing: sendTest(actor, to?).
 */
import type { Call, Callback, TestEmailResult } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { limaDateOf, limaDayBoundsUtc } from '../../db/sql-fns.js';
import { AppError } from '../../lib/app-error.js';
import { createLimiter } from '../../lib/limits.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { SummaryLinksService } from '../summary/summary-links.service.js';
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
  callbackMail,
  dailySummaryMail,
  noAnswerMail,
  testMail,
  visitorSummaryMail,
  type DailyFigures,
  type MailContext,
  type MailMessage,
} from './mail.texts.js';
import { createSmtpTransport, MailSendError, type MailTransport } from './mail.transport.js';
import { passwordResetMail } from './staff-mail.texts.js';
import { NO_ANSWER_REASON, PASSWORD_RESET_TTL_MINUTES, type Language } from '@belleza/contract';
import {
  appointmentBookedMail,
  appointmentCancelledMail,
  appointmentReassignedMail,
  appointmentReminderMail,
  appointmentRescheduledMail,
  type CalendarContext,
} from './appointment-mail.texts.js';
import {
  toMailAppointment,
  type CancelledBy,
  type MailAppointment,
  type ReminderKind,
} from './mail-appointment.js';
import { claimReminder, unremindedStartingBetween } from './reminders.repository.js';

export {
  toMailAppointment,
  type CancelledBy,
  type MailAppointment,
  type MailAppointmentRow,
} from './mail-appointment.js';

/** A failed summary is retaken after this long, at most this many times in all. */
const SUMMARY_RETRY_MS = 10 * 60_000;
const SUMMARY_MAX_ATTEMPTS = 5;
/** While e-mail is off, the summary check runs at most this often. */
const SUMMARY_RECHECK_MS = 60_000;
const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A booking's reminders: each is due from `opens` before its start until `closes` before it, and
 * only for a booking made, moved or reassigned at least `opens` before its start: one changed
 * later has just been told its time (the appointments module clears the claims on a change).
 */
const REMINDERS: Record<ReminderKind, { opens: number; closes: number }> = {
  day: { opens: DAY_MS, closes: HOUR_MS },
  hour: { opens: HOUR_MS, closes: 0 },
};

export type MailService = ReturnType<typeof createMailService>;

export type MailServiceDeps = Pick<Deps, 'config' | 'db' | 'clock' | 'log' | 'instanceId'> &
  Partial<Pick<Deps, 'limitStore'>> & {
    settings: Pick<SettingsService, 'get'>;
    /** the visitor's summary link, claimed once per call */
    summaries: Pick<SummaryLinksService, 'claimMail'>;
    /** Defaults to SMTP from `config.smtp` (none when it is not set). */
    transport?: MailTransport | null;
  };

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
 * Whether one more visitor e-mail may go to `to` this hour (counting it), shared by the instances
 * through Redis; logged when not.
 */
function createRecipientCap(
  perHour: number,
  store: MailServiceDeps['limitStore'],
  log: MailServiceDeps['log'],
): (kind: string, to: string) => Promise<boolean> {
  const perRecipient = createLimiter(
    'mail-recipient',
    { points: perHour, duration: 3600 },
    store ?? null,
  );
  return async (kind, to) => {
    const { over } = await perRecipient.take(to.toLowerCase());
    if (over > 0)
      log.warn({ mail: kind }, 'e-mail not sent: this address had its e-mails this hour');
    return over === 0;
  };
}

export function createMailService(deps: MailServiceDeps) {
  const { config, db, clock, log, settings, summaries, instanceId } = deps;
  const transport =
    deps.transport !== undefined
      ? deps.transport
      : config.smtp
        ? createSmtpTransport(config.smtp)
        : null;
  const fromAddress = config.smtp?.from ?? `no-reply@${new URL(config.publicUrl).hostname}`;
  const inFlight = new Set<Promise<void>>();
  const mayWriteTo = createRecipientCap(
    config.mailRecipientHourlyLimit,
    deps.limitStore ?? null,
    log,
  );
  /** No summary work before this instant (in-memory; the database decides who sends). */
  let nextSummaryCheck = 0;

  async function contextOf(): Promise<{ ctx: MailContext; adminEmail: string; alertsOn: boolean }> {
    const s = await settings.get();
    return {
      ctx: {
        language: s.system.defaultLanguage,
        siteName: s.system.siteName,
        publicUrl: config.publicUrl,
      },
      adminEmail: s.notifications.adminEmail,
      alertsOn: s.notifications.emailNotifications && s.notifications.adminEmail !== '',
    };
  }

  async function deliver(ctx: MailContext, message: MailMessage): Promise<void> {
    if (!transport) throw new AppError('EMAIL_NOT_CONFIGURED', 409, 'SMTP_URL is not set');
    await transport.send({ name: ctx.siteName, address: fromAddress }, message);
  }

  /**
   * A message after the caller's work: queued, never awaited by the caller. `send` answers
   * whether it sent one.
   */
  function background(kind: string, send: () => Promise<boolean>): void {
    if (!transport) return;
    const work = (async () => {
      if (await send()) log.info({ mail: kind }, 'e-mail sent');
    })().catch((err: unknown) => {
      log.warn(
        { mail: kind, detail: err instanceof MailSendError ? err.detail : String(err) },
        'e-mail not sent',
      );
    });
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  }

  /** A message about her booking to its visitor, in its language, when she left an address. */
  function toVisitor(
    kind: string,
    a: MailAppointment,
    build: (ctx: MailContext, cal: CalendarContext) => MailMessage,
  ): void {
    if (!a.clientEmail) return;
    background(kind, async () => {
      if (!(await mayWriteTo(kind, a.clientEmail))) return false;
      const { ctx } = await contextOf();
      const visitorCtx = { ...ctx, language: a.language };
      const cal = { organizer: { name: ctx.siteName, email: fromAddress }, stamp: clock.now() };
      await deliver(visitorCtx, build(visitorCtx, cal));
      return true;
    });
  }

  /** An admin alert, in the background, while alerts are on. */
  function alert(kind: string, build: (ctx: MailContext, to: string) => MailMessage): void {
    background(kind, async () => {
      const { ctx, adminEmail, alertsOn } = await contextOf();
      if (!alertsOn) return false;
      await deliver(ctx, build(ctx, adminEmail));
      return true;
    });
  }

  return {
    /** Whether SMTP_URL is set: nothing is sent otherwise. */
    configured: transport !== null,

    callbackRequested(cb: Callback): void {
      alert('callback', (ctx, to) => callbackMail(ctx, to, cb));
    },

    /** A call that ended `no_answer`: nobody picked up. */
    callUnanswered(call: Call): void {
      alert('no_answer', (ctx, to) =>
        noAnswerMail(ctx, to, {
          name: call.clientInfo.name,
          phone: call.clientInfo.phone,
          email: call.clientInfo.email,
          subject: call.clientInfo.subject,
          message: call.clientInfo.message ?? '',
          requestedAt: call.requestedAt,
        }),
      );
    },

    /**
     * A call that ended: when it completed after connecting and its visitor left an e-mail, the
     * link to her summary, in the background, once across instances and ends.
     */
    callCompleted(call: Call): void {
      const to = call.clientInfo.email;
      const { endedAt } = call;
      if (call.status !== 'completed' || call.startedAt === null || endedAt === null || !to) return;
      background('visitor_summary', async () => {
        const link = await summaries.claimMail(call.callId, endedAt);
        // Claimed once across instances, then counted: a capped one is not sent by another.
        if (!link || !(await mayWriteTo('visitor_summary', to))) return false;
        const { ctx } = await contextOf();
        const visitorCtx = { ...ctx, language: call.language };
        await deliver(
          visitorCtx,
          visitorSummaryMail(visitorCtx, to, {
            clientName: call.clientInfo.name,
            advisorName: call.advisorInfo?.name ?? '',
            url: new URL(link.path, config.publicUrl).toString(),
            expiresAt: link.expiresAt,
          }),
        );
        return true;
      });
    },

    /** A "¿Olvidaste tu contraseña?" link to a staff member, in her page's language. */
    passwordReset(reset: { to: string; name: string; language: Language; url: string }): void {
      background('password_reset', async () => {
        const ctx = { ...(await contextOf()).ctx, language: reset.language };
        const minutes = PASSWORD_RESET_TTL_MINUTES;
        await deliver(ctx, passwordResetMail(ctx, reset.to, { ...reset, minutes }));
        return true;
      });
    },

    /**
     * Her booking was made: its confirmation with the calendar file. `a`: the row as stored after
     * the write (`toMailAppointment(row)`); nothing for a booking no longer held.
     */
    appointmentBooked(a: MailAppointment): void {
      if (a.status !== 'booked') return;
      toVisitor('appointment_booked', a, (ctx, cal) => appointmentBookedMail(ctx, a, cal));
    },

    /** Her booking moved to another time: `a` as stored after the move (its SEQUENCE grows). */
    appointmentRescheduled(a: MailAppointment): void {
      if (a.status !== 'booked') return;
      toVisitor('appointment_rescheduled', a, (ctx, cal) =>
        appointmentRescheduledMail(ctx, a, cal),
      );
    },

    /** An admin gave her booking to another stylist: `a` as stored after, naming the new one. */
    appointmentReassigned(a: MailAppointment): void {
      if (a.status !== 'booked') return;
      toVisitor('appointment_reassigned', a, (ctx, cal) => appointmentReassignedMail(ctx, a, cal));
    },

    /**
     * Her booking was cancelled, by her or by the salon: `a` as stored after the cancellation (its
     * `updatedAt` gives the cancelling calendar file the highest SEQUENCE).
     */
    appointmentCancelled(a: MailAppointment, by: CancelledBy): void {
      toVisitor('appointment_cancelled', a, (ctx, cal) =>
        appointmentCancelledMail(ctx, a, by, cal),
      );
    },

    /**
     * The reminders due at `now` (see the header), each claimed once across instances, then sent
     * in the background. Called by the sweeper every tick. The number claimed here.
     */
    async sendAppointmentReminders(now: Date = clock.now()): Promise<number> {
      if (!transport) return 0;
      const at = now.getTime();
      let claimed = 0;
      for (const kind of ['day', 'hour'] as const) {
        const { opens, closes } = REMINDERS[kind];
        const due = await unremindedStartingBetween(
          db,
          kind,
          new Date(at + closes).toISOString(),
          new Date(at + opens).toISOString(),
        );
        for (const row of due) {
          if (Date.parse(row.starts_at) - Date.parse(row.updated_at) < opens) continue;
          const taken = await claimReminder(
            db,
            kind,
            { id: row.id, startsAt: row.starts_at },
            now.toISOString(),
          );
          if (!taken) continue;
          claimed += 1;
          const a = toMailAppointment(row);
          toVisitor(`appointment_reminder_${kind}`, a, (ctx) =>
            appointmentReminderMail(ctx, a, kind),
          );
        }
      }
      return claimed;
    },

    /**
     * The summary of the Lima day that ended last, once across instances. Called by the sweeper
     * every tick; cheap when there is nothing to do. True when this call sent it.
     */
    async sendDailySummaryIfDue(now: Date = clock.now()): Promise<boolean> {
      if (!transport || now.getTime() < nextSummaryCheck) return false;
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
      const { ctx, adminEmail, alertsOn } = await contextOf();
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
        await deliver(ctx, dailySummaryMail(ctx, adminEmail, figures));
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
    },

    /** The test message from Settings: to `to`, else the saved admin e-mail; waits for the server. */
    async sendTest(actor: { name: string }, to?: string): Promise<TestEmailResult> {
      if (!transport)
        throw new AppError('EMAIL_NOT_CONFIGURED', 409, 'E-mail is not configured (SMTP_URL)');
      const { ctx, adminEmail } = await contextOf();
      const recipient = to ?? adminEmail;
      if (!recipient)
        throw new AppError(
          'EMAIL_RECIPIENT_MISSING',
          400,
          'No address to send the test to: pass `to` or save an admin e-mail',
        );
      try {
        await deliver(ctx, testMail(ctx, recipient, actor.name));
      } catch (err) {
        if (err instanceof MailSendError)
          throw new AppError('EMAIL_SEND_FAILED', 502, err.message, { detail: err.detail });
        throw err;
      }
      return { sentTo: recipient };
    },

    /** Resolves when every alert queued so far is sent or given up (tests, shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    close(): void {
      transport?.close();
    },
  };
}
