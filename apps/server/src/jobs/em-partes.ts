/**
 * Jobs in chunks (`defineChunkedJob`): the job's work is a list of chunks (`partes`, the same list at
 * every attempt: derive it from the job's data only), each run in ITS OWN transaction that also records
 * the chunk as done (table tarefa_parte, migration 0388) — a chunk commits with its mark or not at all.
 * Progress after each chunk (`feito` = chunks done), cancellation between chunks, and a retried job (its
 * instance killed, a transient failure) skips the chunks already marked: it resumes at the first unfinished
 * one and posts nothing twice. The job's result folds every chunk's stored result, earlier attempts' too.
 *
 * ```ts
 * export const tarefaX = defineChunkedJob({
 *   tipo: 'area.x', fila: 'geral',
 *   partes: ({ dados }) => blocos(dados),              // chunk descriptors (JSON)
 *   executarParte: (trx, parte, ctx) => postar(trx, parte), // its answer is stored with the mark
 *   resultado: (rs) => ({ n: rs.reduce(...) }),
 * });
 * ```
 * A command run per chunk: `defineCommandJob` (workflows/em-partes.ts).
 */
import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { type ContextoTarefa, type DefinicaoTarefa, defineJob, TarefaCancelada } from './definicoes';
import type { NomeFila } from './filas';

export interface ContextoParte<D> extends ContextoTarefa<D> {
  /** the chunk's position in `partes` (0-based) */
  indice: number;
  total: number;
}

export interface DefinicaoTarefaEmPartes<D, P, RP, R> {
  tipo: string;
  fila: NomeFila;
  /** the chunks, in order; the same list at every attempt (computed from `dados`, never from the clock) */
  partes(ctx: ContextoTarefa<D>): P[] | Promise<P[]>;
  /** one chunk, in the chunk's transaction (tenant set); its answer (JSON) is stored with the chunk's mark */
  executarParte?(trx: Tx, parte: P, ctx: ContextoParte<D>): Promise<RP>;
  /**
   * Instead of `executarParte`: a chunk that opens its own transaction (a command, workflows/em-partes.ts);
   * `marcar(trx)` must run inside it, first (it throws when a concurrent duplicate did the chunk)
   */
  rodarParte?(parte: P, ctx: ContextoParte<D>, marcar: (trx: Tx) => Promise<boolean>): Promise<RP | undefined>;
  /** a chunk's weight in the progress (days, rows…; default 1): `feito`/`total` count these units */
  tamanho?(parte: P): number;
  /** the progress phase after a chunk (e.g. "120 movimentos"), from the results so far */
  fase?(resultados: RP[], ctx: ContextoTarefa<D>): string | null;
  /** the job's result from every chunk's result, in chunk order */
  resultado?(resultados: RP[], ctx: ContextoTarefa<D>): R | Promise<R>;
  aoEncerrar?: DefinicaoTarefa<D, R>['aoEncerrar'];
}

/** Thrown inside a chunk's transaction when its mark exists already (a concurrent duplicate): rolls it back. */
class ParteJaFeita extends Error {}

/** Marks chunk `indice` of the job as done in `trx`; false when it was (the caller then undoes its work). */
export async function marcarParte(trx: Tx, tarefaId: string, indice: number, resultado?: unknown): Promise<boolean> {
  const { rows } = await sql`insert into tarefa_parte (tarefa_id, indice, resultado)
    values (${tarefaId}::uuid, ${indice}, ${resultado === undefined ? null : JSON.stringify(resultado)}::jsonb)
    on conflict do nothing returning indice`.execute(trx);
  return rows.length > 0;
}

/** Stores a chunk's answer beside its mark (same transaction). */
export async function gravarResultadoDaParte(trx: Tx, tarefaId: string, indice: number, r: unknown): Promise<void> {
  await sql`update tarefa_parte set resultado = ${JSON.stringify(r ?? null)}::jsonb
    where tarefa_id = ${tarefaId}::uuid and indice = ${indice}`.execute(trx);
}

async function partesFeitas(ctx: ContextoTarefa<unknown>): Promise<Map<number, unknown>> {
  const { rows } = await ctx.db.withTenant(ctx.assinanteId, (trx) =>
    sql<{ indice: number; resultado: unknown }>`select indice, resultado from tarefa_parte
      where tarefa_id = ${ctx.tarefaId}::uuid`.execute(trx),
  );
  return new Map(rows.map((r) => [r.indice, r.resultado]));
}

export function defineChunkedJob<D, P, RP, R = { partes: number }>(
  def: DefinicaoTarefaEmPartes<D, P, RP, R>,
): DefinicaoTarefa<D, R> {
  if (!def.executarParte === !def.rodarParte) throw new Error(`${def.tipo}: declare executarParte ou rodarParte`);
  return defineJob<D, R>({
    tipo: def.tipo,
    fila: def.fila,
    aoEncerrar: def.aoEncerrar,
    async executar(ctx) {
      const partes = await def.partes(ctx);
      const tamanho = (i: number) => def.tamanho?.(partes[i]!) ?? 1;
      const total = partes.reduce((s, _p, i) => s + tamanho(i), 0);
      const feitas = await partesFeitas(ctx as ContextoTarefa<unknown>);
      const resultados: RP[] = [];
      const fase = () => def.fase?.(resultados, ctx) ?? null;
      let feito = 0;
      for (let i = 0; i < partes.length; i++) {
        if (feitas.has(i)) {
          resultados.push(feitas.get(i) as RP);
          feito += tamanho(i);
        }
      }
      await ctx.progresso(feito, total, fase());
      for (let indice = 0; indice < partes.length; indice++) {
        if (feitas.has(indice)) continue;
        // cancellation (and an instance stopping) between chunks: the chunks done stay done
        if (ctx.sinal.aborted) throw ctx.sinal.reason ?? new TarefaCancelada();
        const cp: ContextoParte<D> = { ...ctx, indice, total: partes.length };
        const r = await rodar(def, partes[indice]!, cp);
        if (r.feita) resultados.push(r.resultado as RP);
        feito += tamanho(indice);
        await ctx.progresso(feito, total, fase());
      }
      return def.resultado ? def.resultado(resultados, ctx) : ({ partes: partes.length } as R);
    },
  });
}

async function rodar<D, P, RP, R>(
  def: DefinicaoTarefaEmPartes<D, P, RP, R>,
  parte: P,
  ctx: ContextoParte<D>,
): Promise<{ feita: boolean; resultado?: RP }> {
  try {
    if (def.rodarParte) {
      let marcou = false;
      const resultado = await def.rodarParte(parte, ctx, async (trx) => {
        marcou = await marcarParte(trx, ctx.tarefaId, ctx.indice);
        if (!marcou) throw new ParteJaFeita();
        return true;
      });
      if (!marcou) throw new Error(`${def.tipo}: rodarParte não marcou a parte ${ctx.indice}`);
      return { feita: true, resultado };
    }
    const resultado = await ctx.db.withTenant(ctx.assinanteId, async (trx) => {
      // the mark first: a concurrent duplicate of this chunk waits here, then finds it done
      if (!(await marcarParte(trx, ctx.tarefaId, ctx.indice))) throw new ParteJaFeita();
      const r = await def.executarParte!(trx, parte, ctx);
      await gravarResultadoDaParte(trx, ctx.tarefaId, ctx.indice, r);
      return r;
    });
    return { feita: true, resultado };
  } catch (err) {
    if (err instanceof ParteJaFeita) return { feita: false };
    throw err;
  }
}
