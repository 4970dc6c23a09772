/**
 * A fresh cast for one authorization cell, in an app shared by many cells: advisor B (the owner)
 * with visitor call C ringing her, advisor A with her own call D (active, visitor key of D is the
 * "wrong key" for C), an admin, and a callback lead. Leftovers of earlier cells are closed first,
 * so routing always sends C to B and D to A.
 */
import type { App } from '../app.js';
import type { Db } from '../db/kysely.js';
import { hashPassword } from '../lib/password.js';
import { api, insertAdvisor, requestCall, type TestAdvisor } from '../test/fixtures.js';

let phoneCounter = 0;
/** A phone number no earlier request used (requests are also limited per phone number). */
export const freshPhone = (): string => {
  phoneCounter += 1;
  return `+51 9${String(phoneCounter).padStart(8, '0')}`;
};

export const OWNER_PASSWORD = 'Owner-pass-123';
let ownerHash: string | undefined;

export type CallState = 'pending' | 'active' | 'completed';

export type Cast = {
  owner: TestAdvisor & { email: string };
  other: TestAdvisor;
  admin: TestAdvisor;
  /** B's call */
  callId: string;
  clientKey: string;
  /** A's call (active) */
  otherCallId: string;
  otherClientKey: string;
  callbackId: string;
};

function mustOk(res: { status: number; body: unknown }, what: string): void {
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function newCast(app: App, db: Db, state: CallState, now: Date): Promise<Cast> {
  ownerHash ??= await hashPassword(OWNER_PASSWORD);
  // Close what earlier cells left, so nothing queued or ringing competes with this cell.
  await db
    .updateTable('calls')
    .set({ status: 'cancelled', offer_expires_at: null })
    .where('status', 'in', ['pending', 'active'])
    .execute();
  await db
    .updateTable('call_offers')
    .set({ outcome: 'withdrawn' })
    .where('outcome', '=', 'pending')
    .execute();
  await db.updateTable('advisors').set({ status: 'offline' }).execute();
  await db.deleteFrom('socket_connections').execute();

  const owner = await insertAdvisor(db, { name: 'Bea Owner', now });
  const email = `${owner.id}@fixture.test`;
  await db
    .updateTable('advisors')
    .set({ password_hash: ownerHash })
    .where('id', '=', owner.id)
    .execute();
  const c = await requestCall(app, { name: 'Carla Visitor', phone: freshPhone() });
  if (c.advisorId !== owner.id) throw new Error(`call C went to ${String(c.advisorId)}`);

  const other = await insertAdvisor(db, { name: 'Ana Other', now });
  const d = await requestCall(app, { name: 'Diana Visitor', phone: freshPhone() });
  if (d.advisorId !== other.id) throw new Error(`call D went to ${String(d.advisorId)}`);
  mustOk(
    await api(app, 'POST', `/api/calls/${d.callId}/accept`, { token: other.token, body: {} }),
    'accept D',
  );

  const admin = await insertAdvisor(db, {
    name: 'Root Admin',
    isAdmin: true,
    status: 'offline',
    online: false,
    now,
  });

  if (state !== 'pending') {
    mustOk(
      await api(app, 'POST', `/api/calls/${c.callId}/accept`, { token: owner.token, body: {} }),
      'accept C',
    );
  }
  if (state === 'completed') {
    mustOk(
      await api(app, 'POST', `/api/calls/${c.callId}/end`, { token: owner.token, body: {} }),
      'end C',
    );
  }
  const cb = await api<{ callbackId: string }>(app, 'POST', '/api/callbacks', {
    body: { name: 'Lead', phone: freshPhone(), consent: true },
  });
  mustOk(cb, 'callback');
  return {
    owner: { ...owner, email },
    other,
    admin,
    callId: c.callId,
    clientKey: c.clientKey,
    otherCallId: d.callId,
    otherClientKey: d.clientKey,
    callbackId: cb.data.callbackId,
  };
}
