import { describe, expect, it } from 'vitest';
import { signRoomToken, verifyRoomToken } from './room-token.js';

const SECRET = 'a'.repeat(43);
const NOW = new Date('2026-11-20T15:00:00.000Z');
const EXP = new Date('2026-11-20T16:00:00.000Z');
const claims = {
  callId: 'call_1',
  room: 'call_1',
  type: 'client' as const,
  id: 'client-1',
  name: 'Ana',
  expiresAt: EXP,
};

describe('built-in room tokens', () => {
  it('verifies a token it signed and returns the claims', () => {
    const token = signRoomToken(SECRET, claims);
    expect(verifyRoomToken(SECRET, token, 'call_1', NOW)).toEqual({
      ok: true,
      claims: {
        callId: 'call_1',
        room: 'call_1',
        type: 'client',
        id: 'client-1',
        name: 'Ana',
        exp: EXP.getTime() / 1000,
      },
    });
  });

  it('refuses a token of another call', () => {
    const token = signRoomToken(SECRET, claims);
    expect(verifyRoomToken(SECRET, token, 'call_2', NOW)).toEqual({
      ok: false,
      reason: 'wrong-call',
    });
  });

  it('refuses a token at and after its expiry', () => {
    const token = signRoomToken(SECRET, claims);
    expect(verifyRoomToken(SECRET, token, 'call_1', new Date(EXP.getTime() - 1000)).ok).toBe(true);
    expect(verifyRoomToken(SECRET, token, 'call_1', EXP)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a token signed with another secret', () => {
    const token = signRoomToken('b'.repeat(43), claims);
    expect(verifyRoomToken(SECRET, token, 'call_1', NOW)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it('refuses a token whose payload was edited (advisor → admin)', () => {
    const token = signRoomToken(SECRET, claims);
    const [v, body, sig] = token.split('.') as [string, string, string];
    const edited = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    edited.type = 'admin';
    const forged = `${v}.${Buffer.from(JSON.stringify(edited)).toString('base64url')}.${sig}`;
    expect(verifyRoomToken(SECRET, forged, 'call_1', NOW)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
  });

  it.each(['', 'x', 'v1.a', 'v2.a.b', 'v1..sig', 'not.a.token.at.all'])(
    'refuses malformed input %j',
    (token) => {
      expect(verifyRoomToken(SECRET, token, 'call_1', NOW)).toEqual({
        ok: false,
        reason: 'malformed',
      });
    },
  );
});
