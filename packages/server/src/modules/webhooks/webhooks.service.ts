/**
 * Outgoing webhooks (docs/product.md#webhooks, docs/architecture.md#webhooks): the admin's
 * endpoints, the delivery log, and the recording of events. A change that is worth telling records
 * its event through `callEnded`, `planCreated` or `appointmentChanged` with ITS OWN transaction, so
 * the event and its deliveries exist exactly when the change committed; the worker
 * (webhooks.worker.ts) sends them afterwards.
 */
import {
  WEBHOOK_ENDPOINTS_MAX,
  webhookEventTypeSchema,
  type AppointmentEventData,
  type CallEndedData,
  type createWebhookEndpointBodySchema,
  type PlanCreatedData,
  type updateWebhookEndpointBodySchema,
  type WebhookDelivery,
  type WebhookDeliveryListQuery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventData,
  type WebhookEventType,
} from '@belleza/contract';
import { z } from 'zod';
import type { Db } from '../../db/kysely.js';
import type { AppointmentsTable } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { newId, newSecret } from '../../lib/ids.js';
import { bookedServiceOf } from '../appointments/appointments.dto.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  countEndpoints,
  deleteEndpoint,
  deliveryCounts,
  enabledEndpoints,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  insertEventIfNew,
  listDeliveries,
  listEndpoints,
  requeueFailed,
  updateEndpoint,
  type DeliveryListRow,
  type EndpointRow,
} from './webhooks.repository.js';
import { refuseTarget } from './webhooks.target.js';

export type WebhooksServiceDeps = Pick<Deps, 'db' | 'clock'> & {
  config: Pick<Deps['config'], 'webhookPrivateTargets'>;
  audit: Pick<AuditService, 'record'>;
};

/** What `call.ended` is made from: the call as it was, and how it ended. */
export type CallEndedSource = {
  id: string;
  advisorId: string;
  advisorName: string | null;
  clientInfo: { name: string; phone: string; email: string; subject: string };
  source: string;
  requestedAt: string;
  startedAt: string | null;
  endedAt: string;
  durationSeconds: number;
  endedBy: CallEndedData['endedBy'];
};

/** What an appointment event is made from: the booking's row after the change. */
export type AppointmentSource = Pick<
  AppointmentsTable,
  | 'id'
  | 'advisor_id'
  | 'status'
  | 'starts_at'
  | 'ends_at'
  | 'subject'
  | 'client_name'
  | 'client_phone'
  | 'client_email'
  | 'language'
  | 'cancelled_by'
  | 'kind'
  | 'service_id'
  | 'service_name'
  | 'service_minutes'
  | 'service_price_cents'
  | 'call_id'
  | 'outcome_price_cents'
>;

export type AppointmentEventType =
  'appointment.booked' | 'appointment.cancelled' | 'appointment.attended';

const eventsOf = (json: string): WebhookEventType[] => {
  const parsed = z.array(webhookEventTypeSchema).safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : [];
};

const hintOf = (secret: string) => `…${secret.slice(-4)}`;
const endpointNotFound = () => notFound('WEBHOOK_ENDPOINT_NOT_FOUND', 'Webhook endpoint');
const deliveryNotFound = () => notFound('WEBHOOK_DELIVERY_NOT_FOUND', 'Webhook delivery');

function toEndpoint(
  row: EndpointRow,
  counts?: { pending: number; failed: number },
): WebhookEndpoint {
  return {
    endpointId: row.id,
    url: row.url,
    description: row.description,
    events: eventsOf(row.events),
    enabled: Number(row.enabled) === 1,
    secretHint: hintOf(row.secret),
    pending: counts?.pending ?? 0,
    failed: counts?.failed ?? 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toDelivery(row: DeliveryListRow): WebhookDelivery {
  return {
    deliveryId: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: webhookEventTypeSchema.parse(row.type),
    status: row.status,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    lastAttemptAt: row.last_attempt_at,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
    createdAt: row.created_at,
  };
}

/** The admin's changes as the audit log keeps them: never the secret. */
const auditView = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: eventsOf(row.events),
  enabled: Number(row.enabled) === 1,
});

export type WebhooksService = ReturnType<typeof createWebhooksService>;

