/** Start-up sequence shared by the server and the benchmarks: database → migrations → seed → app. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import type { Config } from './config';
import { createDatabase, type Database } from './db/database';
import { acquireDataDirLock } from './db/lock';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { SimuladorSefaz } from './modules/fiscal/sefaz/simulador';
import { type DatabaseTarget, openDatabaseTarget } from './db/target';

export interface Runtime {
  app: FastifyInstance;
  db: Database;
  target: DatabaseTarget;
  close(): Promise<void>;
}

export async function startRuntime(config: Config, log: (m: string) => void = console.log): Promise<Runtime> {
  const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  let target: DatabaseTarget | undefined;
  let simulador: SimuladorSefaz | undefined;
  try {
    // our local SEFAZ (loopback only), when configured: before the seed, which connects the demo stores to it
    if (config.sefazSimuladorPorta !== undefined) {
      simulador = new SimuladorSefaz();
      log(`Simulador local da SEFAZ em ${await simulador.iniciar(config.sefazSimuladorPorta)} (não é a SEFAZ real).`);
    }
    target = await openDatabaseTarget(config, log);
    await migrate(target.ownerUrl, log);
    if (await seed(target.ownerUrl, { demo: config.seedDemo, sefazSimulador: simulador?.url ?? null }))
      log('Dados de demonstração carregados.');
    const db = createDatabase(target.appUrl, (err) => log(`Conexão com o banco perdida: ${err.message}`));
    const app = await buildApp({ config, db });
    const t = target;
    let closing: Promise<void> | undefined;
    return {
      app,
      db,
      target: t,
      close() {
        closing ??= (async () => {
          await app.close();
          await db.close();
          await t.stop();
          await simulador?.fechar();
          release();
        })();
        return closing;
      },
    };
  } catch (err) {
    await target?.stop().catch(() => {});
    await simulador?.fechar().catch(() => {});
    release();
    throw err;
  }
}
