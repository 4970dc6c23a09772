/**
 * A dashboard in a background tab, as Chrome treats it after 5 minutes hidden ("intensive wake-up
 * throttling"): chained timers and intervals fire at most once a minute, other timers on whole
 * seconds, while network events (a WebSocket message) still run at once. Headless Chromium never
 * hides a page, so the init script re-times the page's setTimeout/setInterval itself once
 * `throttleLikeBackgroundTab` is called; intervals set before that (the dashboard's heartbeat) are
 * throttled from their next tick.
 */
import type { BrowserContext, Page } from '@playwright/test';

const THROTTLE = () => {
  const w = window as unknown as { __bgThrottle?: boolean };
  const nativeSetTimeout = window.setTimeout.bind(window);
  const nativeClearTimeout = window.clearTimeout.bind(window);
  const MINUTE = 60_000;
  const SECOND = 1_000;
  // Chrome's rules: every timer of a hidden page waits for the next whole second; a timer whose
  // chain is 5 or more deep (set from a timer callback, or an interval's later ticks) waits for
  // the next whole minute. A timer set from a network event starts a new chain.
  let depth = 0;
  const delay = (ms: number, level: number) => {
    if (!w.__bgThrottle) return ms;
    const align = level >= 5 ? MINUTE : SECOND;
    const due = Date.now() + ms;
    return Math.ceil(due / align) * align - Date.now();
  };
  const run = (fn: TimerHandler, level: number, args: unknown[]) => {
    const outer = depth;
    depth = level;
    try {
      if (typeof fn === 'function') (fn as (...a: unknown[]) => void)(...args);
    } finally {
      depth = outer;
    }
  };
  window.setTimeout = ((fn: TimerHandler, ms = 0, ...args: unknown[]) => {
    const level = depth + 1;
    return nativeSetTimeout(() => run(fn, level, args), delay(ms, level));
  }) as typeof window.setTimeout;
  const intervals = new Map<number, number>();
  let nextId = 1_000_000;
  window.setInterval = ((fn: TimerHandler, ms = 0, ...args: unknown[]) => {
    const id = nextId++;
    let level = depth;
    const tick = () => {
      level += 1;
      const at = level;
      intervals.set(
        id,
        nativeSetTimeout(
          () => {
            run(fn, at, args);
            if (intervals.has(id)) tick();
          },
          delay(ms, at),
        ),
      );
    };
    tick();
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id === undefined) return;
    const handle = intervals.get(id);
    intervals.delete(id);
    if (handle !== undefined) nativeClearTimeout(handle);
  }) as typeof window.clearInterval;
};

/** Before the pages of `context` load: lets `throttleLikeBackgroundTab` re-time their timers. */
export async function installBackgroundTabEmulation(context: BrowserContext): Promise<void> {
  await context.addInitScript(THROTTLE);
}

/** From now on the page's timers fire at most once a minute, as in a long-hidden Chrome tab. */
export async function throttleLikeBackgroundTab(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __bgThrottle?: boolean }).__bgThrottle = true;
  });
}
