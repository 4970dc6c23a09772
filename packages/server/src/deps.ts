/**
 * What every service may be built from: the process's infrastructure. Services import this type,
 * never the container that wires them, so the wiring has one direction (app → container →
 * services).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/kysely.js';
import type { Clock } from './lib/clock.js';
import type { Metrics } from './lib/metrics.js';
import type { Notifier } from './lib/notifier.js';

export type Deps = {
  config: Config;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  notifier: Notifier;
  /** unique per process; used for presence rows and sweeper logs */
  instanceId: string;
  log: FastifyBaseLogger;
  /** Where limits counted by services live (REDIS_URL): shared by every instance; null: per process. */
  limitStore: Redis | null;
  /** This app's Prometheus metrics (one registry per app: never prom-client's global one). */
  metrics: Metrics;
};
