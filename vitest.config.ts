import { defineConfig } from 'vitest/config';

// Two projects: `unit` (pure functions, contract, web components in jsdom) and `server`
// (integration: the real Fastify app on a real database — PGlite, and PostgreSQL when DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One migrated and seeded database per run, which every file copies (test/support/global-setup.ts).
          globalSetup: ['apps/server/test/support/global-setup.ts'],
        },
      },
    ],
  },
});
