/**
 * The keys that open a booking's manage page (docs/product.md#manage-page). Only their SHA-256 is
 * kept, as for session tokens and client keys, so a copy of the database opens no booking; and
 * since a hash cannot be mailed again, every link handed out has a key of its own: the booking's
 * answer, and each e-mail that carries the link (confirmation, change, cancellation, reminder).
 * Any of them opens the booking for as long as it exists (decisions.md, "Booking and summary
 * keys: only their hashes, one per link").
 *
 * Apart from the appointments service because the mail service needs it (each e-mail makes its
 * key) and the appointments service needs the mail service: this one depends on neither.
 */
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/kysely.js';
import { hashSecret, newSecret } from '../../lib/ids.js';
import { insertAppointmentKey } from './appointments.repository.js';

export type AppointmentKeysService = ReturnType<typeof createAppointmentKeysService>;

/** A new key for a booking, its hash stored through `db` (a transaction's, at booking time). */
export async function addAppointmentKey(db: Db, appointmentId: string, now: Date): Promise<string> {
  const key = newSecret();
  await insertAppointmentKey(db, {
    key_hash: hashSecret(key),
    appointment_id: appointmentId,
    created_at: now.toISOString(),
  });
  return key;
}

export function createAppointmentKeysService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return {
    /** A new key for the link one more message carries; the keys handed out before still open. */
    mint: (appointmentId: string): Promise<string> =>
      addAppointmentKey(db, appointmentId, clock.now()),
  };
}
