/**
 * The way out: nodemailer over SMTP (`SMTP_URL`). Tests may pass any `MailTransport`; the mail
 * tests use the real one against an in-process SMTP server.
 */
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../../config.js';
import type { MailMessage } from './mail.texts.js';

export type Sender = { name: string; address: string };

export type MailTransport = {
  send(from: Sender, message: MailMessage): Promise<void>;
  close(): void;
};

/** Why a send failed, fit for an admin's screen and a log line: never the URL or its password. */
export class MailSendError extends Error {
  constructor(readonly detail: string) {
    super(`e-mail not sent: ${detail}`);
    this.name = 'MailSendError';
  }
}

function describe(err: unknown, smtpUrl: string): string {
  const e = err as { response?: unknown; code?: unknown; message?: unknown };
  const raw =
    typeof e.response === 'string'
      ? e.response
      : typeof e.message === 'string'
        ? e.message
        : String(err);
  let text = raw.replace(/\s+/g, ' ').trim().slice(0, 300);
  const { password } = new URL(smtpUrl);
  for (const secret of [password, decodeURIComponent(password)]) {
    if (secret) text = text.split(secret).join('[redacted]');
  }
  return text || (typeof e.code === 'string' ? e.code : 'unknown error');
}

export function createSmtpTransport(smtp: SmtpConfig): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtp.url,
    // An admin pressing 'Enviar correo de prueba' waits for this: fail in seconds, not minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    async send(from, message) {
      try {
        await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.attachments ? { attachments: message.attachments } : {}),
        });
      } catch (err) {
        throw new MailSendError(describe(err, smtp.url));
      }
    },
    close() {
      transporter.close();
    },
  };
}
