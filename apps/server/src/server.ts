/** Entry point: starts the database (embedded by default), the app, and stops both cleanly. */
import { loadConfig } from './config';
import { DataDirBusyError } from './db/lock';
import { avisarPronto, codigoDeSaida } from './modules/plataforma/versoes.builds';
import { liquidarAtualizacaoPendente } from './modules/plataforma/versoes.self-update';
import { startRuntime } from './runtime';

const config = loadConfig();
const log = (m: string) => console.log(`[retaguarda] ${m}`);

try {
  const runtime = await startRuntime(config, log);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(
      codigoDeSaida() ? 'Reiniciando com o build instalado pela atualização…' : `Sinal ${signal} recebido; encerrando…`,
    );
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await runtime.close();
    process.exit(codigoDeSaida()); // 75 after a self-update: the supervisor starts the new build
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  await runtime.app.listen({ port: config.port, host: config.host });
  await liquidarAtualizacaoPendente(runtime.db).catch((err: Error) => log(`Atualização pendente: ${err.message}`));
  avisarPronto();
  log(
    `Retaguarda disponível em http://localhost:${config.port}/app/ (banco ${runtime.target.kind === 'embedded' ? 'PostgreSQL embutido' : 'PostgreSQL externo'})`,
  );
} catch (err) {
  console.error(`[retaguarda] ${err instanceof DataDirBusyError ? err.message : ((err as Error).stack ?? err)}`);
  process.exit(1);
}
