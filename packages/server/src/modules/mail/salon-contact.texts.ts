/**
 * The salon's contacts under a visitor's e-mails (from "Mi salón"), one per line in her language;
 * a contact the salon did not give is not mentioned.
 */
import type { Language } from '@belleza/contract';

/** The salon's contacts from its profile ('' = not given). */
export type SalonContactDetails = {
  address: string;
  phone: string;
  whatsapp: string;
  email: string;
};

const CONTACT_LABELS: Record<Language, Record<keyof SalonContactDetails, string>> = {
  es: { phone: 'Teléfono', whatsapp: 'WhatsApp', email: 'Correo', address: 'Dirección' },
  en: { phone: 'Phone', whatsapp: 'WhatsApp', email: 'E-mail', address: 'Address' },
};
const CONTACT_ORDER: readonly (keyof SalonContactDetails)[] = [
  'phone',
  'whatsapp',
  'email',
  'address',
];

/** The salon's contacts the admin gave, one per line, in the reader's language (none: nothing). */
export function salonContactLines(
  language: Language,
  contacts: SalonContactDetails | undefined,
): string {
  if (!contacts) return '';
  const labels = CONTACT_LABELS[language];
  return CONTACT_ORDER.filter((k) => contacts[k] !== '')
    .map((k) => `${labels[k]}: ${contacts[k].replace(/[\r\n\t]+/g, ' ')}\n`)
    .join('');
}
