/**
 * Callback leads: when nobody is online, a visitor leaves her name, phone and a preferred time;
 * the admins are e-mailed and work through the list, marking each one done.
 */
import type { Callback, callbackRequestBodySchema } from '@belleza/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/app-error.js';
import { newId } from '../../lib/ids.js';
import type { MailService } from '../mail/mail.service.js';
import {
  findCallback,
  insertCallback,
  listCallbacks,
  markCallbackDone,
  type CallbackRecord,
} from './callbacks.repository.js';

export type CallbackInput = z.output<typeof callbackRequestBodySchema>;

export type CallbacksServiceDeps = Pick<Deps, 'db' | 'clock'> & {
  /** the admins' e-mail about a new lead, sent in the background */
  mail: Pick<MailService, 'callbackRequested'>;
};

export type CallbacksService = ReturnType<typeof createCallbacksService>;

/** The admin's list is bounded: older leads are in the database, not on one screen. */
const CALLBACK_LIST_LIMIT = 500;

function toCallbackDto(r: CallbackRecord): Callback {
  return {
    callbackId: r.id,
    name: r.name,
    phone: r.phone,
    preferredTime: r.preferred_time,
    message: r.message,
    status: r.status,
    createdAt: r.created_at,
    doneAt: r.done_at,
  };
}

const callbackNotFound = () => notFound('CALLBACK_NOT_FOUND', 'Callback');

export function createCallbacksService(deps: CallbacksServiceDeps) {
  const { db, clock, mail } = deps;
  return {
    async request(input: CallbackInput): Promise<Callback> {
      const now = clock.now().toISOString();
      const id = newId('cb');
      await insertCallback(db, {
        id,
        name: input.name,
        phone: input.phone,
        preferred_time: input.preferredTime,
        message: input.message,
        status: 'open',
        consent_at: now,
        created_at: now,
        done_at: null,
        done_by: null,
      });
      const row = await findCallback(db, id);
      if (!row) throw callbackNotFound();
      const callback = toCallbackDto(row);
      mail.callbackRequested(callback);
      return callback;
    },

    async list(status?: 'open' | 'done'): Promise<Callback[]> {
      return (await listCallbacks(db, status, CALLBACK_LIST_LIMIT)).map(toCallbackDto);
    },

    /** Idempotent: marking a done callback done again changes nothing. */
    async markDone(doneBy: string, id: string): Promise<Callback> {
      const existing = await findCallback(db, id);
      if (!existing) throw callbackNotFound();
      await markCallbackDone(db, id, doneBy, clock.now().toISOString());
      const row = await findCallback(db, id);
      if (!row) throw callbackNotFound();
      return toCallbackDto(row);
    },
  };
}
