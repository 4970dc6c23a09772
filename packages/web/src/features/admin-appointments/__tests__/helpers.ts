import type { StaffAppointment } from '@belleza/contract';
import { TOKEN_STORAGE_KEY } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { mockFetch, ok, type MockAnswer } from '@/test/fetch-mock';
import { makeAdvisor } from '@/test/fixtures';

const MINUTE = 60_000;
const plusMinutes = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * MINUTE).toISOString();

export const lucia = makeAdvisor({ advisorId: 'adv_1', name: 'Lucía Torres' });
export const marta = makeAdvisor({
  advisorId: 'adv_2',
  name: 'Marta Soto',
  email: 'marta@belleza.test',
});
export const admin = makeAdvisor({
  advisorId: 'adv_admin',
  name: 'Ana Admin',
  email: 'ana@belleza.test',
  isAdmin: true,
});

/** A contract-valid booking with Lucía; override what a test cares about. */
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

/** An admin signed in (token stored, /me answers) plus the page's usual answers. */
export function signInAdmin(routes: Record<string, MockAnswer> = {}) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-admin');
  authStore.reload();
  const api = mockFetch({
    'GET /api/advisors/me': ok(admin),
    'GET /api/advisors': ok([marta, lucia, admin]),
    'GET /api/appointments': ok([]),
    ...routes,
  });
  /** The query of every request to GET /api/appointments, in order. */
  const listQueries = (): URLSearchParams[] =>
    api.fetchMock.mock.calls
      .map(([input]) => new URL(String(input as string), 'http://localhost'))
      .filter((u) => u.pathname === '/api/appointments')
      .map((u) => u.searchParams);
  return { ...api, listQueries };
}

/** A query as sorted `key=value` pairs, easy to compare. */
export const pairs = (q: URLSearchParams | undefined): string[] =>
  [...(q?.entries() ?? [])].map(([k, v]) => `${k}=${v}`).sort();
