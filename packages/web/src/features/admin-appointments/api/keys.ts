import type { AppointmentFilters } from '../utils/filters';

/** Query keys of the appointments page (own prefix: other admin pages keep their own caches). */
export const adminAppointmentsKeys = {
  all: ['admin-appointments'] as const,
  lists: () => [...adminAppointmentsKeys.all, 'list'] as const,
  list: (filters: AppointmentFilters) => [...adminAppointmentsKeys.lists(), filters] as const,
  advisors: () => [...adminAppointmentsKeys.all, 'advisors'] as const,
  // the week view and the reception desk
  weeks: () => [...adminAppointmentsKeys.all, 'week'] as const,
  week: (advisorId: string, weekStart: string) =>
    [...adminAppointmentsKeys.weeks(), advisorId, weekStart] as const,
  deskServices: () => [...adminAppointmentsKeys.all, 'desk-services'] as const,
  allDeskSlots: () => [...adminAppointmentsKeys.all, 'desk-slots'] as const,
  deskSlots: (input: unknown) => [...adminAppointmentsKeys.allDeskSlots(), input] as const,
};
