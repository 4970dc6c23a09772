import { z } from 'zod';

/**
 * Live system status for the admin dashboard (docs/product.md#system-status): each part checked on
 * request.
 */
export const componentStatusSchema = z.object({
  ok: z.boolean(),
  /** short machine-readable reason when not OK, e.g. 'unreachable', 'not_configured' */
  reason: z.string().nullable(),
  detail: z.string().nullable(),
});
export const systemStatusSchema = z.object({
  backend: componentStatusSchema,
  database: componentStatusSchema.extend({ dialect: z.enum(['sqlite', 'postgres']) }),
  redis: componentStatusSchema.extend({ configured: z.boolean() }),
  /**
   * Built-in video: `atRisk` (amber) when no TURN server is configured (visitors behind carrier NAT
   * will not connect); `ok: false` when the configured TURN server refuses or does not answer an
   * allocation. `turn` says what was checked.
   */
  video: componentStatusSchema.extend({
    provider: z.enum(['builtin', 'daily']),
    atRisk: z.boolean(),
    turn: z.object({
      configured: z.boolean(),
      /** null when not checked (no TURN, or the Daily provider) */
      reachable: z.boolean().nullable(),
      /** ms the allocation took, when it succeeded */
      allocationMs: z.number().nullable(),
    }),
  }),
  /**
   * Outgoing e-mail: `configured` when SMTP_URL is set. Without it the app works but sends nothing
   * (no booking confirmations or reminders, summaries, alerts or password links): `atRisk`, reason
   * 'email_off', shown amber. Not probed: 'Enviar correo de prueba' in Settings tries the server.
   */
  email: componentStatusSchema.extend({ configured: z.boolean(), atRisk: z.boolean().optional() }),
  websocket: componentStatusSchema.extend({
    connectedAdvisors: z.number().int(),
    connections: z.number().int(),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  changes: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * The audit entry written when an account's sign-in is under attack: `target` is the account (the
 * e-mail as typed, lower-cased), `changes` says why, counted over `windowMinutes`.
 */
export const LOGIN_ATTACK_ACTION = 'auth.under_attack';
export const loginAttackDetailsSchema = z.discriminatedUnion('reason', [
  /** more tries at the account, from every address, than its ceiling */
  z.object({
    reason: z.literal('account_ceiling'),
    attempts: z.number(),
    windowMinutes: z.number(),
  }),
  /** several addresses each failed its password repeatedly */
  z.object({
    reason: z.literal('many_addresses'),
    addresses: z.number(),
    failuresEach: z.number(),
    windowMinutes: z.number(),
  }),
]);
export type LoginAttackDetails = z.infer<typeof loginAttackDetailsSchema>;

/** `GET /healthz`: the process is up and answering (nothing is checked). */
export const healthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof healthSchema>;

/** One dependency of `GET /readyz`: whether it answered, and if not, why (never its address). */
export const readinessCheckSchema = z.object({
  ok: z.boolean(),
  reason: z.enum(['unreachable', 'timeout']).nullable(),
});

/**
 * `GET /readyz` (200 ready, 503 unavailable): the database, and Redis when REDIS_URL is set, each
 * answered a trivial request. `turn` reports the last TURN check the status panel made (none
 * before the first); it never makes the instance unready.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: readinessCheckSchema,
    redis: readinessCheckSchema.optional(),
    turn: z.object({ ok: z.boolean(), checkedAt: z.string() }).optional(),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
