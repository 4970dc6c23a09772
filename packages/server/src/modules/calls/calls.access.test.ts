/**
 * Who a call lets in, decided without the database: the visitor by her key, the call's stylist,
 * an admin; and the refusals each gets (code, status, message: what an API client reads).
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/kysely.js';
import { hashSecret } from '../../lib/ids.js';
import {
  alreadyTaken,
  assertSelfOrAdmin,
  callNotFound,
  notActive,
  notOffered,
  notPending,
  notYours,
  participantOf,
  requireInvolved,
  requireStaffOf,
  verifyKey,
} from './calls.access.js';
import type { CallRecord } from './calls.repository.js';
import type { UserActor } from './calls.types.js';

const KEY = 'k'.repeat(43);

function call(overrides: Partial<CallRecord> = {}): CallRecord {
  return {
    id: 'call_1',
    status: 'active',
    advisorId: 'adv_eva',
    advisorName: 'Eva',
    advisorEmail: 'eva@salon.test',
    advisorTitle: null,
    clientId: 'cli_1',
    clientKeyHash: hashSecret(KEY),
    clientInfo: { name: 'Ana', email: '', phone: '+51 999 888 777', subject: '', message: 'Hola' },
    source: 'landing',
    language: 'es',
    consentAt: null,
    requestedAt: '2026-12-01T15:00:00.000Z',
    offerExpiresAt: null,
    acceptedAt: '2026-12-01T15:00:10.000Z',
    startedAt: '2026-12-01T15:00:12.000Z',
    endedAt: null,
    durationSeconds: null,
    rating: null,
    ratingComment: null,
    reason: null,
    endedBy: null,
    roomProvider: 'builtin',
    roomName: 'room_1',
    roomUrl: null,
    roomExpiresAt: null,
    estimatedWaitSeconds: null,
    queuePosition: null,
    updatedAt: '2026-12-01T15:00:12.000Z',
    ...overrides,
  };
}

const eva: UserActor = { advisorId: 'adv_eva', isAdmin: false, name: 'Eva' };
const rosa: UserActor = { advisorId: 'adv_rosa', isAdmin: false, name: 'Rosa' };
const admin: UserActor = { advisorId: 'adv_admin', isAdmin: true, name: 'Admin' };
/** An admin who is also the call's stylist. */
const evaAdmin: UserActor = { ...eva, isAdmin: true };

const refusal = (code: string, status: number, message: string) =>
  expect.objectContaining({ code, status, message }) as Error;

/** A database no check here may reach. */
const noDb = new Proxy({} as Db, {
  get() {
    throw new Error('the database was asked');
  },
});

describe('the refusals a call answers with', () => {
  it.each([
    [() => notYours(), 'FORBIDDEN', 403, 'This call is not yours'],
    [() => callNotFound(), 'CALL_NOT_FOUND', 404, 'Call not found'],
    [() => notPending(), 'CALL_NOT_PENDING', 409, 'This call is no longer pending'],
    [() => notPending('Ya no'), 'CALL_NOT_PENDING', 409, 'Ya no'],
    [() => notActive(), 'CALL_NOT_ACTIVE', 409, 'This call is not active'],
    [() => notOffered(), 'CALL_NOT_OFFERED', 409, 'This call is not offered to you (any more)'],
    [() => alreadyTaken(), 'CALL_ALREADY_TAKEN', 409, 'Another advisor already took this call'],
  ])('refusal %#', (make, code, status, message) => {
    expect(make()).toEqual(refusal(code, status, message));
  });
});

