// Frozen in time: never import app code here; a later change is a new migration.
// WhatsApp as a channel (docs/architecture.md#whatsapp): the visitor's consent to it for one
// booking or one call request (with the number to write to), the outbox of template messages with
// each one's delivery and read statuses, and the numbers that wrote "BAJA" (a keyed hash only).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('whatsapp_consents')
    /** the booking's or the call's id */
    .addColumn('subject_id', 'varchar(64)', (c) => c.primaryKey())
    /** the number in international digits (51987654321), as the API takes it */
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('consented_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('whatsapp_messages')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    /** `<template>:<subject id>[:<instant>]`: one change never makes a second message */
    .addColumn('dedupe_key', 'varchar(160)', (c) => c.notNull().unique())
    .addColumn('appointment_id', 'varchar(64)')
    .addColumn('call_id', 'varchar(64)')
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('template', 'varchar(60)', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    /** JSON array of the body's parameters; a manage or summary link is made when it is sent */
    .addColumn('params', 'text', (c) => c.notNull())
    /** queued | sent | delivered | read | failed | skipped */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('lease_until', 'varchar(32)')
    /** the API's message id (`wamid.…`) once accepted */
    .addColumn('wamid', 'varchar(200)')
    .addColumn('error', 'varchar(200)')
    .addColumn('queued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    .addColumn('read_at', 'varchar(32)')
    .addColumn('failed_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('whatsapp_messages_due')
    .on('whatsapp_messages')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('whatsapp_messages_appointment')
    .on('whatsapp_messages')
    .columns(['appointment_id'])
    .execute();
  await db.schema
    .createIndex('whatsapp_messages_call')
    .on('whatsapp_messages')
    .columns(['call_id'])
    .execute();
  await db.schema
    .createIndex('whatsapp_messages_wamid')
    .on('whatsapp_messages')
    .columns(['wamid'])
    .execute();

  await db.schema
    .createTable('whatsapp_opt_outs')
    /** HMAC-SHA256 (hex) of the phone's digits under the client hash secret */
    .addColumn('phone_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('opted_out_at', 'varchar(32)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('whatsapp_opt_outs').ifExists().execute();
  await db.schema.dropTable('whatsapp_messages').ifExists().execute();
  await db.schema.dropTable('whatsapp_consents').ifExists().execute();
}
