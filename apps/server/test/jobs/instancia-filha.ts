/**
 * A second app instance in its own process, killed with SIGKILL by tarefas.test.ts: it takes the
 * 'teste-longo' job (TESTE_INSTANCIA_MORRE=1 makes it run forever) and dies holding it.
 */
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import './tipos-de-teste';

const db = createDatabase(process.env.TESTE_APP_URL ?? '');
const app = await buildApp({ config: { ...loadConfig(), logLevel: 'silent' }, db, logger: false });
await app.ready();
process.stdout.write('pronta\n');
