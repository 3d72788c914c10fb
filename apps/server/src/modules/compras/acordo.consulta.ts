/**
 * Reads of commercial agreements, one query for the list, the detail and the commands' answers. An agreement
 * is visible only to a user holding every one of its stores (its figures sum them all).
 */
import { type AcordoComercialDetalhe, type FaixaAcordo, progressoDaMeta } from '@retaguarda/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { localIsoText } from '../../time';

/** The agreements with their stores as an array (the list's store filter reads it). */
const BASE = sql`(select ac.*, array(select al.loja_id from acordo_comercial_loja al
    where al.acordo_id = ac.id order by al.loja_id) as lojas from acordo_comercial ac)`;

export const ACORDO_COLUNAS = sql`a.id, a.id as numero, a.tipo_acordo_id, t.descricao as tipo_acordo, a.fornecedor_id,
  a.holding_id, coalesce(nullif(f.fantasia, ''), f.nome, h.nome) as parceiro, a.comprador_id, u.nome as comprador, a.descricao, a.lojas,
  a.escopo_tipo, array(select e.ref_id from acordo_comercial_escopo e where e.acordo_id = a.id order by e.ref_id) as escopo_ids,
  to_char(a.vigencia_inicio, 'YYYY-MM-DD') as vigencia_inicio, to_char(a.vigencia_fim, 'YYYY-MM-DD') as vigencia_fim,
  to_char(a.data_vencimento, 'YYYY-MM-DD') as data_vencimento, a.base, a.forma_valor, trim_scale(a.valor)::text as valor,
  a.meta_tipo, coalesce((select jsonb_agg(jsonb_build_object('meta', trim_scale(x.meta)::text, 'valor',
    trim_scale(x.valor)::text) order by x.ordem) from acordo_comercial_faixa x where x.acordo_id = a.id), '[]') as faixas,
  a.forma_recebimento, a.valor_previsto::text as valor_previsto, a.base_valor::text as base_valor,
  trim_scale(a.base_quantidade)::text as base_quantidade, a.faixa_atingida, a.valor_apurado::text as valor_apurado,
  a.valor_recebido::text as valor_recebido, (a.valor_apurado - a.valor_recebido)::text as saldo, a.status,
  a.motivo_cancelamento, a.observacao, ${localIsoText(sql.ref('a.apurado_em'))} as apurado_em,
  ${localIsoText(sql.ref('a.criado_em'))} as criado_em, a.versao`;

/** The list's FROM: agreements wholly within `lojas` (null: any, for a command that already checked), matching `where`. */
export const acordosFrom = (lojas: readonly number[] | null, where: Expression<SqlBool>) =>
  sql`from ${BASE} a join tipo_acordo t on t.id = a.tipo_acordo_id left join fornecedor f on f.id = a.fornecedor_id
   left join holding h on h.id = a.holding_id left join usuario u on u.id = a.comprador_id
   where ${lojas ? sql`a.lojas <@ ${[...lojas]}::int4[]` : sql`true`} and ${where}`;

/** A row as read (the progress is computed after). */
export type LinhaAcordo = Omit<AcordoComercialDetalhe, 'apuracoes' | 'recebimentos' | 'progressoMeta'>;

/** The progress towards the next tier, on the measure the tiers use. */
export const comProgresso = <T extends LinhaAcordo>(a: T) => ({
  ...a,
  progressoMeta: progressoDaMeta(a.faixas as FaixaAcordo[], a.metaTipo === 'VALOR' ? a.baseValor : a.baseQuantidade),
});

/** One agreement with its apurações and receipts (null `lojas`: a command that already checked them). */
export async function lerAcordo(
  trx: Tx,
  id: number,
  lojas: readonly number[] | null,
): Promise<AcordoComercialDetalhe | undefined> {
  const { rows } =
    await sql<LinhaAcordo>`select ${ACORDO_COLUNAS} ${acordosFrom(lojas, sql<SqlBool>`a.id = ${id}`)}`.execute(trx);
  const linha = rows[0];
  if (!linha) return undefined;
  const { rows: apuracoes } = await sql<AcordoComercialDetalhe['apuracoes'][number]>`
    select loja_id, to_char(mes, 'YYYY-MM-DD') as mes, base_valor::text as base_valor,
           trim_scale(base_quantidade)::text as base_quantidade, valor_apurado::text as valor_apurado, linhas
      from acordo_apuracao where acordo_id = ${id} order by mes, loja_id`.execute(trx);
  const { rows: recebimentos } = await sql<AcordoComercialDetalhe['recebimentos'][number]>`
    select id, to_char(data, 'YYYY-MM-DD') as data, valor::text as valor, forma, documento, observacao,
           ${localIsoText(sql.ref('criado_em'))} as criado_em
      from acordo_recebimento where acordo_id = ${id} order by id`.execute(trx);
  return { ...comProgresso(linha), apuracoes, recebimentos };
}
