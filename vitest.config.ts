import { configDefaults, defineConfig } from 'vitest/config';

// Tests that only read the sources (the import graph): no database, so not in the server project.
const ARCHITECTURE = 'apps/server/test/architecture/**/*.test.ts';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'architecture', include: [ARCHITECTURE] } },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // jsdom renders run beside the server project's PostgreSQL forks on two cores: 5 s was too tight
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ARCHITECTURE],
          globalSetup: ['apps/server/test/setup/global.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
