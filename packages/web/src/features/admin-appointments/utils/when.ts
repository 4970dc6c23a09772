import type { StaffAppointment } from '@belleza/contract';
import { formatDateTime } from '@/lib/format';

/** e.g. '22/11/2026, 10:30 a. m.' (Lima), as the dialogs name the booking. */
export const whenOf = (a: Pick<StaffAppointment, 'startsAt'>): string => formatDateTime(a.startsAt);
