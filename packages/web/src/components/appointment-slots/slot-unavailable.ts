/**
 * A 409 SLOT_UNAVAILABLE carries the nearest free slots (`details.alternatives`): the booking and
 * the reschedule offer them at once instead of sending her back to the whole list.
 */
import { slotSchema, type Slot } from '@belleza/contract';
import { z } from 'zod';
import { isApiError } from '@/lib/api-client';

const detailsSchema = z.object({ alternatives: z.array(slotSchema) });

/** The alternatives of a taken slot (possibly none); null when the error is something else. */
export function alternativesOf(error: unknown): Slot[] | null {
  if (!isApiError(error) || error.code !== 'SLOT_UNAVAILABLE') return null;
  const details = detailsSchema.safeParse(error.details);
  return details.success ? details.data.alternatives : [];
}
