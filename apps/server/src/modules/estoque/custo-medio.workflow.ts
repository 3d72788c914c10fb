/**
 * Average-cost recompute (administrators): replays the store's movements from a date in date order
 * through `app_estoque_recalcular_custo` (migration 0180, the only writer of past averages), under the
 * store's posting lock and outside closed periods, audited with what changed.
 */
import {
  comandoRecalculoCustoMedio,
  hojeNaZona,
  MSG_RECALCULO_CUSTO,
  type RecalculoCustoMedio,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { defineWorkflow, type Passo, recusar } from '../../workflows';
import { assertPeriodoAberto } from './fechamento.periodo';
import { chaveSaldos } from './lancamento';

type Entrada = { lojaId: number; desde: string; produtoIds?: number[] };
type Estado = { produtos: RecalculoCustoMedio['produtos'] };

const validarData: Passo<Entrada, Estado> = async (ctx) => {
  if (ctx.entrada.desde > hojeNaZona(ctx.loja.zona)) throw recusar('desde', MSG_RECALCULO_CUSTO.dataFutura);
  await assertPeriodoAberto(ctx.trx, ctx.loja.id, ctx.entrada.desde, {
    assinanteId: ctx.assinanteId,
    campo: 'desde',
  });
};

const recalcular: Passo<Entrada, Estado> = async (ctx) => {
  const { rows } = await sql<{ produto: number; movimentos: number; custo: string }>`
    select produto, movimentos, custo::text as custo
      from app_estoque_recalcular_custo(${ctx.loja.id}, ${ctx.entrada.desde}::date, ${ctx.entrada.produtoIds ?? null}::int4[])`.execute(
    ctx.trx,
  );
  ctx.estado.produtos = rows.map((r) => ({ produtoId: r.produto, movimentos: r.movimentos, custoMedio: r.custo }));
  ctx.auditoria = {
    entidade: 'recalculoCustoMedio',
    entidadeId: ctx.loja.id,
    operacao: 'ALTERACAO',
    depois: { desde: ctx.entrada.desde, produtos: ctx.estado.produtos.length },
  };
};

export const recalcularCustoMedio = defineWorkflow(comandoRecalculoCustoMedio, {
  lock: (e) => chaveSaldos(e.lojaId),
  estadoInicial: (): Estado => ({ produtos: [] }),
  passos: [validarData, recalcular],
  resposta: (ctx) => ({
    lojaId: ctx.loja.id,
    desde: ctx.entrada.desde,
    movimentos: ctx.estado.produtos.reduce((s, p) => s + p.movimentos, 0),
    produtos: ctx.estado.produtos,
  }),
});
