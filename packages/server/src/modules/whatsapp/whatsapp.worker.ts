/**
 * The WhatsApp worker (docs/architecture.md#whatsapp), beside the webhook worker and like it:
 * every second, on every instance, it queues the reminders now due, then takes each queued
 * message that is due under a lease (one instance wins), makes its link, sends it and records the
 * outcome. A message to a number that wrote "BAJA" is skipped, not sent. A failure Meta may get
 * over (5xx, 429, the network) waits an exponential, jittered backoff; after MAX_ATTEMPTS, or at
 * once for a refusal (4xx), the message is failed.
 */
import { appointmentPath } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { AppointmentKeysService } from '../appointments/appointment-keys.service.js';
import type { SummaryLinksService } from '../summary/summary-links.service.js';
import { backoffMs } from '../webhooks/webhooks.worker.js';
import type { WhatsappClient } from './whatsapp.client.js';
import {
  claimMessage,
  consentedStartingBetween,
  dueMessages,
  isOptedOut,
  recordOutcome,
  type MessageRow,
} from './whatsapp.repository.js';
import type { StoredParams, WhatsappService } from './whatsapp.service.js';
import { linkOf } from './whatsapp.templates.js';
import { repeatingRun } from '../../lib/repeating-run.js';

export const WHATSAPP_MAX_ATTEMPTS = 5;
const HOUR_MS = 3600_000;
const BATCH = 50;
/** Longer than any attempt: another instance takes a message over only from one that died. */
const LEASE_MS = 60_000;

/**
 * A booking's reminders: due from `opens` before its start until `closes` before it, and only for
 * a booking made or last changed at least `opens` before its start (as the e-mails' rule).
 */
const REMINDERS = {
  reminderDay: { opens: 24 * HOUR_MS, closes: HOUR_MS },
  reminderHour: { opens: HOUR_MS, closes: 0 },
} as const;

export type WhatsappWorkerDeps = Pick<Deps, 'db' | 'clock' | 'log' | 'config'> & {
  whatsapp: Pick<WhatsappService, 'configured' | 'enqueueReminder'>;
  client: WhatsappClient | null;
  phoneHash: (phone: string) => Promise<string | null>;
  appointmentKeys: Pick<AppointmentKeysService, 'mint'>;
  summaries: Pick<SummaryLinksService, 'freshLink'>;
  random?: () => number;
  intervalMs?: number;
};

export function createWhatsappWorker(deps: WhatsappWorkerDeps) {
  const { db, clock, log, config, client, whatsapp, appointmentKeys } = deps;
  const random = deps.random ?? Math.random;

  async function queueReminders(now: Date): Promise<void> {
    const at = now.getTime();
    for (const kind of ['reminderDay', 'reminderHour'] as const) {
      const { opens, closes } = REMINDERS[kind];
      const due = await consentedStartingBetween(
        db,
        new Date(at + closes).toISOString(),
        new Date(at + opens).toISOString(),
      );
      for (const row of due) {
        if (Date.parse(row.starts_at) - Date.parse(row.updated_at) < opens) continue;
        await whatsapp.enqueueReminder(row, kind);
      }
    }
  }

  /** The message's body values, its link last; null when the link can no longer be made. */
  async function valuesOf(row: MessageRow): Promise<string[] | null> {
    const params = JSON.parse(row.params) as StoredParams;
    const link = linkOf(row.template);
    if (link === null) return params.values;
    if (link === 'appointment' && row.appointment_id !== null) {
      const key = await appointmentKeys.mint(row.appointment_id);
      return [
        ...params.values,
        new URL(appointmentPath(row.appointment_id, key), config.publicUrl).toString(),
      ];
    }
    if (link === 'summary' && row.call_id !== null && params.endedAt) {
      const summary = await deps.summaries.freshLink(row.call_id, params.endedAt);
      return summary
        ? [...params.values, new URL(summary.path, config.publicUrl).toString()]
        : null;
    }
    return null;
  }
  async function attempt(row: MessageRow, sender: WhatsappClient): Promise<void> {
    const now = clock.now();
    const leased = await claimMessage(
      db,
      row.id,
      now.toISOString(),
      new Date(now.getTime() + LEASE_MS).toISOString(),
    );
    if (!leased) return;
    const hash = await deps.phoneHash(row.phone);
    if (hash !== null && (await isOptedOut(db, hash))) {
      await recordOutcome(db, row.id, { status: 'skipped', error: 'opted_out' });
      return;
    }
    const values = await valuesOf(row);
    if (values === null) {
      await recordOutcome(db, row.id, { status: 'skipped', error: 'expired' });
      return;
    }
    const outcome = await sender.sendTemplate({
      to: row.phone,
      template: row.template,
      language: row.language,
      parameters: values,
    });
    const at = clock.now();
    const attempts = Number(row.attempts) + 1;
    if (outcome.ok) {
      await recordOutcome(db, row.id, {
        status: 'sent',
        attempts,
        wamid: outcome.wamid,
        sent_at: at.toISOString(),
        next_attempt_at: null,
        error: null,
      });
      return;
    }
    const gaveUp = !outcome.retry || attempts >= WHATSAPP_MAX_ATTEMPTS;
    await recordOutcome(db, row.id, {
      status: gaveUp ? 'failed' : 'queued',
      attempts,
      error: outcome.error,
      failed_at: gaveUp ? at.toISOString() : null,
      next_attempt_at: gaveUp
        ? null
        : new Date(at.getTime() + backoffMs(attempts, random())).toISOString(),
    });
    log.warn(
      { messageId: row.id, template: row.template, attempts, error: outcome.error },
      gaveUp ? 'whatsapp message failed for good' : 'whatsapp message attempt failed',
    );
  }

  /** One run: the reminders due, then every due message; the number of messages tried. */
  async function deliverDue(): Promise<number> {
    if (!client || !whatsapp.configured) return 0;
    const now = clock.now();
    await queueReminders(now);
    const due = await dueMessages(db, now.toISOString(), BATCH);
    for (const row of due) await attempt(row, client);
    return due.length;
  }

  const loop = repeatingRun(deliverDue, {
    intervalMs: deps.intervalMs ?? 1000,
    log,
    failed: 'whatsapp run failed',
  });

  return {
    deliverDue,
    start(): void {
      if (!client) return;
      loop.start();
    },
    stop: () => loop.stop(),
  };
}
