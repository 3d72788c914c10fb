/**
 * Finalization of a lot: the proposed values written to the products in set-based chunks, each field
 * change logged before → after in lote_inconsistencia_alteracao; the products' statement triggers
 * recount their inconsistencies; the lot is closed with how many products are now free of its type.
 * Up to LIMITE_FINALIZACAO_SINCRONA items it all happens in the command; a bigger lot runs as a job
 * (one transaction per chunk: applied items are marked, so a retried job resumes where it stopped).
 */
import { type CampoLote, EVENTO_INCONSISTENCIAS_ALTERADAS, LIMITE_FINALIZACAO_SINCRONA } from '@retaguarda/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { defineJob, FalhaDefinitiva } from '../../jobs';
import { publicarEvento } from '../../plugins/events';

export const TAREFA_FINALIZACAO = 'fiscal.lote-inconsistencia.finalizacao';
const LOTE_DO_JOB = 2000;

/** the current value of the field, as text (the log's `antes`) */
const ANTES: Record<CampoLote, RawBuilder<unknown>> = {
  ncm: sql`p.ncm_id`,
  cest: sql`p.cest::text`,
  natureza: sql`p.natureza_de_imposto_federal_id`,
  situacao: sql`p.situacao_fiscal_saida_id::text`,
  regime: sql`(select r.regime_estadual_id::text from produto_regime r where r.produto_id = i.produto_id and r.loja_id = i.loja_id)`,
  gtin: sql`i.valor_atual`,
};

const versao = sql`alterado_em = now(), versao = p.versao + 1`;
const ESCRITA: Record<CampoLote, RawBuilder<unknown>> = {
  ncm: sql`update produto p set ncm_id = a.valor_proposto, genero_id = left(a.valor_proposto, 2), ${versao}
             from atual a where p.id = a.produto_id returning 1`,
  cest: sql`update produto p set cest = a.valor_proposto, ${versao} from atual a where p.id = a.produto_id returning 1`,
  natureza: sql`update produto p set natureza_de_imposto_federal_id = a.valor_proposto, ${versao}
                  from atual a where p.id = a.produto_id returning 1`,
  situacao: sql`update produto p set situacao_fiscal_saida_id = a.valor_proposto::int, ${versao}
                  from atual a where p.id = a.produto_id returning 1`,
  regime: sql`insert into produto_regime (produto_id, loja_id, regime_estadual_id)
                select produto_id, loja_id, valor_proposto::int from atual
              on conflict (assinante_id, produto_id, loja_id) do update set regime_estadual_id = excluded.regime_estadual_id returning 1`,
  gtin: sql`update codigo_auxiliar c set id = a.valor_proposto, alterado_em = now(), versao = c.versao + 1
              from atual a where c.produto_id = a.produto_id and c.id = a.valor_atual returning 1`,
};

/** Applies up to `limite` pending proposals of the lot (all when omitted); how many were applied. */
export async function aplicarPropostas(
  trx: Tx,
  lote: { id: number; campo: CampoLote },
  usuarioId: number | null,
  limite?: number,
): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    with itens as (
      select i.id, i.produto_id, i.loja_id, i.valor_atual, i.valor_proposto from lote_inconsistencia_item i
       where i.lote_id = ${lote.id} and i.valor_proposto is not null and i.aplicado_em is null
       order by i.id ${limite ? sql`limit ${limite}` : sql``}),
    atual as (select i.*, ${ANTES[lote.campo]} as antes from itens i join produto p on p.id = i.produto_id),
    log as (insert into lote_inconsistencia_alteracao (lote_id, produto_id, loja_id, campo, antes, depois, usuario_id)
            select ${lote.id}, produto_id, loja_id, ${lote.campo}, antes, valor_proposto, ${usuarioId}::int from atual
             where antes is distinct from valor_proposto returning 1),
    escrita as (${ESCRITA[lote.campo]}),
    marca as (update lote_inconsistencia_item set aplicado_em = now() where id in (select id from itens) returning 1)
    select (select count(*) from marca)::int as n, (select count(*) from log) as l, (select count(*) from escrita) as e`.execute(
    trx,
  );
  return rows[0]?.n ?? 0;
}

export async function pendentes(trx: Tx, loteId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from lote_inconsistencia_item
    where lote_id = ${loteId} and valor_proposto is not null and aplicado_em is null`.execute(trx);
  return rows[0]?.n ?? 0;
}

/** Closes the lot: FINALIZADO, and how many of its products no longer have its type (after the triggers' recount). */
/** Closes the lot; once it commits, the browsers reload their inconsistency counters (the Painel's). */
export async function fecharLote(
  trx: Tx,
  assinanteId: number,
  loteId: number,
  usuarioId: number | null,
): Promise<void> {
  await sql`update lote_inconsistencia l set status = 'FINALIZADO', finalizado_em = now(), finalizado_por = ${usuarioId}::int,
      tarefa_id = null, alterado_em = now(),
      quantidade_corrigidos = (select count(distinct i.produto_id)::int from lote_inconsistencia_item i
        where i.lote_id = l.id and not exists (select 1 from inconsistencia_produto x
          where x.produto_id = i.produto_id and x.tipo = l.tipo and (i.loja_id is null or x.loja_id = i.loja_id)))
    where l.id = ${loteId}`.execute(trx);
  publicarEvento(trx, EVENTO_INCONSISTENCIAS_ALTERADAS, { assinanteId }, { origem: 'lote' });
}

export const precisaDeTarefa = (pendentesDoLote: number) => pendentesDoLote > LIMITE_FINALIZACAO_SINCRONA;

interface DadosFinalizacao {
  loteId: number;
  campo: CampoLote;
}

export const tarefaFinalizacaoLote = defineJob<DadosFinalizacao, { aplicados: number }>({
  tipo: TAREFA_FINALIZACAO,
  fila: 'geral',
  async executar(ctx) {
    const { loteId, campo } = ctx.dados;
    const total = await ctx.db.withTenant(ctx.assinanteId, async (trx) => {
      const { rows } = await sql<{
        status: string;
      }>`select status from lote_inconsistencia where id = ${loteId}`.execute(trx);
      if (rows[0]?.status !== 'EM_ANALISE') throw new FalhaDefinitiva('o lote não está mais em análise');
      return pendentes(trx, loteId);
    });
    let feito = 0;
    await ctx.progresso(0, total, 'Aplicando alterações');
    for (;;) {
      const n = await ctx.db.withTenant(ctx.assinanteId, async (trx) => {
        // one chunk at a time per lot, even if the job is retried while an old attempt still runs
        await sql`select 1 from lote_inconsistencia where id = ${loteId} for update`.execute(trx);
        return aplicarPropostas(trx, { id: loteId, campo }, ctx.usuarioId, LOTE_DO_JOB);
      });
      if (!n) break;
      feito += n;
      await ctx.progresso(Math.min(feito, total), total, 'Aplicando alterações');
    }
    await ctx.db.withTenant(ctx.assinanteId, (trx) => fecharLote(trx, ctx.assinanteId, loteId, ctx.usuarioId));
    await ctx.progresso(total, total, 'Concluído');
    return { aplicados: feito };
  },
  async aoEncerrar(fim) {
    // a job that failed for good leaves the lot in analysis (what was applied stays logged): it may be finalized again
    await fim.db.withTenant(fim.assinanteId, (trx) =>
      sql`update lote_inconsistencia set tarefa_id = null where id = ${fim.dados.loteId} and tarefa_id = ${fim.tarefaId}::uuid`.execute(
        trx,
      ),
    );
  },
});
