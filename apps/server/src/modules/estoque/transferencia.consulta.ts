/**
 * Reads of stock transfers: the header columns (with both ends' names), one transfer with its items, and
 * the list's FROM. A transfer is visible to whoever holds either end's store.
 */
import type {
  DestinoTransferencia,
  ItemTransferencia,
  TransferenciaEstoque,
  TransferenciaEstoqueDetalhe,
} from '@retaguarda/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { localIsoText, zonaDaLojaSql } from '../../time';

export const TRANSFERENCIA_COLUNAS = sql`t.id::float8 as id, t.loja_origem_id, t.local_origem_id, t.loja_destino_id,
  t.local_destino_id, lo.sigla as loja_origem_sigla, ld.sigla as loja_destino_sigla,
  xo.descricao as local_origem_descricao, xd.descricao as local_destino_descricao, t.local_transito_id,
  t.data::text as data, t.status, t.observacao, t.quantidade_itens, t.usuario_id,
  ${localIsoText(sql.ref('t.criado_em'), zonaDaLojaSql('lo'))} as criado_em,
  t.data_recebimento::text as data_recebimento, t.observacao_recebimento, t.usuario_recebimento_id,
  ${localIsoText(sql.ref('t.recebido_em'), zonaDaLojaSql('ld'))} as recebido_em`;

const JUNCOES = sql`join loja lo on lo.id = t.loja_origem_id join loja ld on ld.id = t.loja_destino_id
  join local_estoque xo on xo.id = t.local_origem_id join local_estoque xd on xd.id = t.local_destino_id`;

/**
 * The list's FROM: transfers with either end among `lojas`. Its dates are business dates, already local
 * (the sending is the origin's, the receipt the destination's): filters compare them as they are.
 */
export const transferenciasFrom = (lojas: readonly number[], where: Expression<SqlBool>) =>
  sql`from transferencia_estoque t ${JUNCOES}
       where (t.loja_origem_id = any(${[...lojas]}::int4[]) or t.loja_destino_id = any(${[...lojas]}::int4[]))
         and ${where}`;

export async function lerTransferencia(
  trx: Tx,
  id: number,
  lojas: readonly number[] | null,
): Promise<TransferenciaEstoqueDetalhe | undefined> {
  const escopo = lojas
    ? sql`and (t.loja_origem_id = any(${[...lojas]}::int4[]) or t.loja_destino_id = any(${[...lojas]}::int4[]))`
    : sql``;
  const { rows } = await sql<TransferenciaEstoque>`select ${TRANSFERENCIA_COLUNAS}
    from transferencia_estoque t ${JUNCOES} where t.id = ${id} ${escopo}`.execute(trx);
  const t = rows[0];
  if (!t) return undefined;
  const { rows: itens } = await sql<ItemTransferencia>`
    select i.produto_id, p.descricao, i.quantidade::text as quantidade, i.custo_unitario::text as custo_unitario,
           i.quantidade_recebida::text as quantidade_recebida, i.custo_recebimento::text as custo_recebimento,
           i.diferenca::text as diferenca
      from item_transferencia_estoque i left join produto p on p.id = i.produto_id
     where i.transferencia_id = ${id} order by i.ordem`.execute(trx);
  return { ...t, itens };
}

/**
 * Every active store of the tenant with its active locations but the transit one: the other end of a
 * transfer or a requisition (the user usually does not hold it). The raiz tells the company apart.
 */
export async function lojasComLocais(trx: Tx): Promise<DestinoTransferencia[]> {
  const { rows } = await sql<DestinoTransferencia>`
    select l.id, l.sigla, l.fantasia, left(regexp_replace(l.numero_do_documento, '\D', '', 'g'), 8) as raiz_cnpj,
           coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'descricao', x.descricao, 'tipo', x.tipo,
                      'padraoEntrada', x.padrao_entrada) order by x.padrao_entrada desc, x.id)
                    filter (where x.id is not null), '[]') as locais
      from loja l left join local_estoque x on x.loja_id = l.id and x.ativo and x.tipo <> 'TRANSITO'
     where l.ativo group by l.assinante_id, l.id order by l.sigla`.execute(trx);
  return rows;
}
