/**
 * WhatsApp as the visitor's channel (docs/product.md#whatsapp, docs/architecture.md#whatsapp).
 * When the salon configured the Cloud API (the WHATSAPP_ settings) and she ticked the box on her
 * booking or request form, each change worth telling her queues a template message in the outbox
 * (`whatsapp_messages`): a booking's confirmation, its change (time or stylist), its cancellation,
 * its reminders 24 h and 1 h before, and her summary's link after a completed call. A booking's
 * messages are queued in the transaction of the change, as the webhook events are; the worker
 * (whatsapp.worker.ts) sends them afterwards, so the booking never waits for Meta nor fails with it.
 * E-mail goes out as before, whatever she chose here.
 *
 * Meta tells each message's statuses (sent, delivered, read, failed) by webhook, signed with the
 * app secret; an inbound "BAJA" stops every later message to that number (kept as the keyed hash
 * returning clients use, never the number) and is answered once.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Call, Language, WhatsappMessage, WhatsappMessagesQuery } from '@belleza/contract';
import type { Db } from '../../db/kysely.js';
import type { AppointmentsTable } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import { createWhatsappClient, type WhatsappClient } from './whatsapp.client.js';
import { phoneHint, whatsappNumber } from './whatsapp.numbers.js';
import {
  findConsent,
  findConsentOfCallBooking,
  insertConsent,
  insertMessageIfNew,
  messagesOf,
  type MessageRow,
} from './whatsapp.repository.js';
import { parameter, whatOf, whenOf, WHATSAPP_TEMPLATES } from './whatsapp.templates.js';
import { createWhatsappInbound } from './whatsapp.inbound.js';

export type WhatsappServiceDeps = Pick<Deps, 'db' | 'clock' | 'log'> & {
  config: Pick<Deps['config'], 'whatsapp'>;
  /** the keyed hash of a phone that returning clients use (CLIENT_HASH_SECRET) */
  phoneHash: (phone: string) => Promise<string | null>;
  /** tests replace the network */
  client?: WhatsappClient;
};

/** The booking's row as a change leaves it, with its stylist's name. */
export type WhatsappAppointment = Pick<
  AppointmentsTable,
  | 'id'
  | 'status'
  | 'starts_at'
  | 'updated_at'
  | 'client_name'
  | 'language'
  | 'time_zone'
  | 'kind'
  | 'service_name'
  | 'plan_call_id'
> & { advisor_name: string };

/** What the message says about a booking's change. */
export type AppointmentChange = 'booked' | 'changed' | 'cancelled';

/** The values of a queued message and what its link is made from when it is sent. */
export type StoredParams = { values: string[]; endedAt?: string };

export type WhatsappService = ReturnType<typeof createWhatsappService>;

