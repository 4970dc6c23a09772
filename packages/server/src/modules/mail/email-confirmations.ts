/**
 * One e-mail until its owner confirms the address (docs/product.md#e-mail): anyone may type anyone's
 * address into a form, so a visitor's address gets its first e-mail, which carries a confirmation
 * link, and nothing more until the link is used. Staff e-mails (alerts, password resets) do not
 * come here. What is kept of an address is its SHA-256; of the link's token, its SHA-256 too: the
 * token itself is only in that e-mail. The link does not expire (no second e-mail could replace
 * it). Part of the mail service.
 */
import { createHash } from 'node:crypto';
import { emailConfirmPath, type VisitorMail } from '@belleza/contract';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { hashSecret, newSecret } from '../../lib/ids.js';
import {
  claimFirstEmail,
  confirmByToken,
  emailState,
  releaseFirstEmail,
} from './email-confirmations.repository.js';
import { withConfirmationLink } from './email-confirmation.texts.js';
import type { MailContext, MailMessage } from './mail.texts.js';

/**
 * Whether a visitor e-mail may be written: to a confirmed address; as the address's first, with
 * its confirmation link (`release` gives the claim back when the e-mail could not be sent); or not
 * at all: `held` (mailed once, not confirmed) or `capped` (its e-mails this hour).
 */
export type Admission =
  | { outcome: 'confirmed' }
  | { outcome: 'first'; confirmUrl: string; release: () => Promise<void> }
  | { outcome: 'held' | 'capped' };

/** What is kept of an address: the same one however it was typed. */
export const emailHash = (email: string): string =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * Writes a visitor e-mail as admitted: `make` builds it (with its language's context), `deliver`
 * sends it. An address's first gets the confirmation link, and its claim is given back when
 * building or sending fails, so a later e-mail may carry the link. False when not admitted.
 */
export async function writeAdmitted(
  admitted: Admission,
  make: () => Promise<{ ctx: MailContext; message: MailMessage }>,
  deliver: (ctx: MailContext, message: MailMessage) => Promise<void>,
): Promise<boolean> {
  if (admitted.outcome === 'held' || admitted.outcome === 'capped') return false;
  try {
    const { ctx, message } = await make();
    await deliver(
      ctx,
      admitted.outcome === 'first'
        ? withConfirmationLink(ctx, message, admitted.confirmUrl)
        : message,
    );
    return true;
  } catch (err) {
    if (admitted.outcome === 'first') await admitted.release();
    throw err;
  }
}

/** What the visitor is told of an admitted (or not) e-mail. */
export function visitorMailOf(admitted: Admission): VisitorMail {
  switch (admitted.outcome) {
    case 'confirmed':
      return 'sent';
    case 'first':
      return 'sent_with_confirmation';
    case 'held':
      return 'held';
    case 'capped':
      return 'none';
  }
}

const invalidLink = () =>
  new AppError('EMAIL_CONFIRM_LINK_INVALID', 400, 'This link was used already or never existed');

export function createEmailConfirmations(
  deps: Pick<Deps, 'db' | 'clock' | 'log'> & { config: Pick<Deps['config'], 'publicUrl'> },
  /** the hourly cap per address: counts one more e-mail to it, false past the cap (logged) */
  mayWriteTo: (kind: string, to: string) => Promise<boolean>,
) {
  const { db, clock, log, config } = deps;

  /** The address's state, claiming its first e-mail (with a new token) when it never had one. */
  async function claimFirst(
    hash: string,
  ): Promise<
    | { state: 'confirmed' }
    | { state: 'held' }
    | { state: 'first'; token: string; tokenHash: string }
  > {
    const state = await emailState(db, hash);
    if (state !== null) return { state };
    const token = newSecret();
    const tokenHash = hashSecret(token);
    const claimed = await claimFirstEmail(db, {
      email_hash: hash,
      first_mailed_at: clock.now().toISOString(),
      token_hash: tokenHash,
      confirmed_at: null,
    });
    if (claimed) return { state: 'first', token, tokenHash };
    // Another request claimed it a moment before: that one is its first.
    return { state: (await emailState(db, hash)) ?? 'held' };
  }

  return {
    /** Whether a visitor e-mail of `kind` may go to `to` now (see `Admission`); logged when not. */
    async admit(kind: string, to: string): Promise<Admission> {
      const hash = emailHash(to);
      const claim = await claimFirst(hash);
      if (claim.state === 'held') {
        log.warn(
          { mail: kind },
          'e-mail not sent: this address had its one e-mail and its owner has not confirmed it',
        );
        return { outcome: 'held' };
      }
      const release =
        claim.state === 'first'
          ? () => releaseFirstEmail(db, hash, claim.tokenHash)
          : () => Promise.resolve();
      if (!(await mayWriteTo(kind, to))) {
        await release();
        return { outcome: 'capped' };
      }
      if (claim.state === 'confirmed') return { outcome: 'confirmed' };
      return {
        outcome: 'first',
        // The token in the fragment: never sent to a server, so in no request log.
        confirmUrl: new URL(emailConfirmPath(claim.token), config.publicUrl).toString(),
        release,
      };
    },

    /** Confirms the address of a link's token, once; 400 EMAIL_CONFIRM_LINK_INVALID otherwise. */
    async confirm(token: string): Promise<void> {
      if (!(await confirmByToken(db, hashSecret(token), clock.now().toISOString())))
        throw invalidLink();
    },
  };
}
