/**
 * The app's Prometheus metrics (docs/decisions.md#health-readiness-and-metrics): one registry per
 * app, made by buildApp and handed to services through deps, so apps built side by side (tests,
 * two instances in one process) never share or re-register a metric. The Node process's own
 * metrics (CPU, memory, GC, event-loop lag) live in one registry per process instead: collecting
 * them starts an event-loop monitor and a GC observer that are never released, so once is enough,
 * and every app's scrape shows them.
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds a visitor waits (for a ring, for a stylist): from instant to a quarter of an hour. */
const WAIT_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 900];
/** Seconds an HTTP request takes: most answer in milliseconds; a photo upload takes longer. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processRegistry: Registry | undefined;

/** The process's default metrics, collected from the first app built on. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Seconds from one ISO instant to another; never negative (instances' clocks may differ). */
export function secondsBetween(from: string, to: string): number {
  return Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);
}

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  processMetrics();
  return {
    /** Where the module-owned metrics (collected at scrape time) register too. */
    registry,
    /** Every answered request, by route pattern (never the raw URL) and status. */
    httpRequests: new Counter({
      name: 'belleza_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'belleza_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route pattern.',
      labelNames: ['method', 'route'] as const,
      buckets: HTTP_BUCKETS,
      registers,
    }),
    /** From the visitor's request to the first advisor it rings (an auto-accept counts). */
    callFirstRing: new Histogram({
      name: 'belleza_call_first_ring_seconds',
      help: "Time from a call's request to its first offer to an advisor.",
      buckets: WAIT_BUCKETS,
      registers,
    }),
    /** From the visitor's request to the advisor who took it. */
    callAccept: new Histogram({
      name: 'belleza_call_accept_seconds',
      help: "Time from a call's request to its acceptance.",
      buckets: WAIT_BUCKETS,
      registers,
    }),
    offersExpired: new Counter({
      name: 'belleza_call_offers_expired_total',
      help: 'Offers that rang until their timeout without an answer.',
      registers,
    }),
    emailsSent: new Counter({
      name: 'belleza_emails_sent_total',
      help: 'E-mails the SMTP server accepted.',
      registers,
    }),
    emailsFailed: new Counter({
      name: 'belleza_emails_failed_total',
      help: 'E-mails the SMTP server refused or could not be reached for.',
      registers,
    }),
    /** The text a scrape answers: this app's metrics, then the process's. */
    async scrape(): Promise<{ contentType: string; text: string }> {
      const merged = Registry.merge([registry, processMetrics()]);
      return { contentType: registry.contentType, text: await merged.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
