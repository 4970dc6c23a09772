/**
 * The table's filters, kept in the address (a reload or a shared link shows the same list): a Lima
 * day (today when the address says nothing; `day=upcoming` for every booking from now on), an
 * advisor, a status and a kind (video consultations or services in the salon).
 */
import {
  appointmentKindSchema,
  appointmentStatusSchema,
  type AppointmentKind,
  type AppointmentStatus,
  type StaffAppointment,
} from '@belleza/contract';
import { limaDayOf } from '@/lib/format';

export type AppointmentFilters = {
  /** 'YYYY-MM-DD' in Lima; '' = from now on, whatever the day */
  day: string;
  advisorId: string;
  status: AppointmentStatus | '';
  kind: AppointmentKind | '';
};

/** What the address says for "no day: from now on". */
export const UPCOMING_PARAM = 'upcoming';
/** A day's bookings fit many times over; the route allows up to 500. */
export const APPOINTMENTS_LIMIT = 500;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function readFilters(params: URLSearchParams, today: string): AppointmentFilters {
  const day = params.get('day');
  const status = appointmentStatusSchema.safeParse(params.get('status'));
  const kind = appointmentKindSchema.safeParse(params.get('kind'));
  return {
    day: day === UPCOMING_PARAM ? '' : isDay(day) ? day : today,
    advisorId: (params.get('advisor') ?? '').trim(),
    status: status.success ? status.data : '',
    kind: kind.success ? kind.data : '',
  };
}

export function writeParams(filters: AppointmentFilters, today: string): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.day === '') params.set('day', UPCOMING_PARAM);
  else if (filters.day !== today) params.set('day', filters.day);
  if (filters.advisorId) params.set('advisor', filters.advisorId);
  if (filters.status) params.set('status', filters.status);
  if (filters.kind) params.set('kind', filters.kind);
  return params;
}

export const hasNarrowingFilters = (filters: AppointmentFilters): boolean =>
  Boolean(filters.advisorId || filters.status || filters.kind);

export type AppointmentsListQuery = {
  day?: string;
  upcoming?: 'true';
  advisorId?: string;
  status?: AppointmentStatus;
  kind?: AppointmentKind;
  limit: number;
};

/** GET /api/appointments's query for these filters. */
export function filtersToQuery(filters: AppointmentFilters): AppointmentsListQuery {
  return {
    ...(filters.day ? { day: filters.day } : { upcoming: 'true' }),
    ...(filters.advisorId ? { advisorId: filters.advisorId } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    limit: APPOINTMENTS_LIMIT,
  };
}

const byStart = (a: StaffAppointment, b: StaffAppointment) =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.appointmentId.localeCompare(b.appointmentId);

/**
 * A booking that changed (`appointment:changed`, or a cancel/reassign answered here) in a list
 * read with `filters`: replaced, added or removed as the server would now list it. Without a day,
 * a booking already shown stays (it may have started since the list was read); a new one joins
 * when it has not started.
 */
export function applyChange(
  list: readonly StaffAppointment[],
  changed: StaffAppointment,
  filters: AppointmentFilters,
  now: number,
): StaffAppointment[] {
  const shown = list.some((a) => a.appointmentId === changed.appointmentId);
  const others = list.filter((a) => a.appointmentId !== changed.appointmentId);
  const fits =
    (filters.day
      ? limaDayOf(changed.startsAt) === filters.day
      : shown || Date.parse(changed.startsAt) >= now) &&
    (!filters.advisorId || changed.advisor.advisorId === filters.advisorId) &&
    (!filters.status || changed.status === filters.status) &&
    (!filters.kind || changed.kind === filters.kind);
  return fits ? [...others, changed].sort(byStart) : others;
}
