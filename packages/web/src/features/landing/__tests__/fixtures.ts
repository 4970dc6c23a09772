import type {
  Availability,
  Call,
  CallRequestResponseData,
  CallStatusData,
} from '@belleza/contract';

export const openAvailability: Availability = {
  open: true,
  maintenance: false,
  availableAdvisors: 2,
  estimatedWaitTime: 120,
  withinHours: true,
  nextOpening: null,
  maxCallDuration: 45,
  retentionDays: 30,
  bookingEnabled: true,
};

/** Tuesday 24 Nov 2026, 09:00 in Lima (UTC-5). */
export const NEXT_OPENING = '2026-11-24T14:00:00.000Z';

export const closedAvailability: Availability = {
  open: false,
  maintenance: false,
  availableAdvisors: 0,
  estimatedWaitTime: 0,
  withinHours: false,
  nextOpening: NEXT_OPENING,
  maxCallDuration: 60,
  retentionDays: 30,
  bookingEnabled: true,
};

export function statusData(overrides: Partial<CallStatusData> = {}): CallStatusData {
  return {
    callId: 'call_1',
    status: 'pending',
    advisorId: null,
    advisorName: null,
    queuePosition: null,
    estimatedWaitTime: 120,
    requestedAt: '2026-11-23T15:00:00.000Z',
    acceptedAt: null,
    endedAt: null,
    reason: null,
    endedBy: null,
    rating: null,
    dailyRoomUrl: null,
    ...overrides,
  };
}

export function callData(overrides: Partial<Call> = {}): Call {
  return {
    callId: 'call_1',
    status: 'pending',
    advisorId: 'adv_1',
    advisorInfo: null,
    advisor: null,
    clientId: 'cli_1',
    clientInfo: { name: 'Ana', email: '', phone: '+51 999 888 777', subject: 'x', message: 'x' },
    requestedAt: '2026-11-23T15:00:00.000Z',
    createdAt: '2026-11-23T15:00:00.000Z',
    acceptedAt: null,
    startedAt: null,
    endedAt: null,
    duration: null,
    rating: null,
    ratingComment: null,
    reason: null,
    endedBy: null,
    dailyRoomUrl: '/rtc/room_1',
    dailyRoomName: 'room_1',
    estimatedWaitTime: 120,
    queuePosition: null,
    offerExpiresAt: null,
    consentAt: '2026-11-23T15:00:00.000Z',
    source: 'website',
    language: 'es',
    ...overrides,
  };
}

export const clientToken = {
  token: 'v1.client.sig',
  roomUrl: '/rtc/room_1',
  roomName: 'room_1',
  provider: 'builtin',
  iceServers: [],
  expiresAt: '2026-11-23T17:00:00.000Z',
};

/** What POST /api/calls/request answers for a queued call (201). */
export function createdCall(
  overrides: Partial<CallRequestResponseData> = {},
): CallRequestResponseData {
  return {
    callId: 'call_1',
    status: 'pending',
    dailyRoomName: null,
    dailyRoomUrl: null,
    advisorId: null,
    estimatedWaitTime: 300,
    queuePosition: 2,
    clientKey: 'secret-key',
    ...overrides,
  };
}
