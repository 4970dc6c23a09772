/**
 * The reception desk's requests: the bookable services of the catalogue (GET /api/services, the
 * admin's list), one stylist's free slots for a consultation or a service (GET /api/desk/slots),
 * and the booking the staff make for a client (POST /api/desk/appointments).
 */
import {
  deskBookingResponseSchema,
  deskSlotsResponseSchema,
  salonServiceSchema,
  type DeskBookingBody,
  type DeskBookingResponse,
  type DeskSlotsResponse,
  type SalonService,
} from '@belleza/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { patchAppointmentLists } from './get-appointments';
import { adminAppointmentsKeys } from './keys';

/** Services the desk can book: active, bookable in the salon, with a duration and a stylist. */
export const isDeskBookable = (s: SalonService): boolean =>
  s.active && s.bookable && s.durationMinutes !== null && s.stylistIds.length > 0;

export const deskServicesQuery = () =>
  queryOptions({
    queryKey: adminAppointmentsKeys.deskServices(),
    queryFn: ({ signal }) =>
      api.get('/api/services', { schema: z.array(salonServiceSchema), signal }),
    select: (services: SalonService[]) => services.filter(isDeskBookable),
    staleTime: 60_000,
  });

export const useDeskServices = () => useQuery(deskServicesQuery());

export type DeskSlotsInput = { advisorId: string; serviceId: string | null; day: string };

export function useDeskSlots(input: DeskSlotsInput | null) {
  return useQuery({
    queryKey: adminAppointmentsKeys.deskSlots(input),
    queryFn: ({ signal }): Promise<DeskSlotsResponse> =>
      api.get('/api/desk/slots', {
        schema: deskSlotsResponseSchema,
        query: {
          advisorId: input!.advisorId,
          serviceId: input!.serviceId ?? undefined,
          from: input!.day,
          days: 1,
        },
        signal,
      }),
    enabled: input !== null,
  });
}

export function useBookAtDesk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeskBookingBody): Promise<DeskBookingResponse> =>
      api.post('/api/desk/appointments', body, { schema: deskBookingResponseSchema }),
    onSuccess: (booked) => {
      patchAppointmentLists(queryClient, booked.appointment);
      void queryClient.invalidateQueries({ queryKey: adminAppointmentsKeys.weeks() });
      void queryClient.invalidateQueries({ queryKey: adminAppointmentsKeys.allDeskSlots() });
    },
  });
}
