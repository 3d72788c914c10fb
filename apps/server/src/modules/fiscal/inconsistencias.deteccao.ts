/**
 * Detection of product fiscal inconsistencies (domain.md §3.7). The set-based statements live in SQL
 * (`app_detectar_inconsistencias`, migrations 0160/0200): a statement trigger recomputes the products a write
 * touched; this full recount runs as a job on demand and after changes that affect many products at
 * once (official tables, regimes, situações, stores, scenarios).
 */
import { comandoRecalcularInconsistencias, EVENTO_INCONSISTENCIAS_ALTERADAS } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { defineJob } from '../../jobs';
import { eventoDeArea, publicarAgora } from '../../plugins/events';
import { defineWorkflow } from '../../workflows';
import { gravarCobertura } from './cenario-recontagem';

export const TAREFA_RECALCULO = 'fiscal.inconsistencias.recalculo';

/** Recomputes the given products (or all of the tenant's) in the caller's transaction; rows written. */
export async function detectarInconsistencias(trx: Tx, produtos?: readonly number[]): Promise<number> {
  const { rows } = produtos
    ? await sql<{ n: number }>`select app_detectar_inconsistencias_produtos(${[...produtos]}::int4[]) as n`.execute(trx)
    : await sql<{ n: number }>`select app_detectar_inconsistencias() as n`.execute(trx);
  return rows[0]?.n ?? 0;
}

export const tarefaRecalculoInconsistencias = defineJob<Record<string, never>, { inconsistencias: number }>({
  tipo: TAREFA_RECALCULO,
  fila: 'geral',
  async executar(ctx) {
    await ctx.progresso(0, 1, 'Detectando inconsistências');
    // the coverage too (SEM_CENARIO_FISCAL, CFOP_NAO_PERMITIDO_NFCE): the recount is of everything the counters read
    const n = await ctx.db.withTenant(
      ctx.assinanteId,
      async (trx) => (await detectarInconsistencias(trx)) + (await gravarCobertura(trx)),
    );
    publicarAgora(
      ctx.db,
      eventoDeArea(EVENTO_INCONSISTENCIAS_ALTERADAS, { assinanteId: ctx.assinanteId }, { origem: 'recontagem' }),
    );
    await ctx.progresso(1, 1, 'Concluído');
    return { inconsistencias: n };
  },
});

/**
 * POST /api/v1/fiscal/inconsistencias/recalculo: enqueues the full recount of the tenant in the command's
 * transaction (202 + the job); one open at a time: a second request while it runs answers the first's job.
 */
export const recalcularInconsistencias = defineWorkflow(comandoRecalcularInconsistencias, {
  estadoInicial: () => ({ tarefaId: '' }),
  passos: [
    async (ctx) => {
      ctx.estado.tarefaId = await ctx.enfileirar(
        TAREFA_RECALCULO,
        {},
        {
          singletonKey: 'recalculo',
          titulo: 'Recálculo das inconsistências tributárias',
          link: '/inconsistenciasTributarias',
        },
      );
    },
  ],
  resposta: (ctx) => ({ tarefaId: ctx.estado.tarefaId }),
});
