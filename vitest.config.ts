import { configDefaults, defineConfig } from 'vitest/config';

// Tests that only read the sources (the import graph): no database, so not in the server project.
const ARCHITECTURE = 'apps/server/test/architecture/**/*.test.ts';

/**
 * Server tests that measure time, kill processes or wait on timers (job queues, pools held hostage, realtime
 * fan-out, body deadlines): they run alone, after the others, so a neighbour's load never decides their outcome.
 */
const SOZINHOS = [
  'apps/server/test/jobs/**/*.test.ts',
  'apps/server/test/runtime/**/*.test.ts',
  'apps/server/test/http/pool-refem.test.ts',
  'apps/server/test/http/upload-seguranca.test.ts',
  'apps/server/test/seguranca/limites-de-entrada.test.ts',
  'apps/server/test/plataforma/graphql.test.ts',
  'apps/server/test/plataforma/realtime.test.ts',
  'apps/server/test/plataforma/push.test.ts',
  'apps/server/test/plataforma/self-update*.test.ts',
  'apps/server/test/administrativo/falhas-redis.test.ts',
  'apps/server/test/administrativo/concorrencia.test.ts',
  'apps/server/test/estoque/ajuste-kill.test.ts',
  'apps/server/test/estoque/linhas-e-locais.test.ts',
  'apps/server/test/workflows/comando-em-partes.test.ts',
  // sync cursors read up to the horizon of running transactions, which is cluster-wide: another file's open
  // transaction (in its own database) holds back what these files expect to read at once
  'apps/server/test/frente-de-loja/carga.test.ts',
  'apps/server/test/db/cursor-sincronizacao.test.ts',
];

/** Both server projects: one database server and template (test/setup/global.ts), a fresh database per file. */
const SERVIDOR = {
  include: ['apps/server/test/**/*.test.ts'],
  globalSetup: ['apps/server/test/setup/global.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

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
          ...SERVIDOR,
          name: 'server',
          exclude: [...configDefaults.exclude, ARCHITECTURE, ...SOZINHOS],
          // each file has its own database and app: two at a time keep both cores busy while one waits on PostgreSQL
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...SERVIDOR,
          name: 'server-serial',
          include: SOZINHOS,
          exclude: [...configDefaults.exclude],
          maxWorkers: 1,
          // after the rest, on a quiet machine
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
