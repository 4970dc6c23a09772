/** Phone numbers as the WhatsApp Cloud API takes them, and what the admin is shown of one. */

/**
 * Her number in international digits: a Peruvian mobile as she types it (987 654 321) gets the
 * country code 51; a number written with its country code (+34 612…) keeps it. Null: not a number
 * WhatsApp could have (too short or too long).
 */
export function whatsappNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  if (digits.length === 9 && digits.startsWith('9')) return `51${digits}`;
  if (digits.length >= 10 && digits.length <= 15) return digits;
  return null;
}

/** Its last four digits: enough for the salon to tell which number, not to copy it. */
export const phoneHint = (phone: string): string => `…${phone.slice(-4)}`;

/**
 * An inbound text that asks to stop: "BAJA" (or "STOP"), trimmed, case and accents aside, a final
 * full stop or exclamation allowed. Its language, or null when it is something else.
 */
export function optOutLanguage(text: string): 'es' | 'en' | null {
  const word = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/[.!¡]+/g, '')
    .trim()
    .toUpperCase();
  if (word === 'BAJA') return 'es';
  if (word === 'STOP') return 'en';
  return null;
}
