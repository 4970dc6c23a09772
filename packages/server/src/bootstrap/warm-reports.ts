/**
 * Before a process serves, it reads the admin report once, so the first admin to open Reports
 * after a start or a deploy is answered from memory instead of waiting for the history's check
 * (docs/capacity.md: with the rollups kept that check is ~0.1 s on SQLite and ~0.5 s on
 * PostgreSQL over a million calls; on a database with no rollups yet it computes them, once).
 * Done before listening: on SQLite a query holds the process, so a served request would wait for
 * it anyway. A failure is logged and the process starts all the same; the report then reads its
 * history on the first request, as it would have.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { ReportsService } from '../modules/reports/reports.service.js';

export type WarmReportsDeps = {
  reports: Pick<ReportsService, 'getReport' | 'settled'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
};

/** Resolves with how long the warm-up took (ms), or null when it failed. */
export async function warmReports({ reports, log }: WarmReportsDeps): Promise<number | null> {
  const started = performance.now();
  try {
    await reports.getReport();
    // The re-checks the report started behind itself, so none is left running when requests come.
    await reports.settled();
  } catch (err) {
    log.warn({ err }, 'reports: warm-up failed; the first report reads its history');
    return null;
  }
  const ms = Math.round(performance.now() - started);
  log.info({ ms }, `reports: warmed in ${ms} ms`);
  return ms;
}
