/**
 * Installs or migrates pg-boss's schema and creates its queues, as the OWNER role, from the
 * migration step (db/migrate.ts): the application role only uses the schema (db/grants.sql) and
 * starts its engine with `migrate: false`. Idempotent; runs under the migrator's advisory lock.
 */
import { PgBoss } from 'pg-boss';
import { ESQUEMA, FILA_FALHAS, FILAS } from './filas';

export async function instalarEsquemaDeTarefas(ownerUrl: string): Promise<void> {
  const boss = new PgBoss({
    connectionString: ownerUrl,
    schema: ESQUEMA,
    migrate: true,
    createSchema: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
    max: 2,
    openTelemetry: { enabled: false },
  });
  boss.on('error', () => {}); // failures surface as the rejected start/createQueue below
  await boss.start();
  try {
    // the dead-letter queue first: the others name it
    if (!(await boss.getQueue(FILA_FALHAS)))
      await boss.createQueue(FILA_FALHAS, { retryLimit: 5, retryDelay: 5, deleteAfterSeconds: 7 * 24 * 3600 });
    for (const [nome, { policy, heartbeatSeconds, ...opcoes }] of Object.entries(FILAS)) {
      if (!(await boss.getQueue(nome))) await boss.createQueue(nome, { policy, heartbeatSeconds, ...opcoes });
      else await boss.updateQueue(nome, opcoes);
    }
  } finally {
    await boss.stop({ graceful: false });
  }
}