export function createWhatsappService(deps: WhatsappServiceDeps) {
  const { db, clock, log, config } = deps;
  const api = config.whatsapp;
  const client: WhatsappClient | null = deps.client ?? (api ? createWhatsappClient(api) : null);

  async function enqueue(
    executor: Db,
    m: {
      dedupeKey: string;
      appointmentId?: string;
      callId?: string;
      phone: string;
      template: string;
      language: Language;
      params: StoredParams;
    },
  ): Promise<void> {
    const now = clock.now().toISOString();
    const row: MessageRow = {
      id: newId('wam'),
      dedupe_key: m.dedupeKey,
      appointment_id: m.appointmentId ?? null,
      call_id: m.callId ?? null,
      phone: m.phone,
      template: m.template,
      language: m.language,
      params: JSON.stringify(m.params),
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      lease_until: null,
      wamid: null,
      error: null,
      queued_at: now,
      sent_at: null,
      delivered_at: null,
      read_at: null,
      failed_at: null,
    };
    await insertMessageIfNew(executor, row);
  }

  /** The values of a booking's message (its link comes last, when it is sent). */
  const bookingValues = (
    row: Pick<
      WhatsappAppointment,
      'client_name' | 'starts_at' | 'language' | 'time_zone' | 'advisor_name' | 'service_name'
    >,
    withWhat: boolean,
  ): string[] => {
    const values = [
      parameter(row.client_name),
      parameter(whenOf(row.starts_at, row.language, row.time_zone)),
      parameter(row.advisor_name),
    ];
    return withWhat ? [...values, parameter(whatOf(row.service_name, row.language))] : values;
  };

  const inbound = createWhatsappInbound({ ...deps, client });
  const inFlight = new Set<Promise<void>>();
  /** Work after the caller's: never awaited by it, a failure logged (`idle()` waits for it). */
  function background(what: string, ids: Record<string, string>, work: () => Promise<void>): void {
    const running = work().catch((err: unknown) =>
      log.warn({ err, ...ids }, `whatsapp ${what} not queued`),
    );
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  }

  /**
   * A booking's change, in its transaction (the row as it now is): its message is queued when
   * she consented for it. A service booked from her summary's plan inherits the consent she gave
   * on the call's request.
   */
  async function appointmentChanged(
    trx: Db,
    change: AppointmentChange,
    row: WhatsappAppointment,
  ): Promise<void> {
    if (!client) return;
    let phone = await findConsent(trx, row.id);
    if (phone === null && change === 'booked' && row.plan_call_id !== null) {
      phone = await findConsent(trx, row.plan_call_id);
      if (phone !== null)
        await insertConsent(trx, {
          subject_id: row.id,
          phone,
          consented_at: clock.now().toISOString(),
        });
    }
    if (phone === null) return;
    if (change !== 'cancelled' && row.status !== 'booked') return;
    const template = WHATSAPP_TEMPLATES[change];
    await enqueue(trx, {
      dedupeKey:
        change === 'changed' ? `${template}:${row.id}:${row.updated_at}` : `${template}:${row.id}`,
      appointmentId: row.id,
      phone,
      template,
      language: row.language,
      params: { values: bookingValues(row, change !== 'cancelled') },
    });
  }

  return {
    /** Whether the Cloud API is configured: nothing is queued or sent otherwise. */
    configured: client !== null,
    /** the Cloud API's client, for the worker; null when not configured */
    client,

    /**
     * She ticked the box for this booking or call (`subjectId`), in the transaction that makes it:
     * her number is kept for its messages. Nothing without the API configured or with a number
     * WhatsApp could not have.
     */
    async consent(trx: Db, subjectId: string, phone: string, wanted: boolean): Promise<void> {
      if (!wanted || !client) return;
      const number = whatsappNumber(phone);
      if (!number) return;
      await insertConsent(trx, {
        subject_id: subjectId,
        phone: number,
        consented_at: clock.now().toISOString(),
      });
    },

    appointmentChanged,

    /**
     * A change told after its own write committed (a move, a new stylist): queued in the
     * background, a failure logged; the change itself stands.
     */
    appointmentChangedLater(change: AppointmentChange, row: WhatsappAppointment): void {
      if (!client) return;
      background('message', { appointmentId: row.id }, () => appointmentChanged(db, change, row));
    },

    /**
     * A call that ended: when it completed after connecting and she consented on its request,
     * her summary's link is queued (once), in the background.
     */
    callCompleted(call: Call): void {
      const { endedAt } = call;
      if (!client || call.status !== 'completed' || call.startedAt === null || endedAt === null)
        return;
      background('summary', { callId: call.callId }, async () => {
        const phone =
          (await findConsent(db, call.callId)) ?? (await findConsentOfCallBooking(db, call.callId));
        if (phone === null) return;
        await enqueue(db, {
          dedupeKey: `${WHATSAPP_TEMPLATES.summary}:${call.callId}`,
          callId: call.callId,
          phone,
          template: WHATSAPP_TEMPLATES.summary,
          language: call.language,
          params: {
            values: [
              parameter(call.clientInfo.name),
              parameter(call.advisorInfo?.name ?? call.advisor?.name ?? ''),
            ],
            endedAt,
          },
        });
      });
    },

    /** Resolves when every message queued in the background so far is queued (tests, shutdown). */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },

    /** Queues a reminder for a booking due one (the worker's part, here for its outbox). */
    enqueueReminder: (
      row: Parameters<typeof bookingValues>[0] & { id: string; phone: string },
      kind: 'reminderDay' | 'reminderHour',
    ): Promise<void> =>
      enqueue(db, {
        dedupeKey: `${WHATSAPP_TEMPLATES[kind]}:${row.id}:${row.starts_at}`,
        appointmentId: row.id,
        phone: row.phone,
        template: WHATSAPP_TEMPLATES[kind],
        language: row.language,
        params: { values: bookingValues(row, true) },
      }),

    /** The messages of one booking or one call, for the admin's details. */
    async messages(
      by: WhatsappMessagesQuery,
    ): Promise<{ configured: boolean; messages: WhatsappMessage[] }> {
      const rows = await messagesOf(
        db,
        by.appointmentId !== undefined
          ? { appointmentId: by.appointmentId }
          : { callId: by.callId ?? '' },
      );
      return { configured: client !== null, messages: rows.map(toMessage) };
    },

    /** Meta's verification of the callback URL: the challenge back when the token is ours. */
    verify(q: { mode: string; token: string; challenge: string }): string {
      if (!api) throw new AppError('WHATSAPP_NOT_CONFIGURED', 404, 'WhatsApp is not configured');
      const ok = q.mode === 'subscribe' && safeEqualText(q.token, api.verifyToken);
      if (!ok) throw new AppError('WHATSAPP_VERIFY_FAILED', 403, 'Wrong verify token');
      return q.challenge;
    },

    /**
     * A webhook call of Meta: refused (401) unless `signature` is the HMAC of the raw body with
     * the app secret; then its statuses are recorded and its inbound "BAJA"s honoured.
     */
    async receive(raw: string, signature: string | undefined): Promise<void> {
      if (!api) throw new AppError('WHATSAPP_NOT_CONFIGURED', 404, 'WhatsApp is not configured');
      const expected = `sha256=${createHmac('sha256', api.appSecret).update(raw).digest('hex')}`;
      if (signature === undefined || !safeEqualText(signature.trim().toLowerCase(), expected))
        throw new AppError('WHATSAPP_SIGNATURE_INVALID', 401, 'Bad or missing X-Hub-Signature-256');
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        throw new AppError('BAD_REQUEST', 400, 'The body is not JSON');
      }
      await inbound.handle(payload);
    },
  };
}

/** Constant-time comparison of two texts (a length mismatch still takes one digest's time). */
function safeEqualText(a: string, b: string): boolean {
  const x = createHmac('sha256', 'compare').update(a).digest();
  const y = createHmac('sha256', 'compare').update(b).digest();
  return timingSafeEqual(x, y) && a === b;
}

function toMessage(row: MessageRow): WhatsappMessage {
  return {
    messageId: row.id,
    template: row.template as WhatsappMessage['template'],
    status: row.status,
    phoneHint: phoneHint(row.phone),
    queuedAt: row.queued_at,
    sentAt: row.sent_at,
    deliveredAt: row.delivered_at,
    readAt: row.read_at,
    failedAt: row.failed_at,
    error: row.error,
  };
}
