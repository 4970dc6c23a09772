import type { AdvisorDashboard, Call, StaffAppointment } from '@belleza/contract';

/** A contract-valid call ringing adv_1; override what a test cares about. */
export function makeCall(overrides: Partial<Call> & { name?: string } = {}): Call {
  const { name = 'Ana Pérez', ...rest } = overrides;
  return {
    callId: 'call_1',
    status: 'pending',
    advisorId: 'adv_1',
    advisorInfo: null,
    advisor: null,
    clientId: 'client_1',
    clientInfo: { name, email: '', phone: '+51 999 888 777', subject: 'hair_care', message: '' },
    requestedAt: '2026-11-20T15:00:00.000Z',
    createdAt: '2026-11-20T15:00:00.000Z',
    acceptedAt: null,
    startedAt: null,
    endedAt: null,
    duration: null,
    rating: null,
    ratingComment: null,
    reason: null,
    endedBy: null,
    dailyRoomUrl: null,
    dailyRoomName: null,
    estimatedWaitTime: 120,
    queuePosition: null,
    offerExpiresAt: null,
    consentAt: '2026-11-20T15:00:00.000Z',
    source: 'website',
    language: 'es',
    ...rest,
  };
}

export const activeCall = (overrides: Partial<Call> & { name?: string } = {}): Call =>
  makeCall({
    status: 'active',
    acceptedAt: '2026-11-20T15:01:00.000Z',
    startedAt: '2026-11-20T15:01:00.000Z',
    ...overrides,
  });

export function makeDashboard(overrides: Partial<AdvisorDashboard> = {}): AdvisorDashboard {
  const activeCalls = overrides.activeCalls ?? [];
  return {
    pendingCalls: [],
    activeCalls,
    activeCall: activeCalls[0] ?? null,
    todayStats: { callsAnswered: 0, averageCallTime: 0, averageRating: 0 },
    browserNotifications: true,
    ...overrides,
  };
}

const MINUTE = 60_000;
const plusMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

/**
 * A contract-valid booking of adv_1 starting at `startsAt` (20 min; 'Entrar' from 5 min before,
 * no-show 10 min after); override what a test cares about.
 */
export function makeAppointment(
  overrides: Partial<StaffAppointment> & { startsAt: string },
): StaffAppointment {
  const { startsAt } = overrides;
  return {
    appointmentId: 'ap_1',
    status: 'booked',
    endsAt: plusMinutes(startsAt, 20),
    subject: 'hair_care',
    clientName: 'Rosa Díaz',
    language: 'es',
    advisor: { advisorId: 'adv_1', name: 'Lucía Torres', title: 'Estilista' },
    joinFrom: plusMinutes(startsAt, -5),
    joinUntil: plusMinutes(startsAt, 10),
    callId: null,
    kind: 'consultation',
    service: null,
    createdAt: '2026-11-19T15:00:00.000Z',
    clientPhone: '+51 999 111 222',
    clientEmail: 'rosa@cliente.test',
    message: '',
    cancelledBy: null,
    bookedBy: null,
    outcome: null,
    ...overrides,
  };
}
