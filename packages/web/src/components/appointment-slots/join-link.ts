/**
 * 'Entrar a mi cita' (issue 16 §4) leads to the landing with the consultation open. The landing
 * reads this parameter on its first load, so this file imports nothing: the landing's entry
 * must not carry the rest of this folder.
 */
export const APPOINTMENT_JOIN_PARAM = 'cita';

/** The landing's address that opens the consultation for a booking. */
export const appointmentJoinHref = (appointmentId: string): string =>
  `/?${APPOINTMENT_JOIN_PARAM}=${encodeURIComponent(appointmentId)}`;
