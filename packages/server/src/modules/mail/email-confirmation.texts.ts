/**
 * The words a visitor's first e-mail to an address adds (docs/product.md#e-mail): why nothing more
 * will come until she confirms the address, and the link to do it, in the e-mail's language.
 */
import type { Language } from '@belleza/contract';
import type { MailContext, MailMessage } from './mail.texts.js';

const texts: Record<Language, { title: string; why: string; ignore: string }> = {
  es: {
    title: 'Confirma tu correo',
    why: 'Es el primer correo que te enviamos a esta dirección. Los siguientes avisos (cambios y cancelación de tu cita, recordatorios, resúmenes de tus consultas) solo te llegarán si confirmas que es tuya: abre este enlace y pulsa «Confirmar mi correo».',
    ignore: 'Si no dejaste tú esta dirección, ignora este mensaje: no te volveremos a escribir.',
  },
  en: {
    title: 'Confirm your e-mail',
    why: 'This is the first e-mail we send to this address. Further notices (changes to or cancellation of your appointment, reminders, summaries of your consultations) will only reach you once you confirm it is yours: open this link and press “Confirm my e-mail”.',
    ignore:
      'If you did not leave this address, ignore this message: we will not write to you again.',
  },
};

/** The message with the confirmation paragraph and its link before the signature. */
export function withConfirmationLink(
  ctx: MailContext,
  message: MailMessage,
  url: string,
): MailMessage {
  const d = texts[ctx.language];
  const block = [d.title, d.why, url, '', d.ignore].join('\n');
  const signature = message.text.lastIndexOf('\n-- \n');
  const text =
    signature === -1
      ? `${message.text}\n${block}\n`
      : `${message.text.slice(0, signature)}\n${block}\n${message.text.slice(signature)}`;
  return { ...message, text };
}
