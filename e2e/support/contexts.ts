import { test as base } from '@playwright/test';

/**
 * The base of every spec's `test`: a browser context a test opened itself (`browser.newContext()`,
 * a participant of a call) is closed when the test ends, passed or failed. Left open, its pages
 * live on in the worker's browser through the next specs: their cameras encode, their sockets
 * retry a server that is gone, and the next video call runs short of CPU. Contexts opened in a
 * `beforeAll` belong to the file and are closed by its `afterAll`.
 */
export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
