/**
 * 'Entrar a mi cita' (docs/product.md#entering-a-booked-call) leads to the landing with
 * `?cita={id}#{key}`: the landing's consultation enters the booked call with them (POST
 * /api/appointments/{id}/enter). The key travels in the fragment, as on the manage page, so it
 * reaches no server log. The landing reads the parameter on its first load, so this file imports
 * nothing: the landing's entry must not carry the rest of this folder.
 */
export const APPOINTMENT_JOIN_PARAM = 'cita';

export type JoinLink = { appointmentId: string; key: string };

/** The landing's address that enters the booked consultation. */
export const appointmentJoinHref = (appointmentId: string, key: string): string =>
  `/?${APPOINTMENT_JOIN_PARAM}=${encodeURIComponent(appointmentId)}#${key}`;

/** The booking and key the page was opened with, or null. */
export function readJoinLink(location: Pick<Location, 'search' | 'hash'>): JoinLink | null {
  const appointmentId = new URLSearchParams(location.search).get(APPOINTMENT_JOIN_PARAM);
  const key = location.hash.replace(/^#/, '');
  return appointmentId && key ? { appointmentId, key } : null;
}

/** Takes the parameter and the key out of the address, so a reload does not enter again. */
export function dropJoinLink(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(APPOINTMENT_JOIN_PARAM)) return;
  url.searchParams.delete(APPOINTMENT_JOIN_PARAM);
  url.hash = '';
  window.history.replaceState(window.history.state, '', url);
}
