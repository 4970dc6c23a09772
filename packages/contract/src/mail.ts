/**
 * A visitor's e-mail address and its confirmation (docs/product.md#e-mail): an address a visitor
 * typed gets one e-mail until its owner confirms it with the link that e-mail carries.
 */
import { z } from 'zod';

/** The page the confirmation link opens; its token only in the fragment, so in no request log. */
export const EMAIL_CONFIRM_PATH = '/confirmar-correo';
export const emailConfirmPath = (token: string): string =>
  `${EMAIL_CONFIRM_PATH}#token=${encodeURIComponent(token)}`;

/** POST /api/mail/confirm — the token of the link. */
export const emailConfirmBodySchema = z
  .object({ token: z.string().trim().min(1).max(200) })
  .strict();
export type EmailConfirmBody = z.infer<typeof emailConfirmBodySchema>;

/**
 * What became of the e-mail a visitor's request sends her: `sent`; `sent_with_confirmation` (the
 * address's first e-mail, asking her to confirm it); `held` (not sent: the address had its one
 * e-mail and is not confirmed); `none` (no address, no e-mail on this server, or the address had
 * its e-mails this hour).
 */
export const visitorMailSchema = z.enum(['sent', 'sent_with_confirmation', 'held', 'none']);
export type VisitorMail = z.infer<typeof visitorMailSchema>;
