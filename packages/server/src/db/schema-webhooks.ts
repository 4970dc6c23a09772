/**
 * Row types of the outgoing webhooks' tables (docs/architecture.md#webhooks), in the conventions of
 * schema.ts, which joins them into `Database`.
 */

/** An address the salon's CRM listens at. */
export type WebhookEndpointsTable = {
  id: string;
  url: string;
  description: string;
  /** JSON array of event types */
  events: string;
  enabled: number;
  /** the signing secret (the server signs with it; the admin saw it once) */
  secret: string;
  created_at: string;
  updated_at: string;
};

/** One change worth telling: recorded in the transaction of the change itself. */
export type WebhookEventsTable = {
  id: string;
  type: string;
  /** `<type>:<subject id>`, unique: one event per change */
  dedupe_key: string;
  /** the JSON body every attempt sends */
  body: string;
  created_at: string;
};

/** The outbox: one event for one endpoint, sent in order per endpoint under a lease. */
export type WebhookDeliveriesTable = {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
};

export type WebhookTables = {
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
};
