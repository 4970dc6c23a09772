/**
 * SQLite's one connection: a query kept waiting for it is reported, and a short wait (the normal
 * case) is not.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_WAIT_WARN_MS, openDatabase, type LongWait } from './kysely.js';

describe('SQLite connection waits', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports a query kept waiting by a holder that does not let go', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const waits: LongWait[] = [];
    const { db, close } = openDatabase('sqlite::memory:', { onLongWait: (w) => waits.push(w) });
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    const holdingTheConnection = db.connection().execute(async (c) => {
      await sql`select 1`.execute(c);
      await gate;
    });
    const waiting = sql<{ one: number }>`select 1 as one`.execute(db);
    await vi.advanceTimersByTimeAsync(CONNECTION_WAIT_WARN_MS - 1);
    expect(waits).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(waits).toEqual([
      { waitedMs: CONNECTION_WAIT_WARN_MS, waiting: 1, heldMs: CONNECTION_WAIT_WARN_MS },
    ]);
    letGo();
    await holdingTheConnection;
    expect((await waiting).rows).toEqual([{ one: 1 }]);
    await close();
  });

  it('says nothing when queries take turns normally', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const waits: LongWait[] = [];
    const { db, close } = openDatabase('sqlite::memory:', { onLongWait: (w) => waits.push(w) });
    const rows = await Promise.all(
      [1, 2, 3].map(async (n) => (await sql<{ n: number }>`select ${n} as n`.execute(db)).rows),
    );
    expect(rows.flat()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    await db.transaction().execute((trx) => sql`select 1`.execute(trx));
    await vi.advanceTimersByTimeAsync(CONNECTION_WAIT_WARN_MS * 2);
    expect(waits).toEqual([]);
    await close();
  });
});
