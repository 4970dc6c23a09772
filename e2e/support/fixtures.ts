import { Api } from './api.js';
import { test as base } from './contexts.js';
import { startServer, type ServerHandle } from './server.js';
import { startWhatsappFake, whatsappEnv, type FakeWhatsapp } from './whatsapp-fake.js';

/** The server of the spec file a worker is running, and its admin's session once asked for. */
type Slot = {
  port: number;
  current: { file: string; server: ServerHandle; admin?: Api; whatsapp?: FakeWhatsapp } | null;
};

type TestFixtures = {
  server: ServerHandle;
  adminApi: Api;
  /** Option: the spec file's server sends WhatsApp messages, to a fake of the Cloud API. */
  withWhatsapp: boolean;
  /** That fake (with `test.use({ withWhatsapp: true })`): what the server sent it. */
  whatsapp: FakeWhatsapp;
};
type WorkerFixtures = { serverSlot: Slot };

/**
 * One server per spec file, on its own database; `baseURL` points at it. A worker runs files one
 * after another on its own port, and a file's first test starts a fresh server there (the last
 * file's stops first), so no spec ever sees another's advisors, settings, bookings or calls.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverSlot: [
    async ({}, use, workerInfo) => {
      const slot: Slot = { port: 4310 + workerInfo.parallelIndex, current: null };
      await use(slot);
      await slot.current?.server.stop();
      await slot.current?.whatsapp?.close();
    },
    { scope: 'worker' },
  ],
  withWhatsapp: [false, { option: true }],
  server: async ({ serverSlot, withWhatsapp }, use, testInfo) => {
    if (serverSlot.current?.file !== testInfo.file) {
      await serverSlot.current?.server.stop();
      await serverSlot.current?.whatsapp?.close();
      serverSlot.current = null;
      const whatsapp = withWhatsapp ? await startWhatsappFake() : undefined;
      const env = whatsapp ? whatsappEnv(whatsapp) : {};
      serverSlot.current = {
        file: testInfo.file,
        server: await startServer(serverSlot.port, env),
        ...(whatsapp ? { whatsapp } : {}),
      };
    }
    await use(serverSlot.current.server);
  },
  whatsapp: async ({ server, serverSlot }, use) => {
    void server;
    const fake = serverSlot.current?.whatsapp;
    if (!fake) throw new Error('the whatsapp fixture needs test.use({ withWhatsapp: true })');
    await use(fake);
  },
  adminApi: async ({ server, serverSlot }, use) => {
    const current = serverSlot.current!;
    current.admin ??= await Api.login(server.url);
    await use(current.admin);
  },
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';
