/**
 * The window's clients and how many called more than once (the report's returning-clients share):
 * the window's days before today are counted once (kept as a rollup while the fingerprints of
 * their segments hold), and today's calls are added phone by phone. Exact; only a call of today
 * known by its e-mail alone makes it count the whole window again.
 */
import type { Db } from '../../db/kysely.js';
import type { Clock } from '../../lib/clock.js';
import { clientAggregate, type ClientAggregate, type ReportWindow } from './reports.repository.js';
import {
  clientsAddedBy,
  pruneRollups,
  readRollups,
  writeRollup,
} from './reports-rollups.repository.js';

export function createClientCounter({ db, clock }: { db: Db; clock: Clock }) {
  /** The days before today last counted here, with the fingerprint they were counted at. */
  let kept: { key: string; fingerprint: string; value: ClientAggregate } | null = null;

  async function historyClients(history: ReportWindow, print: string): Promise<ClientAggregate> {
    const key = `clients:${history.start}/${history.end}`;
    if (kept?.key === key && kept.fingerprint === print) return kept.value;
    const stored = (await readRollups(db, [key])).get(key);
    let value: ClientAggregate;
    if (stored?.fingerprint === print) {
      value = stored.figures as ClientAggregate;
    } else {
      value =
        history.start < history.end
          ? await clientAggregate(db, history)
          : { clients: 0, returningClients: 0 };
      await writeRollup(db, key, print, value, clock.now().toISOString());
      await pruneRollups(db, 'clients:', [key]);
    }
    kept = { key, fingerprint: print, value };
    return value;
  }

  /**
   * `history` is the window's stretch before today and `print` the fingerprints of the segments
   * covering it; the rest of the window (today, and days to come, which hold no calls) is read live.
   */
  return async function countClients(
    window: ReportWindow,
    history: ReportWindow,
    print: string,
  ): Promise<ClientAggregate> {
    const base = await historyClients(history, print);
    const added = await clientsAddedBy(db, history, { start: history.end, end: window.end });
    if (added.emailClients > 0) return clientAggregate(db, window);
    return {
      clients: base.clients + added.newClients,
      returningClients: base.returningClients + added.newReturning,
    };
  };
}
