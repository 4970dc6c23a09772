/**
 * The webhook worker (docs/architecture.md#webhooks): every second, on every instance, it takes
 * each enabled endpoint's head (its oldest delivery not yet delivered), claims it under a lease
 * (one instance wins), sends it and records the outcome; then the endpoint's next one, and so on.
 * Endpoints go side by side, one endpoint's deliveries strictly one after another, in order. A
 * failed attempt waits an exponential, jittered backoff; after WEBHOOK_MAX_ATTEMPTS the delivery is
 * failed and holds its endpoint back until the admin retries it.
 */
import { randomUUID } from 'node:crypto';
import { WEBHOOK_MAX_ATTEMPTS } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import {
  claimDelivery,
  endpointHeads,
  purgeDeliveredBefore,
  recordAttempt,
} from './webhooks.repository.js';
import { createSender, type Sender } from './webhooks.sender.js';
import { repeatingRun } from '../../lib/repeating-run.js';

/** The first retry waits about this long; each next one twice as long, up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 10_000;
export const BACKOFF_CAP_MS = 3_600_000;
/** ±20 %: endpoints that failed together do not all come back at the same instant. */
export const BACKOFF_JITTER = 0.2;
/** Deliveries one endpoint may get in one run of the worker (the next run goes on). */
const RUN_BATCH = 100;
/** Delivered deliveries (and their events) are kept this long in the log, then purged. */
export const DELIVERED_KEPT_MS = 30 * 24 * 3600_000;
/** How often an instance purges (every instance may: the deletes are idempotent). */
const PURGE_EVERY_MS = 3600_000;
const HEADS_MAX = 200;

/** How long to wait after the `attempt`-th failed attempt (1-based); `random` in [0, 1). */
export function backoffMs(attempt: number, random: number): number {
  const plain = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (1 - BACKOFF_JITTER + 2 * BACKOFF_JITTER * random));
}

export type WebhookWorkerDeps = Pick<Deps, 'db' | 'dialect' | 'clock' | 'log' | 'instanceId'> & {
  config: Pick<Deps['config'], 'webhookPrivateTargets' | 'webhookTimeoutMs'>;
  /** tests replace the network or the dice */
  sender?: Sender;
  random?: () => number;
  intervalMs?: number;
};

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;

export function createWebhookWorker(deps: WebhookWorkerDeps) {
  const { db, dialect, clock, log, config } = deps;
  const send =
    deps.sender ??
    createSender({
      timeoutMs: config.webhookTimeoutMs,
      allowPrivate: config.webhookPrivateTargets,
    });
  const random = deps.random ?? Math.random;
  // A lease outlives any attempt: another instance takes over only from one that died.
  const leaseMs = config.webhookTimeoutMs + 30_000;

  type Head = Awaited<ReturnType<typeof endpointHeads>>[number];

  /** One attempt of a head, when it is due and this instance wins its lease; whether it was sent. */
  async function attempt(head: Head): Promise<'delivered' | 'failed' | 'skipped'> {
    const now = clock.now();
    if (head.status !== 'pending' || (head.next_attempt_at ?? '') > now.toISOString())
      return 'skipped';
    if (head.lease_until !== null && head.lease_until > now.toISOString()) return 'skipped';
    const token = `${deps.instanceId}:${randomUUID()}`;
    const claimed = await claimDelivery(db, dialect, head.id, {
      token,
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
    });
    if (!claimed) return 'skipped';
    const outcome = await send({
      url: head.url,
      secret: head.secret,
      eventId: head.event_id,
      body: head.body,
      at: clock.now(),
    });
    const at = clock.now();
    const attempts = Number(head.attempts) + 1;
    if (outcome.ok) {
      await recordAttempt(db, head.id, token, {
        status: 'delivered',
        attempts,
        next_attempt_at: null,
        last_status_code: outcome.statusCode,
        last_error: null,
        last_attempt_at: at.toISOString(),
        delivered_at: at.toISOString(),
      });
      return 'delivered';
    }
    const gaveUp = attempts >= WEBHOOK_MAX_ATTEMPTS;
    await recordAttempt(db, head.id, token, {
      status: gaveUp ? 'failed' : 'pending',
      attempts,
      next_attempt_at: gaveUp
        ? null
        : new Date(at.getTime() + backoffMs(attempts, random())).toISOString(),
      last_status_code: outcome.statusCode,
      last_error: outcome.error,
      last_attempt_at: at.toISOString(),
      delivered_at: null,
    });
    log.warn(
      { deliveryId: head.id, endpointId: head.endpoint_id, attempts, error: outcome.error },
      gaveUp ? 'webhook delivery failed for good' : 'webhook delivery attempt failed',
    );
    return 'failed';
  }

  /** An endpoint's deliveries one after another while each is delivered. */
  async function drainEndpoint(endpointId: string, first: Head): Promise<number> {
    let head: Head | undefined = first;
    let sent = 0;
    while (head && sent < RUN_BATCH) {
      const result = await attempt(head);
      if (result !== 'delivered') return sent + (result === 'failed' ? 1 : 0);
      sent += 1;
      head = (await endpointHeads(db, HEADS_MAX)).find((h) => h.endpoint_id === endpointId);
    }
    return sent;
  }

  let nextPurge = 0;
  /** At most hourly: what was delivered more than DELIVERED_KEPT_MS ago leaves the log. */
  async function purgeIfDue(): Promise<void> {
    const now = clock.now().getTime();
    if (now < nextPurge) return;
    nextPurge = now + PURGE_EVERY_MS;
    await purgeDeliveredBefore(db, new Date(now - DELIVERED_KEPT_MS).toISOString());
  }

  /** One run: every endpoint's due deliveries; the number of attempts made. */
  async function deliverDue(): Promise<number> {
    await purgeIfDue();
    const heads = await endpointHeads(db, HEADS_MAX);
    const counts = await Promise.all(heads.map((h) => drainEndpoint(h.endpoint_id, h)));
    return counts.reduce((a, b) => a + b, 0);
  }

  const loop = repeatingRun(deliverDue, {
    intervalMs: deps.intervalMs ?? 1000,
    log,
    failed: 'webhook run failed',
  });

  return {
    deliverDue,
    start(): void {
      loop.start();
    },
    stop: () => loop.stop(),
  };
}
