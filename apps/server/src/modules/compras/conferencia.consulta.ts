/** Reads of conferências: header, the invoice's products with the invoiced and counted quantities. */
import type { ConferenciaCompra } from '@retaguarda/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { localIsoText, zonaDaLojaSql } from '../../time';

export const CONFERENCIA_COLUNAS = sql`c.id, c.loja_id, c.nota_id as nota_fiscal_id, n.numero_nota::float8 as numero_nota,
  n.serie, f.nome as fornecedor, c.status, c.observacao,
  ${localIsoText(sql.ref('c.aberta_em'), zonaDaLojaSql('l'))} as aberta_em,
  ${localIsoText(sql.ref('c.fechada_em'), zonaDaLojaSql('l'))} as fechada_em, c.divergencias,
  coalesce((select jsonb_agg(jsonb_build_object('produtoId', x.produto_id, 'descricao', x.descricao,
      'quantidadeNota', trim_scale(x.nota)::text, 'quantidadeContada', trim_scale(x.contada)::text,
      'diferenca', trim_scale(x.contada - x.nota)::text) order by x.primeira)
    from (select i.produto_id, min(p.descricao) as descricao, sum(i.quantidade) as nota, min(i.ordem) as primeira,
                 coalesce((select ic.quantidade from item_conferencia_compra ic
                            where ic.conferencia_id = c.id and ic.produto_id = i.produto_id), 0) as contada
            from item_nota_fiscal_compra i join produto p on p.id = i.produto_id
           where i.nota_id = c.nota_id group by i.produto_id) x), '[]') as itens`;

export const conferenciasFrom = (lojas: readonly number[], where: Expression<SqlBool>) =>
  sql`from conferencia_compra c join loja l on l.id = c.loja_id join nota_fiscal_compra n on n.id = c.nota_id
   join fornecedor f on f.id = n.fornecedor_id where c.loja_id = any(${[...lojas]}::int4[]) and ${where}`;

export async function lerConferencia(
  trx: Tx,
  id: number,
  lojas: readonly number[] | null,
): Promise<ConferenciaCompra | undefined> {
  const escopo = lojas ? sql`and c.loja_id = any(${[...lojas]}::int4[])` : sql``;
  const { rows } = await sql<ConferenciaCompra>`
    select ${CONFERENCIA_COLUNAS} from conferencia_compra c join loja l on l.id = c.loja_id
      join nota_fiscal_compra n on n.id = c.nota_id join fornecedor f on f.id = n.fornecedor_id
     where c.id = ${id} ${escopo}`.execute(trx);
  return rows[0];
}
