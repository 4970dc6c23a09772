/**
 * `GET /metrics` (docs/decisions.md#health-readiness-and-metrics): who may scrape, and the gauges
 * read at scrape time. The counters and histograms the other modules move live in lib/metrics.ts;
 * here are the values that are cheaper to read when asked than to track: the open calls by state
 * (from the database, so the same over every instance), this instance's open sockets, and the
 * status panel's last TURN check (never a new check).
 *
 * Scraping: with METRICS_TOKEN set, only `Authorization: Bearer <METRICS_TOKEN>` (401
 * UNAUTHENTICATED otherwise); without it, only a request from this host (a loopback peer and
 * nothing forwarded: a proxy on the same host must not open the metrics to the world), 403
 * FORBIDDEN otherwise.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Gauge } from 'prom-client';
import type { Deps } from '../../deps.js';
import { AppError, forbidden } from '../../lib/app-error.js';
import { bearerToken } from '../../plugins/auth.js';
import type { CallsService } from '../calls/calls.service.js';
import type { SystemService } from '../system/system.service.js';

export type MetricsServiceDeps = Pick<Deps, 'metrics' | 'log'> & {
  config: Pick<Deps['config'], 'metricsToken'>;
  calls: Pick<CallsService, 'openCounts'>;
  system: Pick<SystemService, 'lastTurnCheck'>;
};

/** What the scrape's guard looks at. */
export type ScrapeRequest = {
  authorization: string | undefined;
  /** the connecting peer's address (never a forwarded one) */
  peer: string | undefined;
  /** whether the request carries a Forwarded, X-Forwarded-For or X-Real-IP header */
  forwarded: boolean;
};

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

export function createMetricsService(deps: MetricsServiceDeps) {
  const { metrics, log, calls, system } = deps;
  const token = deps.config.metricsToken;
  const expected = token ? digest(token) : null;
  const registers = [metrics.registry];
  let countSockets: () => number = () => 0;

  new Gauge({
    name: 'belleza_calls_open',
    help: 'Calls open now, over every instance (read from the database): queued, ringing or active.',
    labelNames: ['state'] as const,
    registers,
    async collect() {
      try {
        const open = await calls.openCounts();
        this.set({ state: 'queued' }, open.queued);
        this.set({ state: 'ringing' }, open.ringing);
        this.set({ state: 'active' }, open.active);
      } catch (err) {
        // No value rather than a wrong one; the rest of the scrape still answers.
        this.reset();
        log.warn({ err }, 'metrics: open calls unreadable');
      }
    },
  });
  new Gauge({
    name: 'belleza_open_sockets',
    help: 'Realtime (Socket.IO) connections open on this instance.',
    registers,
    collect() {
      this.set(countSockets());
    },
  });
  new Gauge({
    name: 'belleza_turn_check_ok',
    help: "The status panel's last TURN check: 1 allocated, 0 failed (absent before the first).",
    labelNames: ['url'] as const,
    registers,
    collect() {
      const last = system.lastTurnCheck();
      this.reset();
      if (last) this.set({ url: last.url }, last.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'belleza_turn_check_timestamp_seconds',
    help: "When the status panel's last TURN check ran (Unix seconds).",
    labelNames: ['url'] as const,
    registers,
    collect() {
      const last = system.lastTurnCheck();
      this.reset();
      if (last) this.set({ url: last.url }, Date.parse(last.at) / 1000);
    },
  });

  return {
    /** Throws the refusal when this request may not read the metrics (see the header). */
    authorize(req: ScrapeRequest): void {
      if (expected) {
        // Compared as digests: equal lengths, and no timing tells how much of a guess was right.
        const given = digest(bearerToken(req.authorization) ?? '');
        if (!timingSafeEqual(given, expected))
          throw new AppError(
            'UNAUTHENTICATED',
            401,
            'The metrics need Authorization: Bearer <METRICS_TOKEN>',
          );
        return;
      }
      if (req.forwarded || !req.peer || !LOOPBACK.test(req.peer))
        throw forbidden(
          'The metrics are answered to this host only; set METRICS_TOKEN to scrape from elsewhere',
        );
    },

    /** Where the open-sockets gauge reads its count (the realtime gateway, bound after it starts). */
    countSocketsWith(count: () => number): void {
      countSockets = count;
    },

    scrape: () => metrics.scrape(),
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
