/**
 * The numbers the call rules run on (see docs/product.md#queue-and-routing): estimates when there is
 * no history, how much work one pass does, and who counts as connected.
 */
import { PRESENCE_GRACE_MS } from '@belleza/contract';

/** The expected answer time, in seconds, when no call has been answered recently. */
export const DEFAULT_ANSWER_SECONDS = 120;
/** A consultation's length when no call has completed recently. */
export const DEFAULT_HANDLE_SECONDS = 15 * 60;
/** The estimates learn from the most recent calls of this window... */
export const RECENT_WINDOW_MS = 7 * 24 * 3600_000;
/** ...at most this many. */
export const RECENT_SAMPLE = 50;
/** Recent handle times move slowly: one read per this many ms per instance is plenty. */
export const ESTIMATE_TTL_MS = 30_000;
/** Work the sweeper and the queue do per kind and pass; anything beyond waits for the next. */
export const SWEEP_BATCH = 100;
export const RECENT_CALLS = 20;
/** Routing retries when another transaction filled the chosen advisor's last place meanwhile. */
export const ROUTING_ATTEMPTS = 5;

/** An advisor (or a visitor's page) counts as connected when one of its sockets was seen after this instant. */
export const onlineSince = (now: Date): string =>
  new Date(now.getTime() - PRESENCE_GRACE_MS).toISOString();

/** When an active call whose visitor is away ends by itself, unless she is back. */
export const awayEndsAt = (awaySince: string, graceMs: number): string =>
  new Date(new Date(awaySince).getTime() + graceMs).toISOString();
