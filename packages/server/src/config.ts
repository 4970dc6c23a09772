import { z } from 'zod';
import { isProxyEntry, type TrustProxy } from './lib/client-address.js';
import {
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ADDRESS,
  SOCKET_CONNECTIONS_PER_ADDRESS,
} from './lib/limits.js';
import { isStunUrl, parseTurnUrl } from './modules/video/turn/ice-url.js';

/** A comma-separated list of URLs, each checked on its own so the error names the bad one. */
const urlList = (valid: (url: string) => boolean, shape: string) =>
  z
    .string()
    .transform((raw) =>
      raw
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .superRefine((urls, ctx) => {
      if (urls.length === 0) ctx.addIssue({ code: 'custom', message: `must list ${shape}` });
      for (const url of urls) {
        if (!valid(url))
          ctx.addIssue({ code: 'custom', message: `has "${url}": each entry must be ${shape}` });
      }
    });

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:|postgres:|postgresql:)/, 'must start with sqlite: or postgres://')
      .default('sqlite:./data/belleza.db'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis://')
      .optional(),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    DAILY_API_URL: z.url().default('https://api.daily.co/v1'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must have at least 8 characters').optional(),
    /** The first admin's name (the salon owner's); without it her first sign-in asks for it. */
    ADMIN_NAME: z.string().trim().min(1).max(100, 'must have at most 100 characters').optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Where the built web app lives; served when present. */
    WEB_DIST: z.string().optional(),
    /** Session lifetime in hours. */
    SESSION_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    /** Disable the background sweeper (tests drive it by hand). */
    SWEEPER: z.enum(['on', 'off']).default('on'),
    /**
     * Outgoing webhooks may go to private, loopback and link-local addresses, and over plain http
     * (a CRM on the salon's own network, tests). Off: only public https addresses.
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['on', 'off']).default('off'),
    /** How long one webhook attempt may take before it counts as failed. */
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
    /**
     * Which forwarded headers to believe: off (default: the peer is the client), a hop count
     * (`1`: one proxy in front), or a comma-separated list of proxy addresses/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .transform((raw, ctx): TrustProxy => {
        const value = raw.toLowerCase();
        if (value === 'false' || value === 'off' || value === '0' || value === 'no') return false;
        if (value === 'true')
          ctx.addIssue({
            code: 'custom',
            message:
              'cannot be "true" (any client could choose its address): give the number of proxies in front (e.g. 1) or their addresses',
          });
        if (/^\d+$/.test(value)) {
          const hops = Number(value);
          if (hops > 10) ctx.addIssue({ code: 'custom', message: 'must be at most 10 hops' });
          return hops;
        }
        const entries = raw
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean);
        for (const entry of entries)
          if (!isProxyEntry(entry))
            ctx.addIssue({
              code: 'custom',
              message: `has "${entry}": each entry must be an IP address, a CIDR (10.0.0.0/8) or loopback/linklocal/uniquelocal`,
            });
        return entries;
      })
      .optional(),
    /** Anonymous call/callback requests allowed per client address and minute (benchmarks raise it). */
    CALL_REQUEST_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
    /** Sign-ins per client address and minute (any account). */
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(LOGIN_PER_ADDRESS.max),
    /** Sign-ins per account in 5 minutes (any address). */
    LOGIN_ACCOUNT_RATE_LIMIT: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(LOGIN_PER_ACCOUNT.max),
    /** New socket connections per client address and minute. */
    SOCKET_CONNECTION_RATE_LIMIT: z.coerce
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .default(SOCKET_CONNECTIONS_PER_ADDRESS.points),
    /** Call and callback requests per phone number (digits) in 10 minutes, from any address. */
    CALL_REQUEST_PHONE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
    /** New calls accepted per minute from everyone together: a flood cannot ring every stylist. */
    CALL_REQUEST_GLOBAL_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /**
     * Calls still waiting for a stylist, at most, asked for from one client address (a shared
     * Wi-Fi or a family may have a few) and with one phone number (she lost her page and asks
     * again once): one address or one phone cannot hold the queue.
     */
    CALL_REQUEST_OPEN_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(3),
    CALL_REQUEST_OPEN_PHONE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(2),
    /**
     * Seconds an active call waits for a visitor whose page lost its connection (a closed tab, a
     * phone out of coverage) before it ends by itself, freeing the stylist.
     */
    VISITOR_GONE_END_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
    /**
     * Bookings still to come, at most, with one phone number or one e-mail, and from one client
     * address (higher: a family or the salon's own desk books for several): nobody fills the calendar.
     */
    BOOKING_OPEN_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(2),
    BOOKING_OPEN_ADDRESS_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(4),
    /**
     * E-mails to one visitor address in an hour, whatever their kind (booking, change, reminder,
     * summary): a form cannot make the salon's mail server write to one inbox over and over.
     */
    MAIL_RECIPIENT_HOURLY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
    /** Times a visitor may move one booking in a day (409 BOOKING_CHANGE_LIMIT beyond). */
    BOOKING_CHANGES_DAILY_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(3),
    /** TURN servers of the built-in video (coturn `use-auth-secret`); needs TURN_SECRET. */
    TURN_URLS: urlList(
      (url) => parseTurnUrl(url) !== null,
      'turn:HOST[:PORT][?transport=udp|tcp] or turns:HOST[:PORT][?transport=tcp]',
    ).optional(),
    /** coturn's `static-auth-secret`: per-participant credentials are derived from it. */
    TURN_SECRET: z.string().min(8, 'must have at least 8 characters').max(512).optional(),
    /**
     * Seconds a participant's TURN credential stays valid. Pages in a call ask for a fresh one
     * halfway through, so a credential outlives the call by this much at most.
     */
    TURN_CREDENTIAL_TTL: z.coerce.number().int().min(10).max(86_400).default(600),
    /** STUN servers of the built-in video. */
    STUN_URLS: urlList(isStunUrl, 'stun:HOST[:PORT] or stuns:HOST[:PORT]').optional(),
    /** Outgoing e-mail: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must look like smtp://user:pass@host:587 or smtps://host:465')
      .refine((url) => URL.canParse(url), 'must be a valid URL')
      .optional(),
    /** The sender address, e.g. `avisos@salon.pe` (the name shown is the site name). */
    SMTP_FROM: z.email('must be an e-mail address').optional(),
    /**
     * The bearer token a scraper sends to GET /metrics. Without it the metrics are answered only
     * to this host (a loopback peer, nothing forwarded).
     */
    METRICS_TOKEN: z
      .string()
      .min(16, 'must have at least 16 characters')
      .max(512, 'must have at most 512 characters')
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    /**
     * The key of returning clients' phone hashes (HMAC-SHA256). Without it one is generated on
     * first use and kept in the database; set here, a dump of the database alone cannot tell
     * whose numbers they are. Changing it forgets every returning client.
     */
    CLIENT_HASH_SECRET: z
      .string()
      .min(32, 'must have at least 32 characters')
      .max(512, 'must have at most 512 characters')
      .optional(),
    /**
     * The WhatsApp Business Cloud API (docs/architecture.md#whatsapp): the salon's phone number id,
     * its access token, the app secret that signs Meta's webhooks and the token Meta's webhook
     * verification echoes. All four, or none (then nothing goes out by WhatsApp).
     */
    WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
    WHATSAPP_PHONE_NUMBER_ID: z
      .string()
      .regex(/^\d{1,30}$/, 'must be the digits of the phone number id')
      .optional(),
    WHATSAPP_ACCESS_TOKEN: z
      .string()
      .min(16, 'must have at least 16 characters')
      .max(1024)
      .optional(),
    WHATSAPP_APP_SECRET: z.string().min(16, 'must have at least 16 characters').max(512).optional(),
    WHATSAPP_VERIFY_TOKEN: z
      .string()
      .min(16, 'must have at least 16 characters')
      .max(512)
      .optional(),
  })
  .superRefine((c, ctx) => {
    const whatsapp = [
      'WHATSAPP_PHONE_NUMBER_ID',
      'WHATSAPP_ACCESS_TOKEN',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ] as const;
    const missing = whatsapp.find((k) => c[k] === undefined);
    if (missing && whatsapp.some((k) => c[k] !== undefined))
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when any WHATSAPP_ setting is set',
      });
    if (c.TURN_URLS && !c.TURN_SECRET)
      ctx.addIssue({
        code: 'custom',
        path: ['TURN_SECRET'],
        message: 'is required when TURN_URLS is set',
      });
    if (c.SMTP_FROM && !c.SMTP_URL)
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when SMTP_FROM is set',
      });
    if (c.TURN_SECRET && !c.TURN_URLS)
      ctx.addIssue({
        code: 'custom',
        path: ['TURN_URLS'],
        message: 'is required when TURN_SECRET is set',
      });
  });

