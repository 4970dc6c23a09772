/**
 * First start on an empty database: create the first admin from ADMIN_EMAIL / ADMIN_PASSWORD and
 * ADMIN_NAME (without it she is FIRST_ADMIN_DEFAULT_NAME and her first sign-in asks her name),
 * or generate a strong password and print the credentials once. Idempotent: once any advisor
 * exists it does nothing (and prints nothing), so restarts and extra instances are safe.
 */
import { randomBytes } from 'node:crypto';
import { FIRST_ADMIN_DEFAULT_NAME, createAdvisorBodySchema } from '@belleza/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../lib/app-error.js';
import type { AdvisorsService } from '../modules/advisors/advisors.service.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@belleza.local';
export const FIRST_ADMIN_NAME = FIRST_ADMIN_DEFAULT_NAME;

export type FirstAdminResult =
  | { created: false }
  | { created: true; email: string; advisorId: string; generatedPassword: string | null };

/** What the first start needs: the advisors, the ADMIN_* settings and a log line. */
export type FirstAdminDeps = {
  advisors: Pick<AdvisorsService, 'countLive' | 'create'>;
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'adminName' | 'publicUrl'>;
  log: Pick<FastifyBaseLogger, 'info'>;
};

export type FirstAdminOptions = {
  /** where the one-time credentials box goes (stdout by default) */
  print?: (text: string) => void;
};

/** 24 url-safe characters from 144 random bits. */
const generatePassword = (): string => randomBytes(18).toString('base64url');

export async function ensureFirstAdmin(
  { advisors, config, log }: FirstAdminDeps,
  options: FirstAdminOptions = {},
): Promise<FirstAdminResult> {
  if ((await advisors.countLive()) > 0) return { created: false };

  const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = config.adminPassword ? null : generatePassword();
  const password = config.adminPassword ?? generatedPassword ?? '';
  let advisorId: string;
  try {
    const admin = await advisors.create(
      null,
      createAdvisorBodySchema.parse({
        name: config.adminName ?? FIRST_ADMIN_NAME,
        email,
        password,
        isAdmin: true,
      }),
    );
    advisorId = admin.advisorId;
  } catch (err) {
    // Another instance starting at the same moment created it first.
    if (err instanceof AppError && err.code === 'EMAIL_TAKEN') return { created: false };
    throw err;
  }

  if (generatedPassword) {
    const print = options.print ?? ((text: string) => process.stdout.write(`${text}\n`));
    print(
      credentialsBox(
        email,
        generatedPassword,
        `${config.publicUrl.replace(/\/$/, '')}/advisor/login`,
      ),
    );
  } else {
    log.info({ email }, 'first admin created from ADMIN_EMAIL / ADMIN_PASSWORD');
  }
  return { created: true, email, advisorId, generatedPassword };
}

function credentialsBox(email: string, password: string, loginUrl: string): string {
  const lines = [
    'Belleza en Vivo: first administrator created',
    '',
    `  Email:    ${email}`,
    `  Password: ${password}`,
    `  Sign in:  ${loginUrl}`,
    '',
    'This password is shown only once. Sign in and change it.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const top = `+${'-'.repeat(width + 4)}+`;
  return [top, ...lines.map((l) => `|  ${l.padEnd(width)}  |`), top].join('\n');
}
