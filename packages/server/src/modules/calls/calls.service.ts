/**
 * The calls service: one face over the module's parts (docs/architecture.md#the-calls-module).
 * Other modules, the routes, the socket handlers and the sweeper call this object; the rules live
 * in the parts it composes:
 * - calls.transitions: each state change in one transaction, returning its effects;
 * - calls.effects: what a committed change tells the world (events, rooms, e-mails);
 * - calls.queue: draining the queue, the estimates, the next opening;
 * - calls.request / calls.lifecycle: what visitors and staff do to a call;
 * - calls.queries, calls.notes, calls.timers: reads, notes and ratings, the sweeper's part;
 * - calls.intake: the visitor's hair intake and its patch-test flag;
 * - calls.visitors: whether a call's visitor is still there (nobody waits for one who has gone);
 * - calls.returning: returning clients (her last stylist first, what staff see of her last visit).
 */
import { createCallEffects } from './calls.effects.js';
import { createCallIntake } from './calls.intake.js';
import { createCallLifecycle } from './calls.lifecycle.js';
import { createCallNotes } from './calls.notes.js';
import { createCallQueries } from './calls.queries.js';
import { createCallQueue } from './calls.queue.js';
import { createCallRequest } from './calls.request.js';
import { createReturningClients } from './calls.returning.js';
import { createCallTimers } from './calls.timers.js';
import { createCallTransitions } from './calls.transitions.js';
import { createVisitorWatch } from './calls.visitors.js';
import type { CallsServiceDeps } from './calls.types.js';

export type { CallsServiceDeps, UserActor } from './calls.types.js';

export type CallsService = ReturnType<typeof createCallsService>;

export function createCallsService(deps: CallsServiceDeps) {
  const transitions = createCallTransitions(deps);
  const effects = createCallEffects(deps);
  const queue = createCallQueue(deps, { transitions, effects });
  const lifecycle = createCallLifecycle(deps, { transitions, effects, queue });
  const queries = createCallQueries(deps, { queue });
  const notes = createCallNotes(deps);
  const timers = createCallTimers(deps, { transitions, queue });
  const visitors = createVisitorWatch(deps, { transitions, queue });
  const returning = createReturningClients(deps);
  return {
    request: createCallRequest(deps, { transitions, queue, returning }),
    returningOf: returning.returningOf,
    /** the keyed hash of a phone (CLIENT_HASH_SECRET), as returning clients are kept */
    phoneHash: returning.phoneHash,
    purgeReturningClients: returning.purge,
    ...lifecycle,
    ...queries,
    ...notes,
    ...createCallIntake(deps),
    ...timers,
    ...visitors,
    drainQueue: queue.drainQueue,
  };
}
