/**
 * The calls panel's list rules (docs/product.md#calls-panel) as pure functions over the dashboard
 * answer (the TanStack Query cache entry): only `pending` calls in the pending list, only `active`
 * ones in the active list, a new call goes to the front unless already present, an urgent one on
 * top, `accepted` moves a call to the active list, `completed`/`cancelled` remove it from both,
 * other statuses merge into the existing entry.
 */
import type { AdvisorDashboard, Call, CallStatus } from '@belleza/contract';

export type DashboardLists = Pick<AdvisorDashboard, 'pendingCalls' | 'activeCalls' | 'activeCall'>;

const without = (calls: readonly Call[], callId: string): Call[] =>
  calls.filter((c) => c.callId !== callId);

/** Re-derives `activeCall` and enforces the one-status-per-list invariant. */
function normalise<T extends DashboardLists>(lists: T): T {
  const pendingCalls = lists.pendingCalls.filter((c) => c.status === 'pending');
  const activeCalls = lists.activeCalls.filter((c) => c.status === 'active');
  return { ...lists, pendingCalls, activeCalls, activeCall: activeCalls[0] ?? null };
}

/** `call:new`: added to the front unless already present (duplicates are ignored). */
export function addNewCall<T extends DashboardLists>(lists: T, call: Call): T {
  if (call.status !== 'pending') return normalise(lists);
  if (lists.pendingCalls.some((c) => c.callId === call.callId)) return normalise(lists);
  return normalise({ ...lists, pendingCalls: [call, ...lists.pendingCalls] });
}

/** `call:new:urgent`: put on top (moved there when already present, with the fresher data). */
export function addUrgentCall<T extends DashboardLists>(lists: T, call: Call): T {
  if (call.status !== 'pending') return normalise(lists);
  return normalise({ ...lists, pendingCalls: [call, ...without(lists.pendingCalls, call.callId)] });
}

/** `calls:pending`: replaces the pending list. */
export function replacePending<T extends DashboardLists>(lists: T, calls: readonly Call[]): T {
  const seen = new Set<string>();
  const unique = calls.filter((c) => (seen.has(c.callId) ? false : (seen.add(c.callId), true)));
  return normalise({ ...lists, pendingCalls: unique });
}

/** `call:accepted` (and status 'accepted'/'active'): leaves pending, becomes the active call. */
export function moveToActive<T extends DashboardLists>(lists: T, call: Call): T {
  const prior =
    lists.activeCalls.find((c) => c.callId === call.callId) ??
    lists.pendingCalls.find((c) => c.callId === call.callId);
  const merged: Call = {
    ...prior,
    ...call,
    status: 'active',
    acceptedAt: call.acceptedAt ?? prior?.acceptedAt ?? new Date().toISOString(),
  };
  return normalise({
    ...lists,
    pendingCalls: without(lists.pendingCalls, call.callId),
    activeCalls: [merged, ...without(lists.activeCalls, call.callId)],
  });
}

/** `call:ended`, completed or cancelled: removed from both lists. */
export function removeCall<T extends DashboardLists>(lists: T, callId: string): T {
  return normalise({
    ...lists,
    pendingCalls: without(lists.pendingCalls, callId),
    activeCalls: without(lists.activeCalls, callId),
  });
}

/** An offer withdrawn, declined or re-routed away: no longer pending here. */
export function removePending<T extends DashboardLists>(lists: T, callId: string): T {
  return normalise({ ...lists, pendingCalls: without(lists.pendingCalls, callId) });
}

/** `call:status:updated {callId, status, call}`. */
export function applyStatusUpdate<T extends DashboardLists>(
  lists: T,
  update: { callId: string; status: CallStatus; call?: Call | undefined },
): T {
  const { callId, status, call } = update;
  switch (status) {
    case 'accepted':
    case 'active':
      return call ? moveToActive(lists, { ...call, callId }) : removePending(lists, callId);
    case 'completed':
    case 'cancelled':
      return removeCall(lists, callId);
    case 'pending': {
      const merge = (c: Call): Call => (c.callId === callId ? { ...c, ...call, status } : c);
      return normalise({
        ...lists,
        pendingCalls: lists.pendingCalls.map(merge),
        activeCalls: lists.activeCalls.map(merge),
      });
    }
    default: {
      const never: never = status;
      return never;
    }
  }
}