describe('the visitor', () => {
  it('is let in with her key, as the client, by her name', () => {
    expect(participantOf({ kind: 'client', clientKey: KEY }, call())).toEqual({
      type: 'client',
      id: 'cli_1',
      name: 'Ana',
    });
    expect(participantOf({ kind: 'client', clientKey: KEY }, call(), 'client').type).toBe('client');
  });

  it("is called 'Cliente' once her name is gone (erased data)", () => {
    const erased = call({ clientInfo: { ...call().clientInfo, name: '' } });
    expect(participantOf({ kind: 'client', clientKey: KEY }, erased).name).toBe('Cliente');
  });

  it('is refused with another key, and as anybody but the client', () => {
    const wrongKey = refusal('INVALID_CLIENT_KEY', 403, 'The call key does not match this call');
    expect(() => verifyKey(call(), 'x'.repeat(43))).toThrow(wrongKey);
    expect(() => participantOf({ kind: 'client', clientKey: 'nope' }, call())).toThrow(wrongKey);
    expect(() => verifyKey(call(), KEY + 'x'.repeat(300))).toThrow(wrongKey);
    expect(() => verifyKey(call(), KEY)).not.toThrow();
    for (const wanted of ['advisor', 'admin'] as const)
      expect(() => participantOf({ kind: 'client', clientKey: KEY }, call(), wanted)).toThrow(
        refusal('FORBIDDEN', 403, 'A visitor joins as client'),
      );
  });
});

describe('staff', () => {
  it("the call's stylist is its advisor, by her own name, asked for or not", () => {
    const asAdvisor = { type: 'advisor', id: 'adv_eva', name: 'Eva' };
    expect(participantOf({ kind: 'user', user: eva }, call())).toEqual(asAdvisor);
    expect(participantOf({ kind: 'user', user: eva }, call(), 'advisor')).toEqual(asAdvisor);
    // An admin who is the call's stylist too: its advisor unless she asks to be there as admin.
    expect(participantOf({ kind: 'user', user: evaAdmin }, call())).toEqual(asAdvisor);
    expect(participantOf({ kind: 'user', user: evaAdmin }, call(), 'admin')).toEqual({
      type: 'admin',
      id: 'adv_eva',
      name: 'Eva',
    });
  });

  it('an admin is there as admin, asked for or not; never as its advisor or the client', () => {
    const asAdmin = { type: 'admin', id: 'adv_admin', name: 'Admin' };
    expect(participantOf({ kind: 'user', user: admin }, call())).toEqual(asAdmin);
    expect(participantOf({ kind: 'user', user: admin }, call(), 'admin')).toEqual(asAdmin);
    expect(() => participantOf({ kind: 'user', user: admin }, call(), 'advisor')).toThrow(
      refusal('FORBIDDEN', 403, 'This call is not yours'),
    );
    expect(() => participantOf({ kind: 'user', user: admin }, call(), 'client')).toThrow(
      refusal('FORBIDDEN', 403, 'Advisors cannot join as the client'),
    );
  });

  it('another stylist is refused whatever she asks to be', () => {
    for (const wanted of [undefined, 'advisor', 'admin'] as const)
      expect(() => participantOf({ kind: 'user', user: rosa }, call(), wanted)).toThrow(
        refusal('FORBIDDEN', 403, 'This call is not yours'),
      );
    expect(() => participantOf({ kind: 'user', user: eva }, call(), 'client')).toThrow(
      refusal('FORBIDDEN', 403, 'Advisors cannot join as the client'),
    );
  });

  it('acts on the call as its stylist or an admin, and sees only her own lists unless admin', () => {
    expect(() => requireStaffOf(call(), eva)).not.toThrow();
    expect(() => requireStaffOf(call(), admin)).not.toThrow();
    expect(() => requireStaffOf(call(), rosa)).toThrow(
      refusal('FORBIDDEN', 403, 'This call is not yours'),
    );
    expect(() => assertSelfOrAdmin(eva, 'adv_eva')).not.toThrow();
    expect(() => assertSelfOrAdmin(admin, 'adv_eva')).not.toThrow();
    expect(() => assertSelfOrAdmin(rosa, 'adv_eva')).toThrow(
      refusal('FORBIDDEN', 403, 'You can only see your own calls'),
    );
  });

  it("an admin and the call's stylist act on its offer without an offer being looked up", async () => {
    await expect(requireInvolved(noDb, call(), admin)).resolves.toBeUndefined();
    await expect(requireInvolved(noDb, call(), eva)).resolves.toBeUndefined();
    await expect(requireInvolved(noDb, call({ advisorId: null }), admin)).resolves.toBeUndefined();
  });
});
