/**
 * A background job run again and again, `intervalMs` after the end of its last run (chained
 * timeouts: a slow run delays the next one instead of overlapping it). A failed run is logged and
 * the next one comes as usual. `stop()` waits for a run in progress.
 */
import type { FastifyBaseLogger } from 'fastify';

export type RepeatingRun = { start(): void; stop(): Promise<void> };

export function repeatingRun(
  run: () => Promise<unknown>,
  options: { intervalMs: number; log: Pick<FastifyBaseLogger, 'error'>; failed: string },
): RepeatingRun {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = run()
        .catch((err: unknown) => options.log.error({ err }, options.failed))
        .finally(() => {
          running = null;
          schedule();
        });
    }, options.intervalMs);
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
