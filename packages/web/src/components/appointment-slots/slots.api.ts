/**
 * GET /api/appointments/slots: the free slots from now to the booking horizon, for a subject and
 * optionally one stylist, and the stylists a visitor may choose. Shared by the landing's booking
 * and the manage page's 'Cambiar horario' (the same stylist's slots).
 */
import {
  APPOINTMENT_KEY_HEADER,
  slotsResponseSchema,
  type CallSubject,
  type SlotsResponse,
} from '@belleza/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Days asked for: the query's maximum. The server stops at its booking horizon (admin setting,
 * 14 days by default), so one answer holds every slot she can book.
 */
export const SLOT_DAYS = 60;
/** A minute old, a slot list is still worth showing; taken ones are refused with alternatives. */
const SLOTS_STALE_MS = 60_000;

export type SlotsFilter = {
  subject?: CallSubject | undefined;
  advisorId?: string | null;
  /**
   * Where this booking can move ('Cambiar horario'): its own stylist's slots, asked for with its
   * key (`GET /api/appointments/{id}/slots`), whether or not she is shown on the landing.
   */
  booking?: { appointmentId: string; key: string };
};

export const slotsKeyPrefix = ['appointments', 'slots'] as const;
export const slotsKey = ({ subject, advisorId, booking }: SlotsFilter) =>
  [...slotsKeyPrefix, subject ?? null, advisorId ?? null, booking?.appointmentId ?? null] as const;

export const fetchSlots = (
  { subject, advisorId, booking }: SlotsFilter,
  signal?: AbortSignal,
): Promise<SlotsResponse> =>
  booking
    ? api.get(`/api/appointments/${encodeURIComponent(booking.appointmentId)}/slots`, {
        schema: slotsResponseSchema,
        query: { days: SLOT_DAYS },
        headers: { [APPOINTMENT_KEY_HEADER]: booking.key },
        ...(signal ? { signal } : {}),
      })
    : api.get('/api/appointments/slots', {
        schema: slotsResponseSchema,
        query: { subject, advisorId, days: SLOT_DAYS },
        ...(signal ? { signal } : {}),
      });

export const slotsQueryOptions = (filter: SlotsFilter) =>
  queryOptions({
    queryKey: slotsKey(filter),
    queryFn: ({ signal }) => fetchSlots(filter, signal),
    staleTime: SLOTS_STALE_MS,
  });

export const useSlots = (filter: SlotsFilter, enabled = true) =>
  useQuery({ ...slotsQueryOptions(filter), enabled });
