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
 * The daily summary is its own part (daily-summary.ts).
 *
 * E-mail to the visitor of a booking, whenever SMTP_URL is set and she left an address, in her
 * booking's language: its confirmation, new time and new stylist with the calendar file and her
 * manage link, its cancellation with a cancelling calendar file, and reminders 24 h and 1 h before.
 * Each carries a manage key of its own, made as it is written (only hashes are stored).
 * A reminder goes only to a booking made (or last moved or reassigned: its `updated_at`) at least
 * that long before its start, and only inside its window ([start − 24 h, start − 1 h) and
 * [start − 1 h, start)); each is claimed once in the database, then sent in the background. A
 * failed send is logged, not retried: the claim stays, so she gets the other reminder and the link
 * she already has, never two of one.
 *
 * Every e-mail to a visitor's address passes the one-e-mail rule first (email-confirmations.ts):
 * an address its owner has not confirmed gets one e-mail, with the confirmation link, and no other.
 *
 * Exported for other modules: configured, callbackRequested(cb), callUnanswered(call),
 * callCompleted(call), appointmentBooked(a) (answers what became of the e-mail),
 * appointmentRescheduled(a), appointmentReassigned(a), appointmentCancelled(a, by),
 * sendDailySummaryIfDue(now), sendAppointmentReminders(now), idle(), close();
 * `toMailAppointment(row)` makes their `a`. Route-facing: sendTest(actor, to?), confirmEmail(token).
 */
import type { Call, Callback, TestEmailResult } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { createLimiter } from '../../lib/limits.js';
import type { AppointmentKeysService } from '../appointments/appointment-keys.service.js';
import type { SalonService } from '../salon/salon.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { SummaryLinksService } from '../summary/summary-links.service.js';
import { createDailySummary } from './daily-summary.js';
import {
  callbackMail,
  noAnswerMail,
  testMail,
  visitorSummaryMail,
  type MailContext,
  type MailMessage,
} from './mail.texts.js';
import { createSmtpTransport, MailSendError, type MailTransport } from './mail.transport.js';
import {
  createEmailConfirmations,
  visitorMailOf,
  writeAdmitted,
  type Admission,
} from './email-confirmations.js';
import { passwordResetMail } from './staff-mail.texts.js';
import { PASSWORD_RESET_TTL_MINUTES, type Language, type VisitorMail } from '@belleza/contract';
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
  type LinkedAppointment,
  type MailAppointment,
  type ReminderKind,
} from './mail-appointment.js';
import { claimReminder, unremindedStartingBetween } from './reminders.repository.js';

export { toMailAppointment, type CancelledBy, type MailAppointment } from './mail-appointment.js';

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

export type MailServiceDeps = Pick<
  Deps,
  'config' | 'db' | 'clock' | 'log' | 'instanceId' | 'metrics'
