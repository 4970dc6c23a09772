/**
 * Free slots for the appointments service: the salon's booking rules (settings), the advisors'
 * working hours and the bookings already held, through the slot arithmetic of slots.ts; and the
 * nearest free slots a 409 SLOT_UNAVAILABLE offers instead.
 * Part of the appointments service: appointments.service.ts composes it.
 */
import { APPOINTMENT_ALTERNATIVES, type Slot } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { conflict, type AppError } from '../../lib/app-error.js';
import type { AdvisorRecord } from '../advisors/advisors.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { selectHeld } from './appointments.repository.js';
import { DAY, MINUTE, toSlot } from './appointments.dto.js';
import { freeSlots, horizonEnd, nearestSlots, type FreeSlot, type SlotRules } from './slots.js';

/** 409 SLOT_UNAVAILABLE, with the free slots nearest to the one asked for. */
export function slotUnavailable(alternativeSlots: Slot[]): AppError {
  return conflict('SLOT_UNAVAILABLE', 'That slot is no longer free', {
    alternatives: alternativeSlots,
  });
}

export type AppointmentSlots = ReturnType<typeof createAppointmentSlots>;

export function createAppointmentSlots(
  deps: Pick<Deps, 'db' | 'clock'> & { settings: Pick<SettingsService, 'get'> },
) {
  const { db, clock, settings } = deps;

  async function rules(): Promise<SlotRules & { enabled: boolean }> {
    return (await settings.get()).appointments;
  }

  /**
   * The free slots of these advisors between two instants (clipped to notice and horizon);
   * `exceptId`: a booking set aside (the one being rescheduled does not hide its neighbours).
   */
  async function slotsOf(
    candidates: readonly AdvisorRecord[],
    r: SlotRules,
    from: number,
    to: number,
    exceptId?: string,
  ): Promise<FreeSlot[]> {
    const now = clock.now().getTime();
    const ids = candidates.map((a) => a.id);
    const held = await selectHeld(
      db,
      ids,
      new Date(from - DAY).toISOString(),
      new Date(to + DAY).toISOString(),
    );
    return freeSlots({
      advisors: candidates.map((a) => ({
        advisorId: a.id,
        timezone: a.timezone,
        workingHours: a.workingHours,
      })),
      bookings: held
        .filter((b) => b.id !== exceptId)
        .map((b) => ({
          advisorId: b.advisor_id,
          startsAt: Date.parse(b.starts_at),
          endsAt: Date.parse(b.held_until) - r.bufferMinutes * MINUTE,
        })),
      rules: r,
      now,
      from,
      to,
    });
  }

  /** The nearest free slots to an instant, for a 409's details. */
  async function alternatives(
    candidates: readonly AdvisorRecord[],
    r: SlotRules,
    at: number,
    exceptId?: string,
  ): Promise<Slot[]> {
    const now = clock.now().getTime();
    const all = await slotsOf(candidates, r, now, horizonEnd(now, r), exceptId);
    return nearestSlots(all, at, APPOINTMENT_ALTERNATIVES).map(toSlot);
  }

  return { rules, slotsOf, alternatives };
}
