/**
 * A request left unanswered is reported once, with the threadpool's answer time; answered or
 * abandoned requests leave no trace.
 */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLOW_REQUEST_WARN_MS, slowRequestsPlugin } from './slow-requests.js';

type Line = {
  level: number;
  msg: string;
  url?: string;
  method?: string;
  threadpoolWaitMs?: number;
};

async function appWithLog() {
  const lines: Line[] = [];
  const waiters: Array<() => void> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      lines.push(JSON.parse(chunk.toString()) as Line);
      for (const wake of waiters.splice(0)) wake();
      cb();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  await app.register(slowRequestsPlugin);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  app.get('/held', async () => {
    await held;
    return { ok: true };
  });
  app.get('/quick', () => ({ ok: true }));
  const warnings = () => lines.filter((l) => l.level === 40);
  const untilWarnings = async (count: number) => {
    while (warnings().length < count) await new Promise<void>((wake) => waiters.push(wake));
    return warnings();
  };
  return { app, warnings, untilWarnings, release: () => release() };
}

describe('slow requests', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports a request unanswered after the limit, then how long the threadpool took', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { app, untilWarnings, release } = await appWithLog();
    const answer = app.inject({ url: '/held?token=secret' });
    await vi.advanceTimersByTimeAsync(SLOW_REQUEST_WARN_MS);
    const [unanswered, probe] = await untilWarnings(2);
    expect(unanswered).toMatchObject({
      method: 'GET',
      url: '/held',
      msg: `request unanswered after ${SLOW_REQUEST_WARN_MS} ms; probing the threadpool`,
    });
    expect(probe).toMatchObject({ url: '/held', msg: 'threadpool probe answered' });
    expect(probe?.threadpoolWaitMs).toBeGreaterThanOrEqual(0);
    release();
    expect((await answer).statusCode).toBe(200);
    await app.close();
  });

  it('says nothing about requests answered in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { app, warnings } = await appWithLog();
    expect((await app.inject({ url: '/quick' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/missing' })).statusCode).toBe(404);
    await vi.advanceTimersByTimeAsync(SLOW_REQUEST_WARN_MS * 3);
    expect(warnings()).toEqual([]);
    await app.close();
  });
});