/** The TURN server of the built-in video: where it is and the secret credentials derive from. */
export type TurnConfig = {
  urls: string[];
  secret: string;
  /** how long one minted credential stays valid (TURN_CREDENTIAL_TTL) */
  credentialTtlMs: number;
};

/** Where e-mail goes out: the SMTP server (its URL holds the password: never log it) and the sender. */
export type SmtpConfig = { url: string; from: string };

export type Config = {
  port: number;
  host: string;
  databaseUrl: string;
  redisUrl: string | undefined;
  publicUrl: string;
  dailyApiUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminName: string | undefined;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  webDist: string | undefined;
  sessionTtlMs: number;
  sweeper: boolean;
  /** anonymous call/callback requests per client address and minute */
  callRequestRateLimit: number;
  /** sign-ins per address and minute; per account in LOGIN_PER_ACCOUNT's window */
  loginRateLimit: number;
  loginAccountRateLimit: number;
  /** new socket connections per address and minute */
  socketConnectionRateLimit: number;
  /** call and callback requests per phone number in 10 minutes */
  callRequestPhoneLimit: number;
  /** new calls per minute, all visitors together */
  /** unanswered calls at most per client address and per phone number */
  callRequestOpenLimit: number;
  callRequestOpenPhoneLimit: number;
  /** VISITOR_GONE_END_SECONDS, in ms */
  visitorGoneEndMs: number;
  /** bookings still to come at most per phone / e-mail, and per client address */
  bookingOpenLimit: number;
  bookingOpenAddressLimit: number;
  /** e-mails to one visitor address an hour */
  mailRecipientHourlyLimit: number;
  /** moves of one booking by its visitor a day */
  bookingChangesDailyLimit: number;
  callRequestGlobalLimit: number;
  /** TRUST_PROXY: which forwarded headers are believed (false: none) */
  trustProxy: TrustProxy;
  /** undefined when no TURN server is configured (TURN_URLS + TURN_SECRET) */
  turn: TurnConfig | undefined;
  /** STUN_URLS, empty when not set */
  stunUrls: string[];
  /** undefined when SMTP_URL is not set: no e-mail is sent */
  smtp: SmtpConfig | undefined;
  /** METRICS_TOKEN: undefined when not set (GET /metrics then answers loopback only) */
  metricsToken: string | undefined;
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: private/loopback targets and plain http allowed */
  webhookPrivateTargets: boolean;
  webhookTimeoutMs: number;
  /** CLIENT_HASH_SECRET: undefined when not set (a generated one is kept in the database) */
  clientHashSecret: string | undefined;
  /** undefined unless the four WHATSAPP_ settings are set: nothing goes out by WhatsApp */
  whatsapp: WhatsappConfig | undefined;
};

