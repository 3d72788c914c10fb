/** `npm run migrate`: applies pending migrations (and the catalogue) without starting the server. */
import { loadConfig } from '../config';
import { acquireDataDirLock } from '../db/lock';
import { migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { openDatabaseTarget } from '../db/target';

const config = loadConfig();
const release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
const target = await openDatabaseTarget(config, console.log);
try {
  const applied = await migrate(target.ownerUrl, console.log);
  await seed(target.ownerUrl, { demo: config.seedDemo });
  console.log(applied.length ? `${applied.length} migração(ões) aplicada(s).` : 'Banco já está atualizado.');
} finally {
  await target.stop();
  release();
}
