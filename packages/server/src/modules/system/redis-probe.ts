import { Redis } from 'ioredis';

export type ProbeResult =
  { ok: true } | { ok: false; reason: 'unreachable' | 'timeout'; detail: string };

class ProbeTimeout extends Error {}

/**
 * PINGs Redis on a fresh connection and closes it. A status check runs every few seconds at most,
 * so a connection per check is cheaper than keeping one (and its reconnect loop) alive.
 * Never waits longer than `timeoutMs`; never retries.
 */
export async function probeRedis(url: string, timeoutMs: number): Promise<ProbeResult> {
  const client = new Redis(url, {
    lazyConnect: true,
    // Our own deadline below is what gives up on a hung server; these only must not fire first.
    connectTimeout: timeoutMs + 1000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // Connection errors reach the awaited promise below; without a listener ioredis would log them.
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ProbeTimeout(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([client.connect().then(() => client.ping()), deadline]);
    return { ok: true };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      reason: err instanceof ProbeTimeout ? 'timeout' : 'unreachable',
      detail: detail.slice(0, 200),
    };
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}