> &
  Partial<Pick<Deps, 'limitStore'>> & {
    settings: Pick<SettingsService, 'get'>;
    /** the salon's name as the reader sees it and its contacts */
    salon: Pick<SalonService, 'contacts'>;
    /** the visitor's summary link, claimed once per call */
    summaries: Pick<SummaryLinksService, 'claimMail'>;
    /** a booking's manage key for each e-mail that carries its link */
    appointmentKeys: Pick<AppointmentKeysService, 'mint'>;
    /** Defaults to SMTP from `config.smtp` (none when it is not set). */
    transport?: MailTransport | null;
  };

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
  const { config, db, clock, log, settings, salon, summaries, appointmentKeys } = deps;
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
  const confirmations = createEmailConfirmations(deps, mayWriteTo);

  /** Who writes, in `language` (the admin's default language unless a visitor's is given). */
  async function contextOf(
    language?: Language,
  ): Promise<{ ctx: MailContext; adminEmail: string; alertsOn: boolean }> {
    const s = await settings.get();
    const inLanguage = language ?? s.system.defaultLanguage;
    const { name, ...contacts } = await salon.contacts(inLanguage);
    return {
      ctx: { language: inLanguage, siteName: name, publicUrl: config.publicUrl, contacts },
      adminEmail: s.notifications.adminEmail,
      alertsOn: s.notifications.emailNotifications && s.notifications.adminEmail !== '',
    };
  }

  /** Every e-mail goes out here: the metrics count what the server accepted and refused. */
  async function deliver(ctx: MailContext, message: MailMessage): Promise<void> {
    if (!transport) throw new AppError('EMAIL_NOT_CONFIGURED', 409, 'SMTP_URL is not set');
    try {
      await transport.send({ name: ctx.siteName, address: fromAddress }, message);
    } catch (err) {
      deps.metrics.emailsFailed.inc();
      throw err;
    }
    deps.metrics.emailsSent.inc();
  }

  const sendDailySummary = createDailySummary(deps, { contextOf, deliver });

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

  /** A message about her booking to its visitor, when she left an address; its link's own key. */
  function toVisitor(
    kind: string,
    a: MailAppointment,
    build: (ctx: MailContext, linked: LinkedAppointment, cal: CalendarContext) => MailMessage,
    /** the admission already asked for (the booking's answer tells it); asked for here otherwise */
    admission?: Promise<Admission>,
  ): void {
    if (!a.clientEmail) return;
    background(kind, async () => {
      const admitted = await (admission ?? confirmations.admit(kind, a.clientEmail));
      return writeAdmitted(
        admitted,
        async () => {
          const { ctx: visitorCtx } = await contextOf(a.language);
          const cal = {
            organizer: { name: visitorCtx.siteName, email: fromAddress },
            stamp: clock.now(),
          };
          const linked = { ...a, accessKey: await appointmentKeys.mint(a.appointmentId) };
          return { ctx: visitorCtx, message: build(visitorCtx, linked, cal) };
        },
        deliver,
      );
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
        // Claimed once across instances, then admitted: a held one is not sent by another.
        if (!link) return false;
        const admitted = await confirmations.admit('visitor_summary', to);
        return writeAdmitted(
          admitted,
          async () => {
            const visitorCtx = (await contextOf(call.language)).ctx;
            const message = visitorSummaryMail(visitorCtx, to, {
              clientName: call.clientInfo.name,
              advisorName: call.advisorInfo?.name ?? '',
              url: new URL(link.path, config.publicUrl).toString(),
              expiresAt: link.expiresAt,
            });
            return { ctx: visitorCtx, message };
          },
          deliver,
        );
      });
    },

    /** A "¿Olvidaste tu contraseña?" link to a staff member, in her page's language. */
    passwordReset(reset: { to: string; name: string; language: Language; url: string }): void {
      background('password_reset', async () => {
        const ctx = (await contextOf(reset.language)).ctx;
        const minutes = PASSWORD_RESET_TTL_MINUTES;
        await deliver(ctx, passwordResetMail(ctx, reset.to, { ...reset, minutes }));
        return true;
      });
    },

    /**
     * Her booking was made: its confirmation with the calendar file. `a`: the row as stored after
     * the write (`toMailAppointment(row)`); nothing for a booking no longer held. Answers what
     * became of it (admitted before the answer, sent after), for her page to say.
     */
    async appointmentBooked(a: MailAppointment): Promise<VisitorMail> {
      if (a.status !== 'booked' || !a.clientEmail || !transport) return 'none';
      const admission = confirmations.admit('appointment_booked', a.clientEmail);
      toVisitor('appointment_booked', a, appointmentBookedMail, admission);
      // A failed admission is logged by the send; the booking stands, and she is told nothing.
      return visitorMailOf(await admission.catch(() => ({ outcome: 'capped' as const })));
    },

    /** Her booking moved to another time: `a` as stored after the move (its SEQUENCE grows). */
    appointmentRescheduled(a: MailAppointment): void {
      if (a.status !== 'booked') return;
      toVisitor('appointment_rescheduled', a, appointmentRescheduledMail);
    },

    /** An admin gave her booking to another stylist: `a` as stored after, naming the new one. */
    appointmentReassigned(a: MailAppointment): void {
      if (a.status !== 'booked') return;
      toVisitor('appointment_reassigned', a, appointmentReassignedMail);
    },

    /**
     * Her booking was cancelled, by her or by the salon: `a` as stored after the cancellation (its
     * `updatedAt` gives the cancelling calendar file the highest SEQUENCE).
     */
    appointmentCancelled(a: MailAppointment, by: CancelledBy): void {
      toVisitor('appointment_cancelled', a, (ctx, l, cal) =>
        appointmentCancelledMail(ctx, l, by, cal),
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
          toVisitor(`appointment_reminder_${kind}`, toMailAppointment(row), (ctx, l) =>
            appointmentReminderMail(ctx, l, kind),
          );
        }
      }
      return claimed;
    },

    /**
     * The summary of the Lima day that ended last, once across instances. Called by the sweeper
     * every tick; cheap when there is nothing to do. True when this call sent it.
     */
    sendDailySummaryIfDue: (now: Date = clock.now()): Promise<boolean> =>
      transport ? sendDailySummary(now) : Promise.resolve(false),

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

    /** Her address confirmed with the link of its first e-mail (email-confirmations.ts). */
    confirmEmail: (token: string): Promise<void> => confirmations.confirm(token),

    /** Resolves when every alert queued so far is sent or given up (tests, shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    close(): void {
      transport?.close();
    },
  };
}
