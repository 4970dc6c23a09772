/**
 * POST /api/appointments/{id}/outcome with the staff's session: what became of an in-salon
 * service booking (done at a final price, or not done). The caller patches its own lists.
 */
import {
  staffAppointmentSchema,
  type RecordOutcomeBody,
  type StaffAppointment,
} from '@belleza/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const recordOutcome = (
  appointmentId: string,
  body: RecordOutcomeBody,
): Promise<StaffAppointment> =>
  api.post(`/api/appointments/${encodeURIComponent(appointmentId)}/outcome`, body, {
    schema: staffAppointmentSchema,
  });

export const useRecordOutcome = () =>
  useMutation({
    mutationFn: ({ appointmentId, body }: { appointmentId: string; body: RecordOutcomeBody }) =>
      recordOutcome(appointmentId, body),
  });

/** A service booking whose time has come and whose outcome is still to record. */
export const awaitsOutcome = (a: StaffAppointment, now: number): boolean =>
  a.kind === 'service' && a.status === 'booked' && Date.parse(a.startsAt) <= now;

/** Whether this viewer may record (or, an admin, correct) the booking's outcome now. */
export const canRecordOutcome = (a: StaffAppointment, now: number, isAdmin: boolean): boolean =>
  awaitsOutcome(a, now) || (isAdmin && a.kind === 'service' && a.outcome !== null);
