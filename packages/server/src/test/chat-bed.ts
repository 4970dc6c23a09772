/**
 * The world the chat suites start each test in: an app with the calls' routing on a fresh
 * database, listening for sockets (`url`), an admin (offline), Eva, who is available and so rung
 * for every call, and Bea, signed in but not taking calls.
 */
import type { Dialect } from '../db/kysely.js';
import { createCallsTestApp, insertAdvisor, type TestAdvisor } from './fixtures.js';
import type { TestApp } from './helpers.js';
import { listenUrl } from './socket-clients.js';

export type ChatBed = {
  t: TestApp;
  /** where the sockets connect ('' when the app does not listen) */
  url: string;
  admin: TestAdvisor;
  eva: TestAdvisor;
  bea: TestAdvisor;
};

export async function openChatBed(
  dialect: Dialect,
  options: { listen?: boolean } = {},
): Promise<ChatBed> {
  const t = await createCallsTestApp(dialect);
  const url = options.listen === false ? '' : await listenUrl(t.app);
  const now = t.clock.now();
  const admin = await insertAdvisor(t.db.db, {
    name: 'Rosa Admin',
    isAdmin: true,
    status: 'offline',
    now,
  });
  const eva = await insertAdvisor(t.db.db, { name: 'Eva Estilista', now });
  const bea = await insertAdvisor(t.db.db, { name: 'Bea Otra', status: 'offline', now });
  return { t, url, admin, eva, bea };
}
