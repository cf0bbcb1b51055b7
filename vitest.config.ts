import { defineConfig } from 'vitest/config';

// Four tiers that never depend on order: pure units, integration against real PostgreSQL and
// Redis (one migrated database per run), the browser tier driving Debian's Chromium,
// and a real FreeSWITCH where one is built.
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
          // A real FreeSWITCH 1.10.12 driven by real SIP phones (baresip) and a carrier (sipp);
          // skipped, saying so, where the switch is not built (scripts/build-real-switch.sh).
          name: 'realswitch',
          include: ['server/test/realswitch/**/*.real.test.ts'],
          globalSetup: ['server/test/global-setup.ts', 'server/test/realswitch/global-setup.ts'],
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
