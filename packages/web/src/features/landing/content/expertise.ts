/** Up to this many of a stylist's specialties under her name: her card stays short. */
const EXPERTISE_SHOWN = 3;

/** A stylist's first specialties as her cards show them (the team's and the booking's). */
export const expertiseLine = (expertise: readonly string[]): string =>
  expertise.slice(0, EXPERTISE_SHOWN).join(' · ');
