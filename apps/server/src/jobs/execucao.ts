/**
 * Runs one fetched job: takes its row (PROCESSANDO, attempt n), runs the kind's `executar` with a
 * progress function and a cancellation signal, and closes the row. A failure is retried by pg-boss
 * while attempts remain (the row goes back to PENDENTE); a FalhaDefinitiva, a 4xx ApiError or the
 * last attempt ends it in ERRO, and the pg-boss job completes so it is not retried.
 */
import { MSG_TAREFA } from '@retaguarda/domain';
import type { JobWithMetadata } from 'pg-boss';
import { ApiError } from '../plugins/errors';
import type { Database } from '../db/database';
import { type DadosDoJob, type DefinicaoTarefa, definicaoDe, FalhaDefinitiva, TarefaCancelada } from './definicoes';
import { encerrarTarefa, iniciarTarefa, progredirTarefa, statusDaTarefa, type TarefaLinha } from './tarefa.store';

/** how often a running job checks whether it was cancelled (another instance may have done it) */
const VIGIA_MS = 1_000;
/** progress is written at most this often (phase changes and the end always) */
const PROGRESSO_MS = 250;

/** What a run needs of the engine (motor.ts), without importing it. */
interface Motor {
  db: Database;
  log(msg: string, err?: unknown): void;
  anunciar(l: TarefaLinha): void;
}

const mensagemDe = (err: unknown) =>
  err instanceof ApiError || err instanceof FalhaDefinitiva ? err.message : MSG_TAREFA.falhou;

export async function executarTarefa(motor: Motor, job: JobWithMetadata<DadosDoJob>): Promise<unknown> {
  const { db } = motor;
  const d = job.data;
  const def = definicaoDe(d.tipo);
  if (!def) throw new Error(`tipo de tarefa desconhecido: ${d.tipo}`); // a newer build's kind: retried
  const tentativa = job.retryCount + 1;
  const inicio = await db.withTenant(d.assinanteId, (trx) => iniciarTarefa(trx, d.tarefaId, tentativa));
  if (!inicio) return { ignorada: true }; // cancelled or closed meanwhile
  motor.anunciar(inicio);

  const controle = new AbortController();
  const parar = () => controle.abort(new TarefaCancelada());
  job.signal.addEventListener('abort', () => controle.abort(job.signal.reason), { once: true });
  const vigia = setInterval(() => {
    db.withTenant(d.assinanteId, (trx) => statusDaTarefa(trx, d.tarefaId))
      .then((s) => s !== 'PROCESSANDO' && parar())
      .catch(() => {});
  }, VIGIA_MS);
  vigia.unref();

  let ultimo = 0;
  let ultimaFase: string | null | undefined;
  const progresso = async (feito: number, total: number, fase: string | null = null) => {
    if (controle.signal.aborted) throw new TarefaCancelada();
    const agora = Date.now();
    if (fase === ultimaFase && feito < total && agora - ultimo < PROGRESSO_MS) return;
    ultimo = agora;
    ultimaFase = fase;
    const p = { feito: Math.max(0, Math.trunc(feito)), total: Math.max(0, Math.trunc(total)), fase };
    const l = await db.withTenant(d.assinanteId, (trx) => progredirTarefa(trx, d.tarefaId, p));
    if (!l) {
      parar();
      throw new TarefaCancelada();
    }
    motor.anunciar(l);
  };

  try {
    const resultado = await def.executar({
      db,
      tarefaId: d.tarefaId,
      assinanteId: d.assinanteId,
      usuarioId: d.usuarioId,
      dados: d.dados,
      tentativa,
      sinal: controle.signal,
      progresso,
    });
    const fim = await db.withTenant(d.assinanteId, (trx) =>
      encerrarTarefa(trx, d.tarefaId, { status: 'CONCLUIDO', resultado: resultado ?? undefined }),
    );
    if (fim) motor.anunciar(fim);
    return resultado ?? null;
  } catch (err) {
    const status = await db.withTenant(d.assinanteId, (trx) => statusDaTarefa(trx, d.tarefaId)).catch(() => undefined);
    if (status === 'CANCELADO') return { cancelada: true };
    const definitiva =
      err instanceof FalhaDefinitiva ||
      (err instanceof ApiError && err.statusCode < 500) ||
      job.retryCount >= job.retryLimit;
    if (!definitiva) {
      motor.log(`tarefa ${d.tarefaId} (${d.tipo}) falhou na tentativa ${tentativa}; será repetida`, err);
      const l = await db.withTenant(d.assinanteId, (trx) =>
        encerrarTarefa(trx, d.tarefaId, { status: 'PENDENTE', erro: mensagemDe(err) }),
      );
      if (l) motor.anunciar(l);
      throw err;
    }
    motor.log(`tarefa ${d.tarefaId} (${d.tipo}) falhou`, err);
    await falhar(motor, def, d, mensagemDe(err));
    return { erro: mensagemDe(err) };
  } finally {
    clearInterval(vigia);
  }
}

async function falhar(motor: Motor, def: DefinicaoTarefa, d: DadosDoJob, mensagem: string): Promise<void> {
  const fim: TarefaLinha | undefined = await motor.db.withTenant(d.assinanteId, (trx) =>
    encerrarTarefa(trx, d.tarefaId, { status: 'ERRO', erro: mensagem }),
  );
  if (!fim) return;
  // the end hook first (it frees the lot, fails the report), then the announcement: a screen that hears
  // the job ended finds the hook's work done
  await def
    .aoEncerrar?.({ ...d, db: motor.db, status: 'ERRO', mensagem })
    .catch((err) => motor.log(`tarefa ${d.tarefaId}: aoEncerrar`, err));
  motor.anunciar(fim);
}
