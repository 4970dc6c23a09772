/**
 * The queue (docs/product.md#queue-and-routing): calls nobody could take yet wait in FIFO order
 * and go to the first advisor with a free place. Also the estimates the visitor sees (expected
 * answer time, queue wait) and the next opening when nobody is online.
 *
 * The one place that drains: transitions and effects only report that a place may have freed
 * (`QueueChange`), and `commit` drains after applying them, so draining never re-enters itself.
 */
import type { Effect } from './calls.types.js';
import type { CallEffects, QueueChange } from './calls.effects.js';
import { queuedCallIds } from './calls.repository.js';
import {
  DEFAULT_ANSWER_SECONDS,
  DEFAULT_HANDLE_SECONDS,
  ESTIMATE_TTL_MS,
  RECENT_SAMPLE,
  RECENT_WINDOW_MS,
  SWEEP_BATCH,
  onlineSince,
} from './calls.rules.js';
import type { CallTransitions } from './calls.transitions.js';
import type { CallsServiceDeps } from './calls.types.js';
import {
  findFreeCandidate,
  hasUnofferedRoutableAdvisor,
  liveAdvisorHours,
  recentTimes,
  routableSummary,
} from './routing.repository.js';
import { nextOpening, parseAdvisorHours } from './working-hours.js';

export type CallQueue = ReturnType<typeof createCallQueue>;

export function createCallQueue(
  deps: Pick<CallsServiceDeps, 'db' | 'clock' | 'notifier' | 'log' | 'settings'>,
  parts: { transitions: CallTransitions; effects: CallEffects },
) {
  const { db, clock, notifier, log, settings } = deps;
  const { transitions, effects } = parts;

  let timesCache: { at: number; times: Awaited<ReturnType<typeof recentTimes>> } | null = null;
  /** Expected answer time, and the wait of the call at a queue position. */
  async function estimates(now: Date) {
    if (!timesCache || Math.abs(now.getTime() - timesCache.at) >= ESTIMATE_TTL_MS) {
      const since = new Date(now.getTime() - RECENT_WINDOW_MS).toISOString();
      timesCache = { at: now.getTime(), times: await recentTimes(db, since, RECENT_SAMPLE) };
    }
    const { times } = timesCache;
    const answer = times.answerSeconds ?? DEFAULT_ANSWER_SECONDS;
    const handle = times.handleSeconds ?? DEFAULT_HANDLE_SECONDS;
    return {
      answer: Math.round(answer),
      /** position 1 = next in line; `capacity` = calls the online advisors can hold at once */
      queued: (position: number, capacity: number) =>
        Math.round(answer + Math.ceil(position / Math.max(1, capacity)) * handle),
    };
  }

  /** When the working hours of a stylist who takes calls next begin; null when none has hours. */
  async function computeNextOpening(now: Date): Promise<string | null> {
    const hours = parseAdvisorHours(await liveAdvisorHours(db));
    return nextOpening(hours, now)?.toISOString() ?? null;
  }

  /** Tells every waiting visitor her place and expected wait. */
  async function announceQueue(now: Date): Promise<void> {
    const ids = await queuedCallIds(db, SWEEP_BATCH);
    if (ids.length === 0) return;
    const est = await estimates(now);
    const { capacity } = await routableSummary(db, onlineSince(now));
    ids.forEach((callId, i) => {
      notifier.toCall(callId, 'call:queue:updated', {
        callId,
        queuePosition: i + 1,
        estimatedWaitTime: est.queued(i + 1, capacity),
        ringing: null,
      });
    });
  }

  const announceSafely = () =>
    announceQueue(clock.now()).catch((err: unknown) =>
      log.error({ err }, 'queue announcement failed'),
    );

  let drainRun: Promise<number> | null = null;
  let drainAgain = false;

  /** Offers queued calls (FIFO) to advisors with free places; ends those nobody is left for. */
  async function drainOnce(now: Date): Promise<number> {
    const ids = await queuedCallIds(db, SWEEP_BATCH);
    if (ids.length === 0) return 0;
    const current = await settings.get();
    const since = onlineSince(now);
    let moved = 0;
    for (const callId of ids) {
      // Read-only first: a call that still has to wait costs no write.
      const free = await findFreeCandidate(db, callId, since, now.toISOString());
      if (!free && (await hasUnofferedRoutableAdvisor(db, callId, since))) continue;
      const list: Effect[] = [];
      const result = await db
        .transaction()
        .execute((trx) => transitions.routeInTx(trx, callId, now, current, list, false));
      // This pass is the drain: a freed place is picked up by the loop in drainQueue.
      await settle(await effects.flush(list), { drain: false });
      if (result !== 'queued' && result !== 'not_queued') moved += 1;
    }
    if (moved > 0) await announceQueue(now);
    return moved;
  }

  /** One drain at a time per process; a request for another while one runs makes it go again. */
  function drainQueue(now?: Date): Promise<number> {
    if (drainRun) {
      drainAgain = true;
      return drainRun;
    }
    drainRun = (async () => {
      let total = 0;
      try {
        do {
          drainAgain = false;
          total += await drainOnce(now ?? clock.now());
        } while (drainAgain);
      } finally {
        drainRun = null;
      }
      return total;
    })();
    return drainRun;
  }

  /**
   * What the queue does after effects were applied: drain when a place may have freed (unless the
   * caller is a sweep that must not drain), otherwise tell the waiting visitors when it moved.
   */
  async function settle(change: QueueChange, opts: { drain?: boolean } = {}): Promise<void> {
    if (change.drain && opts.drain !== false) await drainQueue();
    else if (change.queueChanged) await announceSafely();
  }

  /** Applies a committed transition's effects, then settles the queue. */
  async function commit(list: Effect[], opts: { drain?: boolean } = {}): Promise<void> {
    await settle(await effects.flush(list), opts);
  }

  return { estimates, computeNextOpening, drainQueue, commit };
}
