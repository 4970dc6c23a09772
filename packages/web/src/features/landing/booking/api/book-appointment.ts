/**
 * POST /api/appointments (docs/product.md#booking): books a slot. 201 with the booking and its
 * manage key (returned once); 409 SLOT_UNAVAILABLE with the nearest free slots, or
 * BOOKING_DISABLED.
 */
import {
  bookAppointmentResponseSchema,
  type BookAppointmentBody,
  type BookAppointmentResponse,
} from '@belleza/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slotsKeyPrefix } from '@/components/appointment-slots';
import { api } from '@/lib/api-client';

export const bookAppointment = (body: BookAppointmentBody): Promise<BookAppointmentResponse> =>
  api.post('/api/appointments', body, { schema: bookAppointmentResponseSchema });

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    // Booked or refused, the free slots are not what they were.
    onSettled: () => queryClient.invalidateQueries({ queryKey: slotsKeyPrefix }),
  });
}
