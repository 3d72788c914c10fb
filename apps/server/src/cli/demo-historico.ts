/**
 * A bigger demo history on demand:
 *   npm run demo:historico -- [--dias 365] [--host localhost]
 * Enqueues the job demo.historico for the tenant of --host on the configured database (DATABASE_URL, else
 * the embedded server of DATA_DIR: the one `npm start` is running, or started here while the app is
 * stopped), works the job's own queue (a running app instance may take it as well) and prints its progress
 * until it ends. A run already open for the tenant is followed instead. Ctrl+C cancels it: the days
 * already posted stay, and running the command again continues from there.
 */
import { parseArgs } from 'node:util';
import {
  DIAS_HISTORICO_DEMO,
  entradaHistoricoDemo,
  MSG_HISTORICO_DEMO,
  type ResultadoHistoricoDemo,
} from '@retaguarda/domain';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { readSecrets, urlDoEmbutidoEmExecucao } from '../db/embedded';
import { acquireDataDirLock, DataDirBusyError } from '../db/lock';
import { APP_ROLE, migrate } from '../db/migrate';
import { seed } from '../db/seed';
import { type DatabaseTarget, DEFAULT_DATABASE, openDatabaseTarget } from '../db/target';
import { Motor } from '../jobs/motor';
import { iniciarHistoricoDemo } from '../modules/plataforma/demo-historico.tarefa';

const { values } = parseArgs({ options: { dias: { type: 'string' }, host: { type: 'string' } } });
const log = (m: string) => console.log(`[retaguarda] ${m}`);
class Recusa extends Error {}
function falhar(msg: string): never {
  throw new Recusa(msg);
}

const entrada = entradaHistoricoDemo.safeParse({ dias: Number(values.dias ?? DIAS_HISTORICO_DEMO.padrao) });
if (!entrada.success) {
  console.error(`--dias: informe de 1 a ${DIAS_HISTORICO_DEMO.maximo} dias.`);
  process.exit(2);
}
const { dias } = entrada.data;
const host = (values.host ?? 'localhost').trim().toLowerCase();

/** The app's database: the same choice as the app's start, or the embedded server it is running now. */
async function abrirBanco(): Promise<{ appUrl: string; fechar(): Promise<void> }> {
  const config = loadConfig();
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = acquireDataDirLock(config.dataDir);
    } catch (err) {
      if (!(err instanceof DataDirBusyError)) throw err;
      const ownerUrl = urlDoEmbutidoEmExecucao(config.dataDir, DEFAULT_DATABASE);
      if (!ownerUrl) throw err;
      const app = new URL(ownerUrl);
      app.username = APP_ROLE;
      app.password = encodeURIComponent(readSecrets(config.dataDir).appPassword);
      return { appUrl: app.toString(), fechar: async () => {} };
    }
  }
  let target: DatabaseTarget | undefined;
  try {
    target = await openDatabaseTarget(config, log);
    await migrate(target.ownerUrl, log);
    if (await seed(target.ownerUrl, { demo: config.seedDemo })) log('Dados de demonstração carregados.');
    const t = target;
    return {
      appUrl: t.appUrl,
      fechar: async () => {
        await t.stop();
        release();
      },
    };
  } catch (err) {
    await target?.stop().catch(() => {});
    release();
    throw err;
  }
}

const banco = await abrirBanco();
const db = createDatabase(banco.appUrl);
const motor = new Motor(db, (m, err) => console.error(m, err ?? ''), { filas: ['demo'], concorrencia: 1 });
let codigo = 0;
try {
  await motor.iniciar();
  const assinante = await db.resolveAssinante(host);
  if (!assinante) falhar(`Nenhum assinante atende o host ${host} (use --host).`);
  const iniciado = await iniciarHistoricoDemo(db, { assinanteId: assinante.id, usuarioId: null }, dias);
  if ('recusado' in iniciado) falhar(MSG_HISTORICO_DEMO.somenteDemonstracao);
  const { tarefaId, existente } = iniciado;
  log(
    existente
      ? `Já havia uma geração em andamento para ${assinante.nome} (tarefa ${tarefaId}): acompanhando-a.`
      : `Histórico de demonstração de ${dias} dias para ${assinante.nome} (tarefa ${tarefaId}).`,
  );
  let cancelar = false;
  process.on('SIGINT', () => {
    cancelar = true;
  });
  const tty = process.stdout.isTTY;
  let ultima = '';
  for (;;) {
    if (cancelar) {
      await motor.cancelar(assinante.id, tarefaId);
      cancelar = false;
    }
    const t = await motor.consultar(assinante.id, tarefaId);
    if (!t) falhar(`Tarefa ${tarefaId} não encontrada.`);
    const linha = `Histórico de demonstração: ${t.progresso.feito}/${t.progresso.total || dias} dias · ${t.progresso.fase ?? '0 movimentos'}`;
    if (linha !== ultima) process.stdout.write(tty ? `\r${linha}` : `${linha}\n`);
    ultima = linha;
    if (t.status === 'CONCLUIDO') {
      const r = t.resultado as ResultadoHistoricoDemo;
      const porSegundo = r.segundos > 0 ? Math.round(r.movimentos / r.segundos) : r.movimentos;
      if (tty) process.stdout.write('\n');
      log(
        `Concluído: ${r.movimentos.toLocaleString('pt-BR')} movimentos em ${r.diasLoja.toLocaleString('pt-BR')} dias de loja, ` +
          `${r.segundos.toLocaleString('pt-BR')} s (${porSegundo.toLocaleString('pt-BR')} movimentos/s).`,
      );
      break;
    }
    if (t.status === 'ERRO' || t.status === 'CANCELADO') {
      if (tty) process.stdout.write('\n');
      log(
        `${t.status === 'ERRO' ? 'Falhou' : 'Cancelado'}: ${t.erro ?? ''} Os dias já gerados ficam; rode de novo para continuar.`,
      );
      codigo = 1;
      break;
    }
    await new Promise((ok) => setTimeout(ok, 500));
  }
} catch (err) {
  if (!(err instanceof Recusa)) throw err;
  console.error(err.message);
  codigo = 2;
} finally {
  await motor.encerrar(5_000);
  await db.close();
  await banco.fechar();
}
process.exit(codigo);
