import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.DATABASE_URL);

// One run, one summary: contract rules, server over SQLite (and PostgreSQL when DATABASE_URL is
// set), web units, the crash-consistency test, and the browser journeys against the real server.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-sqlite',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'sqlite' },
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/test/**/*.test.ts'],
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                testTimeout: 20_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'workbench',
          include: ['apps/workbench/test/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        // SIGKILL under load on SQLite and PostgreSQL (tests/crash/harness.ts; long run: bench --kills).
        test: {
          name: 'crash',
          include: ['tests/crash/**/*.test.ts'],
          environment: 'node',
          testTimeout: 360_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