/** The salon's WhatsApp Business Cloud API account (the token and secret: never log them). */
export type WhatsappConfig = {
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
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
    throw new ConfigError(
      `Invalid configuration: ${issue?.path.join('.') ?? '?'} ${issue?.message ?? ''}`,
    );
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
    adminName: c.ADMIN_NAME,
    logLevel: c.LOG_LEVEL,
    webDist: c.WEB_DIST,
    sessionTtlMs: c.SESSION_TTL_HOURS * 3600_000,
    sweeper: c.SWEEPER === 'on',
    callRequestRateLimit: c.CALL_REQUEST_RATE_LIMIT,
    loginRateLimit: c.LOGIN_RATE_LIMIT,
    loginAccountRateLimit: c.LOGIN_ACCOUNT_RATE_LIMIT,
    socketConnectionRateLimit: c.SOCKET_CONNECTION_RATE_LIMIT,
    callRequestPhoneLimit: c.CALL_REQUEST_PHONE_LIMIT,
    callRequestGlobalLimit: c.CALL_REQUEST_GLOBAL_LIMIT,
    callRequestOpenLimit: c.CALL_REQUEST_OPEN_LIMIT,
    callRequestOpenPhoneLimit: c.CALL_REQUEST_OPEN_PHONE_LIMIT,
    visitorGoneEndMs: c.VISITOR_GONE_END_SECONDS * 1000,
    bookingOpenLimit: c.BOOKING_OPEN_LIMIT,
    bookingOpenAddressLimit: c.BOOKING_OPEN_ADDRESS_LIMIT,
    mailRecipientHourlyLimit: c.MAIL_RECIPIENT_HOURLY_LIMIT,
    bookingChangesDailyLimit: c.BOOKING_CHANGES_DAILY_LIMIT,
    trustProxy: c.TRUST_PROXY ?? false,
    turn:
      c.TURN_URLS && c.TURN_SECRET
        ? {
            urls: c.TURN_URLS,
            secret: c.TURN_SECRET,
            credentialTtlMs: c.TURN_CREDENTIAL_TTL * 1000,
          }
        : undefined,
    stunUrls: c.STUN_URLS ?? [],
    smtp: c.SMTP_URL
      ? { url: c.SMTP_URL, from: c.SMTP_FROM ?? `no-reply@${new URL(c.PUBLIC_URL).hostname}` }
      : undefined,
    metricsToken: c.METRICS_TOKEN,
    webhookPrivateTargets: c.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'on',
    webhookTimeoutMs: c.WEBHOOK_TIMEOUT_SECONDS * 1000,
    clientHashSecret: c.CLIENT_HASH_SECRET,
    whatsapp:
      c.WHATSAPP_PHONE_NUMBER_ID &&
      c.WHATSAPP_ACCESS_TOKEN &&
      c.WHATSAPP_APP_SECRET &&
      c.WHATSAPP_VERIFY_TOKEN
        ? {
            apiUrl: c.WHATSAPP_API_URL,
            phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: c.WHATSAPP_ACCESS_TOKEN,
            appSecret: c.WHATSAPP_APP_SECRET,
            verifyToken: c.WHATSAPP_VERIFY_TOKEN,
          }
        : undefined,
  };
}
