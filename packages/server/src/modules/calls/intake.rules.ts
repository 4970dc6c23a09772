/**
 * When the stylist is told to do a patch test before any colour (docs/product.md#hair-intake):
 * - `allergy`: she declared an allergy (whatever it is: the stylist reads it);
 * - `first_colour`: she answered the chemical history and had no dye and no bleach in the last 12
 *   months, so a colour now is a first one (or the first in a year, when a past reaction is
 *   forgotten);
 * - `henna`: henna in the last 12 months (often mixed with PPD, and it reacts with oxidation dyes).
 * An unanswered history says nothing, so it raises no flag by itself.
 */
import type { ChemicalTreatment, PatchTestReason } from '@belleza/contract';

export function patchTestReasonsOf(intake: {
  chemicalHistory: readonly ChemicalTreatment[];
  allergies: string;
}): PatchTestReason[] {
  const reasons: PatchTestReason[] = [];
  if (intake.allergies.trim() !== '') reasons.push('allergy');
  const history = intake.chemicalHistory;
  if (history.length > 0 && !history.includes('dye') && !history.includes('bleach'))
    reasons.push('first_colour');
  if (history.includes('henna')) reasons.push('henna');
  return reasons;
}
