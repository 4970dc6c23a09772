/**
 * The "Mi salón" form's values and their check: the same contract schema the server applies, its
 * issues as one message per field (the first), keyed by the field's path ('social.instagram',
 * 'hours.monday.end').
 */
import {
  salonProfileBodySchema,
  type SalonProfile,
  type SalonProfileBody,
} from '@belleza/contract';

export type SalonDraft = SalonProfileBody;

export const draftOf = (p: SalonProfile): SalonDraft => ({
  name: p.name,
  heroTitle: p.heroTitle,
  heroText: p.heroText,
  address: p.address,
  phone: p.phone,
  whatsapp: p.whatsapp,
  email: p.email,
  social: { ...p.social },
  hoursMode: p.hoursMode,
  hours: structuredClone(p.hours),
});

export type SalonFormErrors = Record<string, string>;

/** The body to send, or the i18n key of each field's first problem ('validation:phone'…). */
export function checkSalonDraft(
  draft: SalonDraft,
): { ok: true; body: SalonProfileBody } | { ok: false; errors: SalonFormErrors } {
  const parsed = salonProfileBodySchema.safeParse(draft);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: SalonFormErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    // Contract messages are 'validation.<key>'; anything else is a plain invalid value.
    const key = issue.message.startsWith('validation.')
      ? `validation:${issue.message.slice('validation.'.length)}`
      : 'validation:invalid';
    errors[path] ??= key;
  }
  return { ok: false, errors };
}
