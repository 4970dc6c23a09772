/** The dashboard's server calls and its TanStack Query entry. */
import {
  acceptedCallSchema,
  advisorDashboardSchema,
  advisorSchema,
  callSchema,
  type AcceptedCall,
  type Advisor,
  type AdvisorDashboard,
  type AdvisorStatus,
  type Call,
} from '@belleza/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The dashboard polls every 10 s as a fallback to the socket. */
export const DASHBOARD_POLL_MS = 10_000;

export const dashboardKey = (advisorId: string) => ['advisor-dashboard', advisorId] as const;

export const fetchDashboard = (
  advisorId: string,
  signal?: AbortSignal,
): Promise<AdvisorDashboard> =>
  api.get(`/api/advisors/${encodeURIComponent(advisorId)}/dashboard`, {
    schema: advisorDashboardSchema,
    ...(signal ? { signal } : {}),
  });

export const dashboardQuery = (advisorId: string) =>
  queryOptions({
    queryKey: dashboardKey(advisorId),
    queryFn: ({ signal }) => fetchDashboard(advisorId, signal),
  });

export const updateStatus = (advisorId: string, status: AdvisorStatus): Promise<Advisor> =>
  api.post(
    `/api/advisors/${encodeURIComponent(advisorId)}/status`,
    { status },
    { schema: advisorSchema },
  );

/** The accepted call, with the advisor's room token when the room was ready. */
export const acceptCall = (callId: string, advisorId: string): Promise<AcceptedCall> =>
  api.post(
    `/api/calls/${encodeURIComponent(callId)}/accept`,
    { advisorId },
    { schema: acceptedCallSchema },
  );

export const declineCall = (callId: string): Promise<unknown> =>
  api.post(`/api/calls/${encodeURIComponent(callId)}/decline`, {});

export const endCall = (callId: string): Promise<Call> =>
  api.post(
    `/api/calls/${encodeURIComponent(callId)}/end`,
    { endedBy: 'advisor' },
    { schema: callSchema },
  );
