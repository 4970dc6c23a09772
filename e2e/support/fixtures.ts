import { test as base } from '@playwright/test';
import { Api } from './api.js';
import { startServer, type ServerHandle } from './server.js';

type WorkerFixtures = { server: ServerHandle; adminApi: Api };

/** One server per worker on its own database; `baseURL` points at it. */
export const test = base.extend<object, WorkerFixtures>({
  server: [
    async ({}, use, workerInfo) => {
      const server = await startServer(4310 + workerInfo.parallelIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  adminApi: [async ({ server }, use) => use(await Api.login(server.url)), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.url),
});

export { expect } from '@playwright/test';
