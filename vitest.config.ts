import { defineConfig } from 'vitest/config';

// Three tiers that never depend on order: pure units, integration against real PostgreSQL and
// Redis (one migrated database per run), and the browser tier driving Debian's Chromium.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.ts', 'web/scripts/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          // The simulator's own tests: protocol over loopback TCP and fidelity against the captures.
          name: 'switch-sim',
          include: ['switch-sim/src/**/*.test.ts', 'switch-sim/test/**/*.test.ts'],
          pool: 'forks',
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/src/**/*.int.test.ts', 'server/test/**/*.int.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          pool: 'forks',
          poolOptions: { forks: { maxForks: 2, minForks: 1 } },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
