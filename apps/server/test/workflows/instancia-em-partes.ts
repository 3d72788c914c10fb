/**
 * A second app instance in its own process, killed with SIGKILL by comando-em-partes.test.ts in the middle of a
 * chunk of the job 'teste-ajustes-em-partes'.
 */
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import './tipos-em-partes';

const db = createDatabase(process.env.TESTE_APP_URL ?? '');
const app = await buildApp({ config: { ...loadConfig(), logLevel: 'silent' }, db, logger: false });
await app.ready();
process.stdout.write('pronta\n');
