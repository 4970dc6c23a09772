import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // The server's files share a worker's modules instead of loading the app's graph (Fastify,
    // Kysely, the contract's schemas) again for each file: every file builds its own app on its
    // own database, and no module keeps state a file could leave for the next. Measured on the
    // server's files: 282 CPU-s instead of about three times that. The fault suites run isolated
    // (scripts/test.mjs): they stop and start processes under a shared harness.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
