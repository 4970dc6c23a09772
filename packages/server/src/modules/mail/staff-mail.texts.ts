/**
 * The e-mails to a staff member about her own account (not alerts, not the visitors'): the
 * "¿Olvidaste tu contraseña?" link, in Spanish or English.
 */
import type { Language } from '@belleza/contract';
import { fill, inline, subjectOf, type MailContext, type MailMessage } from './mail.texts.js';

const texts: Record<
  Language,
  { subject: string; greeting: string; intro: string; until: string; ignore: string }
> = {
  es: {
    subject: 'Restablecer tu contraseña',
    greeting: 'Hola, {name}:',
    intro: 'Alguien pidió una nueva contraseña para tu cuenta. Para elegirla, abre este enlace:',
    until:
      'El enlace sirve una sola vez durante {minutes} minutos. Al usarlo se cierran todas tus sesiones.',
    ignore: 'Si no lo pediste tú, ignora este correo: tu contraseña no cambia.',
  },
  en: {
    subject: 'Reset your password',
    greeting: 'Hello {name},',
    intro: 'Someone asked for a new password for your account. To choose it, open this link:',
    until: 'The link works once, for {minutes} minutes. Using it signs you out everywhere.',
    ignore: 'If you did not ask for it, ignore this e-mail: your password does not change.',
  },
};

/** To a staff member who asked for a new password: the single-use link and how long it works. */
export function passwordResetMail(
  ctx: MailContext,
  to: string,
  reset: { name: string; url: string; minutes: number },
): MailMessage {
  const d = texts[ctx.language];
  return {
    to,
    subject: subjectOf(ctx, d.subject),
    text: [
      fill(d.greeting, { name: inline(reset.name) }),
      '',
      d.intro,
      reset.url,
      '',
      fill(d.until, { minutes: reset.minutes }),
      d.ignore,
      `\n-- \n${ctx.siteName}\n`,
    ].join('\n'),
  };
}