export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { db, clock, config, audit } = deps;

  function checkUrl(url: string): void {
    const reason = refuseTarget(url, config.webhookPrivateTargets);
    if (reason)
      throw new AppError('WEBHOOK_URL_REFUSED', 400, 'This address cannot receive webhooks', {
        reason,
      });
  }

  async function requireEndpoint(id: string, q: Db = db): Promise<EndpointRow> {
    const row = await findEndpoint(q, id);
    if (!row) throw endpointNotFound();
    return row;
  }

  /**
   * Records one event inside the caller's transaction, with a delivery for each enabled endpoint
   * that subscribed to it. Once per `subjectId`: the same change never makes a second event.
   * Nothing is stored when no endpoint listens.
   */
  async function record<T extends WebhookEventType>(
    trx: Db,
    type: T,
    subjectId: string,
    data: WebhookEventData[T],
  ): Promise<void> {
    const endpoints = (await enabledEndpoints(trx)).filter((e) =>
      eventsOf(e.events).includes(type),
    );
    if (endpoints.length === 0) return;
    const id = newId('evt');
    const createdAt = clock.now().toISOString();
    const body = JSON.stringify({ id, type, createdAt, data });
    const inserted = await insertEventIfNew(trx, {
      id,
      type,
      dedupe_key: `${type}:${subjectId}`,
      body,
      created_at: createdAt,
    });
    if (!inserted) return;
    await insertDeliveries(
      trx,
      endpoints.map((e) => ({
        id: newId('whd'),
        event_id: id,
        endpoint_id: e.id,
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: createdAt,
        lease_owner: null,
        lease_until: null,
        last_status_code: null,
        last_error: null,
        last_attempt_at: null,
        delivered_at: null,
        created_at: createdAt,
      })),
    );
  }

  return {
    /** `call.ended`, in the transaction that completes the call. */
    callEnded(trx: Db, call: CallEndedSource): Promise<void> {
      return record(trx, 'call.ended', call.id, {
        callId: call.id,
        advisorId: call.advisorId,
        advisorName: call.advisorName ?? '',
        subject: call.clientInfo.subject,
        source: call.source,
        clientName: call.clientInfo.name,
        clientPhone: call.clientInfo.phone,
        clientEmail: call.clientInfo.email === '' ? null : call.clientInfo.email,
        requestedAt: call.requestedAt,
        startedAt: call.startedAt,
        endedAt: call.endedAt,
        durationSeconds: call.durationSeconds,
        endedBy: call.endedBy,
      });
    },

    /** `plan.created`, in the transaction that first saves the call's recommendations. */
    planCreated(trx: Db, plan: PlanCreatedData): Promise<void> {
      return record(trx, 'plan.created', plan.callId, plan);
    },

    /** An appointment event, in the transaction that made the change; `row` as it is after it. */
    appointmentChanged(trx: Db, type: AppointmentEventType, row: AppointmentSource): Promise<void> {
      const data: AppointmentEventData = {
        appointmentId: row.id,
        status: row.status,
        advisorId: row.advisor_id,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        subject: row.subject,
        clientName: row.client_name,
        clientPhone: row.client_phone,
        clientEmail: row.client_email === '' ? null : row.client_email,
        language: row.language,
        cancelledBy: row.cancelled_by,
        callId: row.call_id,
        kind: row.kind,
        service: bookedServiceOf(row),
        finalPrice:
          row.status === 'attended' && row.outcome_price_cents !== null
            ? Number(row.outcome_price_cents) / 100
            : null,
      };
      return record(trx, type, row.id, data);
    },

    async listEndpoints(): Promise<WebhookEndpoint[]> {
      const counts = await deliveryCounts(db);
      return (await listEndpoints(db)).map((r) => toEndpoint(r, counts.get(r.id)));
    },

    async createEndpoint(
      actorId: string,
      body: z.output<typeof createWebhookEndpointBodySchema>,
    ): Promise<WebhookEndpointWithSecret> {
      checkUrl(body.url);
      const now = clock.now().toISOString();
      const row: EndpointRow = {
        id: newId('whe'),
        url: body.url,
        description: body.description,
        events: JSON.stringify(body.events),
        enabled: body.enabled ? 1 : 0,
        secret: `whsec_${newSecret()}`,
        created_at: now,
        updated_at: now,
      };
      await db.transaction().execute(async (trx) => {
        if ((await countEndpoints(trx)) >= WEBHOOK_ENDPOINTS_MAX)
          throw conflict('WEBHOOK_ENDPOINT_LIMIT', 'Too many webhook endpoints', {
            max: WEBHOOK_ENDPOINTS_MAX,
          });
        await insertEndpoint(trx, row);
        await audit.record(actorId, 'webhook.create', row.id, auditView(row), trx);
      });
      return { endpoint: toEndpoint(row), secret: row.secret };
    },

    async updateEndpoint(
      actorId: string,
      id: string,
      body: z.output<typeof updateWebhookEndpointBodySchema>,
    ): Promise<WebhookEndpointWithSecret> {
      if (body.url !== undefined) checkUrl(body.url);
      const secret = body.rotateSecret ? `whsec_${newSecret()}` : null;
      const after = await db.transaction().execute(async (trx) => {
        const before = await requireEndpoint(id, trx);
        const patch = {
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled ? 1 : 0 } : {}),
          ...(secret ? { secret } : {}),
          updated_at: clock.now().toISOString(),
        };
        if (!(await updateEndpoint(trx, id, patch))) throw endpointNotFound();
        const row = { ...before, ...patch };
        await audit.record(
          actorId,
          'webhook.update',
          id,
          { before: auditView(before), after: auditView(row), secretRotated: secret !== null },
          trx,
        );
        return row;
      });
      const counts = (await deliveryCounts(db)).get(id);
      return { endpoint: toEndpoint(after, counts), secret };
    },

    async deleteEndpoint(actorId: string, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await requireEndpoint(id, trx);
        if (!(await deleteEndpoint(trx, id))) throw endpointNotFound();
        await audit.record(actorId, 'webhook.delete', id, auditView(before), trx);
      });
    },

    async listDeliveries(query: WebhookDeliveryListQuery): Promise<WebhookDelivery[]> {
      return (await listDeliveries(db, query)).map(toDelivery);
    },

    /** A failed delivery goes back to the queue, due now, with a fresh attempt budget. */
    async retryDelivery(actorId: string, id: string): Promise<WebhookDelivery> {
      const found = await findDelivery(db, id);
      if (!found) throw deliveryNotFound();
      if (!(await requeueFailed(db, id, clock.now().toISOString())))
        throw conflict('WEBHOOK_DELIVERY_NOT_FAILED', 'Only a failed delivery can be retried');
      await audit.record(actorId, 'webhook.retry', found.endpoint_id, { deliveryId: id });
      const row = await findDelivery(db, id);
      if (!row) throw deliveryNotFound();
      return toDelivery(row);
    },
  };
}
