/** How a lot and its items are read (the commands' answers and the GET routes share these). */
import type { LoteInconsistencia } from '@retaguarda/domain';
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { localIsoText } from '../../time';
import { loteVisivel, noEscopo } from './lote-inconsistencia.escopo';

/**
 * The lot as the caller sees it: products, proposals and corrections counted over the items of their
 * stores only (lote-inconsistencia.escopo.ts); a lot of stores they all hold keeps its stored figures.
 */
export const loteColunas = (lojas: readonly number[]) => {
  const meu = noEscopo('i', lojas);
  const inteiro = sql`not exists (select 1 from lote_inconsistencia_item i where i.lote_id = l.id and not ${meu})`;
  return sql`l.id, l.descricao, l.tipo as tipo_inconsistencia, l.campo, l.filtros, l.status,
  (select count(distinct i.produto_id)::int from lote_inconsistencia_item i where i.lote_id = l.id and ${meu}) as quantidade_produtos,
  case when l.status <> 'FINALIZADO' or ${inteiro} then l.quantidade_corrigidos
    else (select count(distinct i.produto_id)::int from lote_inconsistencia_item i where i.lote_id = l.id and ${meu}
      and not exists (select 1 from inconsistencia_produto x
        where x.produto_id = i.produto_id and x.tipo = l.tipo and (i.loja_id is null or x.loja_id = i.loja_id))) end
    as quantidade_corrigidos,
  (select count(*)::int from lote_inconsistencia_item i where i.lote_id = l.id and i.valor_proposto is not null and ${meu})
    as quantidade_propostos,
  ${localIsoText(sql.ref('l.criado_em'))} as criado_em, l.usuario_nome as usuario,
  case when l.finalizado_em is null then null else ${localIsoText(sql.ref('l.finalizado_em'))} end as finalizado_em,
  l.tarefa_id::text as tarefa_id`;
};

/** the lot with its field (derived from the type, domain CAMPO_DO_TIPO) */
export const lotesFrom = (where: Expression<unknown>) =>
  sql`from (select x.*, case
      when x.tipo in ('SEM_NCM', 'NCM_INEXISTENTE_OU_VENCIDO') then 'ncm'
      when x.tipo in ('SEM_CEST', 'CEST_INCOMPATIVEL_NCM') then 'cest'
      when x.tipo in ('SEM_NATUREZA_RECEITA', 'CST_PIS_COFINS_INCOMPATIVEL') then 'natureza'
      when x.tipo in ('SEM_REGIME_ESTADUAL_LOJA', 'CST_INCOMPATIVEL_CRT') then 'regime'
      when x.tipo = 'SEM_SITUACAO_FISCAL' then 'situacao' else 'gtin' end as campo
    from lote_inconsistencia x) l where ${where}`;

/** one lot, undefined when absent or when none of its items is of the caller's stores */
export async function lerLote(trx: Tx, id: number, lojas: readonly number[]): Promise<LoteInconsistencia | undefined> {
  const { rows } = await sql<LoteInconsistencia>`select ${loteColunas(lojas)}
    ${lotesFrom(sql`l.id = ${id} and ${loteVisivel('l', lojas)}`)}`.execute(trx);
  return rows[0];
}

/**
 * The label of a value that is a register's id (situação fiscal, regime estadual, natureza PIS/COFINS), as
 * the screens show it; null for the fields whose value is its own label (NCM, CEST, GTIN) or an unknown id.
 */
const rotuloDoValor = (campo: RawBuilder<unknown>, valor: RawBuilder<unknown>) => sql`case ${campo}
    when 'situacao' then (select s.codigo || ' - ' || s.descricao from situacao_fiscal s
      where s.id = case when ${valor} ~ '^[0-9]{1,9}$' then (${valor})::int end)
    when 'regime' then (select r.descricao || ' (' || r.uf || ')' from regime_tributario r
      where r.id = case when ${valor} ~ '^[0-9]{1,9}$' then (${valor})::int end)
    when 'natureza' then (select n.id || ' - ' || n.descricao from natureza_pis_cofins n where n.id = ${valor})
  end`;

export const ITEM_COLUNAS = sql`i.id::float8 as id, i.produto_id, p.codigo_interno as codigo, p.descricao, p.ncm_id as ncm,
  i.loja_id, lj.sigla as loja_sigla, i.campo, i.valor_atual, i.valor_proposto,
  ${rotuloDoValor(sql.ref('i.campo'), sql.ref('i.valor_atual'))} as valor_atual_rotulo,
  ${rotuloDoValor(sql.ref('i.campo'), sql.ref('i.valor_proposto'))} as valor_proposto_rotulo,
  case when i.aplicado_em is null then null else ${localIsoText(sql.ref('i.aplicado_em'))} end as aplicado_em`;

export const itensFrom = (loteId: number, lojas: readonly number[], where: Expression<unknown>) =>
  sql`from lote_inconsistencia_item i join produto p on p.id = i.produto_id left join loja lj on lj.id = i.loja_id
     where i.lote_id = ${loteId} and ${noEscopo('i', lojas)} and ${where}`;

export const ALTERACAO_COLUNAS = sql`a.id::float8 as id, a.produto_id, p.descricao, a.loja_id, a.campo, a.antes, a.depois,
  ${rotuloDoValor(sql.ref('a.campo'), sql.ref('a.antes'))} as antes_rotulo,
  ${rotuloDoValor(sql.ref('a.campo'), sql.ref('a.depois'))} as depois_rotulo,
  ${localIsoText(sql.ref('a.alterado_em'))} as alterado_em`;

export const alteracoesFrom = (loteId: number, lojas: readonly number[]) =>
  sql`from lote_inconsistencia_alteracao a left join produto p on p.id = a.produto_id
     where a.lote_id = ${loteId} and ${noEscopo('a', lojas)}`;
