/**
 * Plano de pagamento and condição de pagamento da loja (domain.md §2.1): the grid's and the card's rules
 * (plano-pagamento.regras.ts), the operation fixed once created, the acquirer that must be one; a store
 * condition within the plan's parcels and never overlapping another for the same store and plan (409
 * naming it, under an advisory lock; the EXCLUDE constraint of migration 0410 is the last word).
 */
import {
  condicaoPagamentoLoja,
  dataBr,
  errosCondicaoPagamentoLoja,
  errosPlanoPagamento,
  type FalhaDeCampo,
  falhaDeCampo,
  MSG,
  MSG_PLANO_PAGAMENTO as M,
  planoPagamento,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError } from '../../plugins/errors';
import { defineRegisterHooks, type HookContext, merged, recusarFalhas } from '../../registers/hooks';

async function errosDoAgente(ctx: HookContext, id: unknown): Promise<FalhaDeCampo[]> {
  if (id == null) return [];
  const r = await sql<{ tipo: string; descricao: string }>`
    select tipo, descricao from agente_financeiro where id = ${Number(id)}`.execute(ctx.trx);
  const a = r.rows[0];
  if (!a) return [falhaDeCampo('agenteFinanceiroId', 'registro referenciado não encontrado.')];
  return a.tipo === 'ADQUIRENTE' ? [] : [falhaDeCampo('agenteFinanceiroId', M.naoEhAdquirente(a.descricao))];
}

async function salvarPlano(ctx: HookContext) {
  const m = merged(ctx);
  const erros: FalhaDeCampo[] = [];
  if (ctx.before && 'operacao' in ctx.value && ctx.value.operacao !== ctx.before.operacao)
    erros.push(falhaDeCampo('operacao', M.operacaoFixa));
  erros.push(...errosPlanoPagamento(m), ...(await errosDoAgente(ctx, m.agenteFinanceiroId)));
  recusarFalhas(planoPagamento, erros);
}

/** Serialises the condition saves of a tenant (rare writes): the overlap check must see the others. */
const travar = (ctx: HookContext) =>
  sql`select pg_advisory_xact_lock(hashtextextended(app_assinante() || ':condicao_pagamento_loja', 0))`.execute(
    ctx.trx,
  );

/** The store first: a condition of a store the user does not hold tells nothing of that store's others. */
async function escopoDaLoja(ctx: HookContext, lojaId: number) {
  if (ctx.auth.administrador || ctx.auth.lojas.includes(lojaId)) return;
  const r = await sql<{ sigla: string }>`select sigla from loja where id = ${lojaId}`.execute(ctx.trx);
  const msg = MSG.lojasIncluidasForaDoEscopo(r.rows[0]?.sigla ?? String(lojaId), 1);
  throw new ApiError(403, msg, [falhaDeCampo('lojaId', msg, 'Loja')]);
}

async function salvarCondicao(ctx: HookContext) {
  const c = merged(ctx);
  await escopoDaLoja(ctx, Number(c.lojaId));
  const plano = await sql<{ quantidade: number }>`
    select quantidade_parcelas as quantidade from plano_pagamento where id = ${Number(c.planoPagamentoId)}`.execute(
    ctx.trx,
  );
  if (!plano.rows[0]) recusarFalhas(condicaoPagamentoLoja, [falhaDeCampo('planoPagamentoId', M.planoNaoEncontrado)]);
  recusarFalhas(condicaoPagamentoLoja, errosCondicaoPagamentoLoja(c, plano.rows[0]!.quantidade));
  if (c.ativo === false) return;
  await travar(ctx);
  const r = await sql<{ id: number; sigla: string; plano: string; inicio: string; fim: string | null }>`
    select c.id, l.sigla, p.descricao as plano, to_char(c.vigencia_inicio, 'YYYY-MM-DD') as inicio,
           to_char(c.vigencia_fim, 'YYYY-MM-DD') as fim
      from condicao_pagamento_loja c
      join loja l on l.id = c.loja_id
      join plano_pagamento p on p.id = c.plano_pagamento_id
     where c.ativo and c.id is distinct from ${ctx.id ?? null}::int
       and c.loja_id = ${Number(c.lojaId)} and c.plano_pagamento_id = ${Number(c.planoPagamentoId)}
       and daterange(c.vigencia_inicio, c.vigencia_fim, '[]')
           && daterange(${c.vigenciaInicio as string}::date, ${(c.vigenciaFim as string | null) ?? null}::date, '[]')
     order by c.id limit 1`.execute(ctx.trx);
  const x = r.rows[0];
  if (x)
    throw new ApiError(409, M.sobreposta(x.id, x.sigla, x.plano, dataBr(x.inicio), x.fim ? dataBr(x.fim) : null), [
      falhaDeCampo('vigenciaInicio', M.vigenciaSobreposta, 'Início da vigência'),
    ]);
}

export const planoPagamentoHooks = defineRegisterHooks(planoPagamento, {
  beforeCreate: salvarPlano,
  beforeUpdate: salvarPlano,
});
export const condicaoPagamentoLojaHooks = defineRegisterHooks(condicaoPagamentoLoja, {
  beforeCreate: salvarCondicao,
  beforeUpdate: salvarCondicao,
});
