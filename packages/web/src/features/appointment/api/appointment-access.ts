/**
 * A booking is reached with its id and the key from the manage link's fragment, sent in a header
 * (never in the address, so it reaches no log), like the visitor's summary.
 */
import { APPOINTMENT_KEY_HEADER } from '@belleza/contract';

export type AppointmentAccess = { appointmentId: string; key: string };

export const appointmentApiPath = (appointmentId: string) =>
  `/api/appointments/${encodeURIComponent(appointmentId)}`;

export const keyHeader = (key: string) => ({ [APPOINTMENT_KEY_HEADER]: key });

export const appointmentKey = ({ appointmentId, key }: AppointmentAccess) =>
  ['appointment', appointmentId, key] as const;
