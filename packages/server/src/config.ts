import { z } from 'zod';

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(sqlite:|postgres:|postgresql:)/, 'must start with sqlite: or postgres://')
    .default('sqlite:./data/belleza.db'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DAILY_API_URL: z.url().default('https://api.daily.co/v1'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where the built web app lives; served when present. */
  WEB_DIST: z.string().optional(),
  /** Session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  /** Disable the background sweeper (tests drive it by hand). */
  SWEEPER: z.enum(['on', 'off']).default('on'),
  /** Anonymous call/callback requests allowed per client address and minute (benchmarks raise it). */
  CALL_REQUEST_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
});

export type Env = z.input<typeof configSchema>;

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  publicUrl: string;
  dailyApiUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  sessionTtlMs: number;
  sweeper: boolean;
  /** anonymous call/callback requests per client address and minute */
  callRequestRateLimit: number;
};

export class ConfigError extends Error {}

/** Reads the environment once; a bad value fails with one clear line. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(
    Object.keys(configSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = configSchema.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue?.path.join('.') ?? '?'} ${issue?.message ?? ''}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    redisUrl: c.REDIS_URL,
    publicUrl: c.PUBLIC_URL,
    dailyApiUrl: c.DAILY_API_URL,
    adminEmail: c.ADMIN_EMAIL,
    adminPassword: c.ADMIN_PASSWORD,
    logLevel: c.LOG_LEVEL,
    webDist: c.WEB_DIST,
    sessionTtlMs: c.SESSION_TTL_HOURS * 3600_000,
    sweeper: c.SWEEPER === 'on',
    callRequestRateLimit: c.CALL_REQUEST_RATE_LIMIT,
  };
}
