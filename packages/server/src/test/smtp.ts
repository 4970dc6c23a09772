/**
 * A real SMTP server in the test process (smtp-server, nodemailer's own): the app sends through
 * its real transport; every message received is parsed (mailparser) for assertions.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TestSmtp = {
  /** SMTP_URL for the app, with the server's credentials */
  url: string;
  user: string;
  password: string;
  messages: ParsedMail[];
  /** the next `n` messages are refused with a 550 */
  refuseNext(n?: number): void;
  close(): Promise<void>;
};

export async function startTestSmtp(): Promise<TestSmtp> {
  const user = 'avisos';
  const password = 'smtp-Pa55:word';
  const messages: ParsedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    logger: false,
    // Plain SMTP on loopback: AUTH without STARTTLS is fine here (never in production).
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusals > 0) {
            refusals -= 1;
            const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
            callback(err);
            return;
          }
          messages.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    user,
    password,
    messages,
    refuseNext(n = 1) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The address a parsed message was sent to (first `To`). */
export function recipientOf(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
}
