import type { AppointmentFilters } from '../utils/filters';

/** Query keys of the appointments page (own prefix: other admin pages keep their own caches). */
export const adminAppointmentsKeys = {
  all: ['admin-appointments'] as const,
  lists: () => [...adminAppointmentsKeys.all, 'list'] as const,
  list: (filters: AppointmentFilters) => [...adminAppointmentsKeys.lists(), filters] as const,
  advisors: () => [...adminAppointmentsKeys.all, 'advisors'] as const,
};
