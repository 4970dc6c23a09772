/**
 * Test fixtures for reports and system status: rows inserted straight into the tables, so these
 * tests depend on no other module's service. Not imported by production code.
 */
import { defaultWorkingHours } from '@belleza/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig } from '../../config.js';
import { createContainer } from '../../container.js';
import type { Db, Dialect } from '../../db/kysely.js';
import type { AdvisorsTable, CallOffersTable, CallsTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { hashSecret, newId, newSecret } from '../../lib/ids.js';
import { createMetrics } from '../../lib/metrics.js';
import { nullNotifier } from '../../lib/notifier.js';
import { authPlugin, type AuthUser } from '../../plugins/auth.js';
import { errorHandlerPlugin } from '../../plugins/error-handler.js';
import { systemRoutes } from '../system/system.routes.js';
import { reportsRoutes } from './reports.routes.js';

const T0 = '2026-01-01T00:00:00.000Z';

/** `iso` moved by `seconds`. */
export const plus = (iso: string, seconds: number): string =>
  new Date(new Date(iso).getTime() + seconds * 1000).toISOString();

export async function insertAdvisor(
  db: Db,
  over: Partial<AdvisorsTable> & { name: string },
): Promise<string> {
  const id = over.id ?? newId('adv');
  await db
    .insertInto('advisors')
    .values({
      id,
      email: `${id}@example.test`,
      password_hash: 'x',
      status: 'offline',
      status_reason: null,
      is_admin: 0,
      show_on_landing: 0,
      title: '',
      phone: '',
      bio: '',
      timezone: 'America/Lima',
      expertise: '[]',
      auto_accept_calls: 0,
      max_concurrent_calls: 1,
      working_hours: JSON.stringify(defaultWorkingHours),
      missed_offers_in_row: 0,
      last_call_ended_at: null,
      created_at: T0,
      updated_at: T0,
      deleted_at: null,
      ...over,
    })
    .execute();
  return id;
}

export type CallFixture = Partial<CallsTable> & {
  requested_at: string;
  status: CallsTable['status'];
  /** seconds from request to accept; sets accepted_at and started_at */
  answerAfter?: number;
};

export async function insertCall(db: Db, fixture: CallFixture): Promise<string> {
  const { answerAfter, ...over } = fixture;
  const id = over.id ?? newId('call');
  const accepted = answerAfter === undefined ? null : plus(over.requested_at, answerAfter);
  const ended =
    over.status === 'completed' && accepted
      ? plus(accepted, over.duration_seconds ?? 0)
      : over.status === 'cancelled'
        ? plus(over.requested_at, 60)
        : null;
  await db
    .insertInto('calls')
    .values({
      id,
      advisor_id: null,
      client_id: newId('cli'),
      client_key_hash: hashSecret(id),
      client_name: 'Cliente',
      client_email: '',
      client_phone: '',
      client_phone_normalized: '',
      subject: 'general',
      message: '',
      source: 'website',
      language: 'es',
      consent_at: over.requested_at,
      offer_expires_at: null,
      accepted_at: accepted,
      started_at: accepted,
      ended_at: ended,
      duration_seconds: null,
      rating: null,
      rating_comment: null,
      rated_at: null,
      reason: null,
      ended_by: null,
      room_provider: null,
      room_name: null,
      room_url: null,
      room_expires_at: null,
      estimated_wait_seconds: null,
      updated_at: over.requested_at,
      ...over,
    })
    .execute();
  return id;
}

export async function insertOffer(
  db: Db,
  offer: Pick<CallOffersTable, 'call_id' | 'advisor_id' | 'offered_at' | 'outcome'>,
): Promise<void> {
  await db
    .insertInto('call_offers')
    .values({
      id: newId('off'),
      expires_at: plus(offer.offered_at, 30),
      responded_at: offer.outcome === 'pending' ? null : plus(offer.offered_at, 10),
      ...offer,
    })
    .execute();
}

export async function insertSocket(
  db: Db,
  advisorId: string,
  lastSeenAt: string,
  instanceId = 'inst-1',
): Promise<void> {
  await db
    .insertInto('socket_connections')
    .values({
      socket_id: newId('sock'),
      advisor_id: advisorId,
      instance_id: instanceId,
      connected_at: lastSeenAt,
      last_seen_at: lastSeenAt,
    })
    .execute();
}

/** A live session for an advisor, as the auth module stores it; returns the bearer token. */
export async function insertSession(db: Db, advisorId: string, now: Date): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('advisor_sessions')
    .values({
      id: newId('ses'),
      advisor_id: advisorId,
      token_hash: hashSecret(token),
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 24 * 3600_000).toISOString(),
      last_used_at: now.toISOString(),
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * Just this folder's routes behind the real auth hook and error handler, with sessions resolved by
 * a lookup table: authorisation is tested without depending on the auth module.
 */
export async function buildRoutesHarness(options: {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  users: Record<string, AuthUser>;
  redisUrl?: string;
}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const container = createContainer({
    config: { ...loadConfig({ LOG_LEVEL: 'silent', SWEEPER: 'off' }), redisUrl: options.redisUrl },
    db: options.db,
    dialect: options.dialect,
    clock: options.clock,
    notifier: nullNotifier,
    instanceId: 'harness',
    log: app.log,
    limitStore: null,
    metrics: createMetrics(),
  });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, {
    resolveSession: (token) => Promise.resolve(options.users[token] ?? null),
  });
  await app.register(
    async (api) => {
      await api.register(reportsRoutes, { reports: container.reports });
      await api.register(systemRoutes, { system: container.system });
    },
    { prefix: '/api' },
  );
  await app.ready();
  return app;
}

export const adminUser: AuthUser = {
  advisorId: 'adv_admin',
  sessionId: 'ses_admin',
  name: 'Admin',
  email: 'admin@example.test',
  isAdmin: true,
};
export const advisorUser: AuthUser = {
  ...adminUser,
  advisorId: 'adv_plain',
  sessionId: 'ses_plain',
  isAdmin: false,
};
