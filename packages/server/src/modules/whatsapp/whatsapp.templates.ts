/**
 * The template messages the salon registers in its WhatsApp Business account
 * (docs/architecture.md#whatsapp lists their texts), the name each goes out with, and the values of
 * their body's {{1}}, {{2}}, …: filled when the change is queued, but the link (a booking's manage
 * page or the summary), made with a key of its own when the message is sent, always last.
 */
import { DISPLAY_TIME_ZONE, type Language } from '@belleza/contract';

export const WHATSAPP_TEMPLATES = {
  /** {{1}} name, {{2}} when, {{3}} stylist, {{4}} what, {{5}} manage link */
  booked: 'cita_confirmada',
  /** the same values, after a move or a change of stylist */
  changed: 'cita_cambiada',
  /** {{1}} name, {{2}} when, {{3}} stylist (no link: nothing left to manage) */
  cancelled: 'cita_cancelada',
  /** {{1}} name, {{2}} when, {{3}} stylist, {{4}} what, {{5}} manage link */
  reminderDay: 'cita_recordatorio_24h',
  reminderHour: 'cita_recordatorio_1h',
  /** {{1}} name, {{2}} stylist, {{3}} summary link */
  summary: 'resumen_consulta',
} as const;

/** The link each template ends with: the booking's manage page, the summary, or none. */
export const linkOf = (template: string): 'appointment' | 'summary' | null =>
  template === WHATSAPP_TEMPLATES.cancelled
    ? null
    : template === WHATSAPP_TEMPLATES.summary
      ? 'summary'
      : 'appointment';

/** WhatsApp refuses parameters with new lines, tabs or long runs of spaces, and long ones. */
export const parameter = (text: string): string =>
  text.replace(/\s+/g, ' ').trim().slice(0, 500) || '-';

/** The booking's start as she reads it: 'martes, 1 de diciembre de 2026, 10:00 a. m. (hora de Lima)'. */
export function whenOf(startsAt: string, language: Language, zone: string): string {
  let timeZone = zone;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
  } catch {
    timeZone = DISPLAY_TIME_ZONE;
  }
  const locale = language === 'es' ? 'es-PE' : 'en-US';
  const text = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'short' })
    .format(new Date(startsAt))
    .replace(/[\u00a0\u202f]/g, ' ');
  const city = (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
  return language === 'es' ? `${text} (hora de ${city})` : `${text} (${city} time)`;
}

/** A consultation by video, or the in-salon service booked. */
export const whatOf = (serviceName: string | null, language: Language): string =>
  serviceName ?? (language === 'es' ? 'Consulta por video' : 'Video consultation');

/** The reply to "BAJA", in the language of the message she wrote (Spanish unless it was "STOP"). */
export const optOutReply = (language: Language): string =>
  language === 'es'
    ? 'Listo, ya no te enviaremos mensajes por WhatsApp. Si algún día quieres volver a recibirlos, pídeselo al salón.'
    : "Done: we won't send you any more WhatsApp messages. If you ever want them again, ask the salon.";
