/**
 * Row types of the WhatsApp channel's tables (docs/architecture.md#whatsapp), in the conventions of
 * schema.ts, which joins them into `Database`.
 */

/** She chose WhatsApp for one booking or one call request, and agreed to be written to there. */
export type WhatsappConsentsTable = {
  /** the booking's (`apt_…`) or the call's id */
  subject_id: string;
  /** international digits, e.g. 51987654321 */
  phone: string;
  consented_at: string;
};

export type WhatsappMessageStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed' | 'skipped';

/** One template message: queued with the change it tells, sent by the worker, then its statuses. */
export type WhatsappMessagesTable = {
  id: string;
  dedupe_key: string;
  appointment_id: string | null;
  call_id: string | null;
  phone: string;
  template: string;
  language: string;
  /** JSON array of the body's parameters, but the link, made when the message is sent */
  params: string;
  status: WhatsappMessageStatus;
  attempts: number;
  next_attempt_at: string | null;
  lease_until: string | null;
  wamid: string | null;
  error: string | null;
  queued_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  failed_at: string | null;
};

/** A number that wrote "BAJA": nothing more is sent to it. */
export type WhatsappOptOutsTable = {
  phone_hash: string;
  opted_out_at: string;
};

export type WhatsappTables = {
  whatsapp_consents: WhatsappConsentsTable;
  whatsapp_messages: WhatsappMessagesTable;
  whatsapp_opt_outs: WhatsappOptOutsTable;
};
