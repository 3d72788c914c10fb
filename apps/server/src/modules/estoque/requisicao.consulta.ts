/**
 * Reads of stock requisitions: the header columns (both ends' names, the motivo), one requisition with its
 * items, and the list's FROM. A requisition is visible to whoever holds either end's store.
 */
import type { ItemRequisicao, RequisicaoEstoque, RequisicaoEstoqueDetalhe } from '@retaguarda/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { localIsoText, zonaDaLojaSql } from '../../time';

const instante = (coluna: string, loja: 'lo' | 'ld') => localIsoText(sql.ref(coluna), zonaDaLojaSql(loja));

export const REQUISICAO_COLUNAS = sql`r.id, r.status, r.loja_origem_id, r.local_origem_id, r.loja_destino_id,
  r.local_destino_id, lo.sigla as loja_origem_sigla, ld.sigla as loja_destino_sigla,
  xo.descricao as local_origem_descricao, xd.descricao as local_destino_descricao,
  r.motivo_id, m.descricao as motivo_descricao, m.tipo as motivo_tipo, m.exige_aprovacao,
  r.observacao, r.quantidade_itens, r.usuario_id, ${instante('r.criado_em', 'ld')} as criado_em,
  r.usuario_aprovacao_id, ${instante('r.aprovado_em', 'lo')} as aprovado_em, r.local_transito_id,
  r.data_transferencia::text as data_transferencia, r.usuario_transferencia_id,
  r.data_recebimento::text as data_recebimento, r.observacao_recebimento, r.usuario_recebimento_id,
  ${instante('r.cancelado_em', 'ld')} as cancelado_em, r.observacao_cancelamento`;

const JUNCOES = sql`join loja lo on lo.id = r.loja_origem_id join loja ld on ld.id = r.loja_destino_id
  join local_estoque xo on xo.id = r.local_origem_id join local_estoque xd on xd.id = r.local_destino_id
  join motivo_requisicao m on m.id = r.motivo_id`;

/** The list's FROM: requisitions with either end among `lojas`. */
export const requisicoesFrom = (lojas: readonly number[], where: Expression<SqlBool>) =>
  sql`from requisicao_estoque r ${JUNCOES}
       where (r.loja_origem_id = any(${[...lojas]}::int4[]) or r.loja_destino_id = any(${[...lojas]}::int4[]))
         and ${where}`;

export async function lerRequisicao(
  trx: Tx,
  id: number,
  lojas: readonly number[] | null,
): Promise<RequisicaoEstoqueDetalhe | undefined> {
  const escopo = lojas
    ? sql`and (r.loja_origem_id = any(${[...lojas]}::int4[]) or r.loja_destino_id = any(${[...lojas]}::int4[]))`
    : sql``;
  const { rows } = await sql<RequisicaoEstoque>`select ${REQUISICAO_COLUNAS}
    from requisicao_estoque r ${JUNCOES} where r.id = ${id} ${escopo}`.execute(trx);
  const r = rows[0];
  if (!r) return undefined;
  const { rows: itens } = await sql<ItemRequisicao>`
    select i.produto_id, p.descricao, i.quantidade::text as quantidade,
           coalesce(i.custo_unitario, 0)::text as custo_unitario,
           i.quantidade_recebida::text as quantidade_recebida, i.custo_recebimento::text as custo_recebimento,
           i.diferenca::text as diferenca
      from item_requisicao_estoque i left join produto p on p.id = i.produto_id
     where i.requisicao_id = ${id} order by i.ordem`.execute(trx);
  return { ...r, itens };
}
