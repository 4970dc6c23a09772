/**
 * What every booking a visitor makes shares, a consultation or a service from her plan: the caps
 * on bookings still to come (per phone, e-mail and client address), the settings row whose lock
 * serialises their count with the insert they allow, and her time zone for the e-mails.
 */
import { DISPLAY_TIME_ZONE } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { conflict } from '../../lib/app-error.js';
import { countUpcomingBy } from './appointments.repository.js';

/** The `settings` row whose lock serialises the caps' count and the booking it allows. */
export const BOOKING_ADMISSION_ROW = 'appointments_admission';

/** The visitor's time zone for her e-mails, when her browser named a real one; else the salon's. */
export function validZone(zone: string | undefined): string {
  if (!zone) return DISPLAY_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DISPLAY_TIME_ZONE;
  }
}

export type BookingWho = { phoneDigits: string; email: string; addressHash: string | null };

/**
 * Refuses (409 BOOKING_LIMIT) a booking past the caps on bookings still to come: per phone and
 * per e-mail, and per client address (higher: a salon's own front desk may book for several).
 */
export function bookingCaps(
  config: Pick<Deps['config'], 'bookingOpenLimit' | 'bookingOpenAddressLimit'>,
  clock: Deps['clock'],
) {
  return async function checkCaps(trx: Db, who: BookingWho): Promise<void> {
    const upcoming = await countUpcomingBy(trx, who, clock.now().toISOString());
    const max =
      upcoming.phone >= config.bookingOpenLimit || upcoming.email >= config.bookingOpenLimit
        ? config.bookingOpenLimit
        : upcoming.address >= config.bookingOpenAddressLimit
          ? config.bookingOpenAddressLimit
          : null;
    if (max !== null)
      throw conflict(
        'BOOKING_LIMIT',
        'So many bookings are still to come with this phone, e-mail or address',
        { max },
      );
  };
}
