/**
 * Reading inventories: the document with its totals (the commands' answers and GET …/{id}), the list's
 * `from`, and the items with their counts (GET …/{id}/itens: the SDK's read and the screens' grid). In a blind
 * count the expected balance and the difference stay hidden until the count is closed.
 */
import type { Inventario, ItemInventario } from '@retaguarda/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { localIsoText, zonaDaLojaIdSql } from '../../time';

export const INVENTARIO_COLUNAS = sql`i.id, i.loja_id, i.local_id, i.descricao, i.tipo, i.escopo,
  to_char(i.data_referencia, 'YYYY-MM-DD"T"HH24:MI:SS') as data_referencia, i.contagem_cega, i.numero_contagens,
  i.contagem_atual, i.status, i.usuario_id, i.criado_em, i.iniciado_em, i.finalizado_em, i.cancelado_em,
  i.data_lancamento::text as data_lancamento, i.resumo,
  (select count(*)::int from item_inventario t where t.inventario_id = i.id) as total_itens,
  (select count(*)::int from item_inventario t where t.inventario_id = i.id and t.quantidade_final is not null) as itens_contados,
  (select l.sigla from loja l where l.id = i.loja_id) as loja_sigla,
  (select x.descricao from local_estoque x where x.id = i.local_id) as local_descricao`;

/** `from … where …` of the inventories of the caller's stores. */
export function inventariosFrom(lojas: readonly number[], where: Expression<SqlBool>) {
  return sql`from inventario i where i.loja_id = any(${[...lojas]}::int4[]) and ${where}`;
}

export async function lerInventario(trx: Tx, id: number, lojas?: readonly number[]): Promise<Inventario | undefined> {
  const escopo = lojas ? sql`i.loja_id = any(${[...lojas]}::int4[])` : sql`true`;
  const { rows } = await sql<Inventario>`select ${INVENTARIO_COLUNAS} from inventario i
    where i.id = ${id} and ${escopo}`.execute(trx);
  return rows[0];
}

/** The item's columns; `oculto`: a blind count still open hides the expected balance and the difference. */
export function colunasDoItem(oculto: boolean) {
  const visivel = (col: string) => (oculto ? sql`null::text` : sql.raw(col));
  return sql`t.inventario_id, t.produto_id, coalesce(p.codigo_interno, p.id::text) as produto_codigo,
    p.descricao as produto_descricao, (select u.sigla from unidade u where u.id = p.unidade_de_venda_id) as unidade,
    p.secao_id, ${visivel('t.quantidade_sistema::text')} as quantidade_sistema,
    coalesce((select jsonb_agg(jsonb_build_object('n', c.n, 'quantidade', c.quantidade::text, 'usuarioId', c.usuario_id,
        'dispositivoId', c.dispositivo_id, 'em', ${localIsoText(sql.ref('c.em'), zonaDaLojaIdSql(sql.ref('i.loja_id')))}) order by c.n)
      from (select distinct on (n) n, usuario_id, dispositivo_id, em,
                   case n when 1 then t.contagem_1 when 2 then t.contagem_2 else t.contagem_3 end as quantidade
              from contagem_inventario c where c.inventario_id = t.inventario_id and c.produto_id = t.produto_id
             order by n, c.id desc) c), '[]'::jsonb) as contagens,
    t.quantidade_final::text as quantidade_final,
    ${visivel('coalesce(t.diferenca, t.quantidade_final - t.quantidade_sistema)::text')} as diferenca,
    ${visivel('t.custo_medio::text')} as custo_medio, ${visivel('t.valor_diferenca::text')} as valor_diferenca,
    t.recontar, t.tipo_ajuste_id, (select a.descricao from tipo_ajuste a where a.id = t.tipo_ajuste_id) as tipo_ajuste_descricao`;
}

/** `from … where …` of one inventory's items (the product beside each). */
export function itensFrom(inventarioId: number, where: Expression<SqlBool>) {
  return sql`from item_inventario t join inventario i on i.id = t.inventario_id join produto p on p.id = t.produto_id
    where t.inventario_id = ${inventarioId} and ${where}`;
}

export type { ItemInventario };
