import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { NO_TURN_WARNING, noTurnWarning } from './startup-warning.js';
import { iceServersFor, mintTurnCredential, turnParticipantId } from './turn-credentials.js';

const SECRET = 'coturn-static-auth-secret';
const EXPIRY = new Date('2026-11-20T16:00:00.000Z');
const TURN = {
  urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:443?transport=tcp'],
  secret: SECRET,
  credentialTtlMs: 600_000,
};
/** A call's room that lives long after the credential's TTL. */
const NOW = new Date(EXPIRY.getTime() - 600_000);
const ROOM_UNTIL = new Date(EXPIRY.getTime() + 50 * 60_000);

describe('TURN REST credentials (coturn use-auth-secret)', () => {
  it('names the expiry (unix seconds) and the participant, signed with HMAC-SHA1 of the secret', () => {
    const { username, credential } = mintTurnCredential(SECRET, 'client-cli_1', EXPIRY);
    expect(username).toBe('1795190400:client-cli_1');
    // what coturn computes from its static-auth-secret
    const expected = createHmac('sha1', SECRET).update('1795190400:client-cli_1').digest('base64');
    expect(credential).toBe(expected);
    expect(Buffer.from(credential, 'base64')).toHaveLength(20);
  });

  it('rounds a sub-second expiry down, never past the room', () => {
    const { username } = mintTurnCredential(SECRET, 'p', new Date(EXPIRY.getTime() + 999));
    expect(username.split(':')[0]).toBe('1795190400');
  });

  it('gives each participant and each expiry a different credential', () => {
    const a = mintTurnCredential(SECRET, 'client-1', EXPIRY);
    const b = mintTurnCredential(SECRET, 'advisor-1', EXPIRY);
    const c = mintTurnCredential(SECRET, 'client-1', new Date(EXPIRY.getTime() + 1000));
    expect(new Set([a.credential, b.credential, c.credential]).size).toBe(3);
    expect(mintTurnCredential('another-secret', 'client-1', EXPIRY).credential).not.toBe(
      a.credential,
    );
  });

  it('names participants by type and id', () => {
    expect(turnParticipantId({ type: 'advisor', id: 'adv_9' })).toBe('advisor-adv_9');
  });
});

describe('iceServersFor', () => {
  const participant = { type: 'client' as const, id: 'cli_1' };

  it('lists STUN_URLS, then every TURN URL with the participant credential, then the settings', () => {
    const { iceServers, ttlMs } = iceServersFor(
      { turn: TURN, stunUrls: ['stun:stun.example.com:3478'] },
      participant,
      { now: NOW, until: ROOM_UNTIL },
      [{ urls: 'stun:static.example.org' }],
    );
    // TURN_CREDENTIAL_TTL from now, though the room lives on for 50 minutes more.
    const { username, credential } = mintTurnCredential(SECRET, 'client-cli_1', EXPIRY);
    expect(iceServers).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: TURN.urls[0], username, credential },
      { urls: TURN.urls[1], username, credential },
      { urls: 'stun:static.example.org' },
    ]);
    expect(ttlMs).toBe(600_000);
    expect(JSON.stringify(iceServers)).not.toContain(SECRET);
  });

  it('never outlives the room: a credential minted near its end expires with it', () => {
    const until = new Date(NOW.getTime() + 90_000);
    const { iceServers, ttlMs } = iceServersFor(
      { turn: TURN, stunUrls: [] },
      participant,
      { now: NOW, until },
      [],
    );
    expect(iceServers[0]?.username).toBe(
      mintTurnCredential(SECRET, 'client-cli_1', until).username,
    );
    expect(ttlMs).toBe(90_000);
  });

  it('counts the time left from the whole second the username names', () => {
    const now = new Date(NOW.getTime() + 400);
    expect(
      iceServersFor({ turn: TURN, stunUrls: [] }, participant, { now, until: ROOM_UNTIL }, [])
        .ttlMs,
    ).toBe(599_600);
  });

  it('is only the static settings, with no lifetime, when nothing is configured', () => {
    const statics = [{ urls: 'turn:static.example.org', username: 'u', credential: 'c' }];
    expect(
      iceServersFor(
        { turn: undefined, stunUrls: [] },
        participant,
        { now: NOW, until: ROOM_UNTIL },
        statics,
      ),
    ).toEqual({ iceServers: statics, ttlMs: null });
  });
});

describe('the start-up warning', () => {
  it('warns once when the built-in video runs without TURN', () => {
    expect(noTurnWarning(loadConfig({}), 'builtin')).toBe(NO_TURN_WARNING);
    expect(NO_TURN_WARNING).toMatch(/TURN_URLS\/TURN_SECRET/);
    expect(NO_TURN_WARNING).not.toContain('\n');
  });

  it('stays quiet with TURN configured, or with Daily', () => {
    expect(
      noTurnWarning(
        loadConfig({ TURN_URLS: 'turn:turn.example.com', TURN_SECRET: SECRET }),
        'builtin',
      ),
    ).toBeNull();
    expect(noTurnWarning(loadConfig({}), 'daily')).toBeNull();
  });
});
