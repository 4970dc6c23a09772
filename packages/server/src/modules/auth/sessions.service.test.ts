/**
 * Sessions on a real database: a token signs its advisor in until revoked, its last use is kept
 * (at most once a minute, so a busy page does not write on every request), and revoking all of an
 * advisor's sessions may spare the one she is using.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashSecret } from '../../lib/ids.js';
import { ManualClock } from '../../lib/clock.js';
import { insertAdvisor, type TestAdvisor } from '../../test/fixtures.js';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers.js';
import { createSessionsService } from './sessions.service.js';

let db: TestDatabase;
let clock: ManualClock;
let ana: TestAdvisor;
let sessions: ReturnType<typeof createSessionsService>;

beforeEach(async () => {
  db = await createTestDatabase('sqlite');
  clock = new ManualClock('2026-12-01T15:00:00.000Z');
  ana = await insertAdvisor(db.db, { name: 'Ana', now: clock.now() });
  sessions = createSessionsService({ db: db.db, clock, config: testConfig() });
});
afterEach(() => db.drop());

const lastUsedOf = async (token: string) =>
  (
    await db.db
      .selectFrom('advisor_sessions')
      .select('last_used_at')
      .where('token_hash', '=', hashSecret(token))
      .executeTakeFirstOrThrow()
  ).last_used_at;

describe('sessions', () => {
  it('a new session signs its advisor in, with an id of its kind, until it is revoked', async () => {
    const { token, sessionId, expiresAt } = await sessions.create(ana.id);
    expect(sessionId).toMatch(/^ses_/);
    expect(expiresAt).toBe(
      new Date(clock.now().getTime() + testConfig().sessionTtlMs).toISOString(),
    );
    expect(await sessions.resolve(token)).toEqual({
      advisorId: ana.id,
      sessionId,
      name: 'Ana',
      email: expect.any(String) as string,
      isAdmin: false,
    });
    await sessions.revoke(sessionId);
    expect(await sessions.resolve(token)).toBeNull();
    expect(await sessions.resolve('x'.repeat(201))).toBeNull();
  });

  it('keeps its last use, refreshed once a minute at most', async () => {
    const { token } = await sessions.create(ana.id);
    const createdAt = clock.now().toISOString();
    clock.advance(59_999);
    await sessions.resolve(token);
    expect(await lastUsedOf(token)).toBe(createdAt);
    clock.advance(1);
    await sessions.resolve(token);
    const touchedAt = clock.now().toISOString();
    expect(await lastUsedOf(token)).toBe(touchedAt);
    clock.advance(30_000);
    await sessions.resolve(token);
    expect(await lastUsedOf(token)).toBe(touchedAt);
  });

  it("revokes all of an advisor's sessions, or all but the one she is using", async () => {
    const kept = await sessions.create(ana.id);
    const other = await sessions.create(ana.id);
    const third = await sessions.create(ana.id);
    // Hers are four: the fixture signed her in too.
    expect(await sessions.revokeAllForAdvisor(ana.id, { exceptSessionId: kept.sessionId })).toBe(3);
    expect(await sessions.resolve(ana.token)).toBeNull();
    expect(await sessions.resolve(other.token)).toBeNull();
    expect(await sessions.resolve(third.token)).toBeNull();
    expect(await sessions.resolve(kept.token)).not.toBeNull();
    expect(await sessions.hasLive(ana.id)).toBe(true);
    expect(await sessions.revokeAllForAdvisor(ana.id)).toBe(1);
    expect(await sessions.hasLive(ana.id)).toBe(false);
  });
});
