/**
 * Reads of sales orders: the header columns (store, customer, driver, reason, the integration's status
 * derived from the stage), one order (one statement) with its items (with the store's stock: balance, reserved, available),
 * payments and history, and the list's FROM. An order is visible to whoever holds its store.
 */
import { type PedidoVenda, type PedidoVendaDetalhe, statusDaEtapa } from '@retaguarda/domain';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Tx } from '../../db/database';
import { executarPreparada } from '../../db/preparada';
import { localIsoText, zonaDaLojaSql } from '../../time';

const ts = (col: string) => sql`to_char(${sql.ref(col)}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

/**
 * The header's columns. `zona`: the store's zone when the caller knows it (a command has its store): one literal
 * instead of the per-state CASE, which, three times in the one-order read, made planning that statement the
 * costliest part of the integration's POST.
 */
export const pedidoColunas = (zona?: string) => {
  const z = zona ?? zonaDaLojaSql('l');
  return sql`p.id, p.id as numero, p.id_externo, p.loja_id, l.sigla as loja_sigla,
  l.fantasia as loja_fantasia, p.canal, p.etapa, p.recusado, p.retirada_na_loja, p.cliente_id,
  c.nome as cliente_nome, p.vendedor_id, p.pessoa_autorizada_recebimento, p.cpf_no_cupom, p.observacao,
  ${ts('p.data_emissao')} as data_emissao, ${ts('p.data_faturamento')} as data_faturamento,
  ${ts('p.data_entrega')} as data_entrega, ${ts('p.data_previsao')} as data_previsao,
  p.valor_total::text as valor_total, p.tipo_de_frete, p.tipo_faturamento,
  p.total_outras_despesas::text as total_outras_despesas,
  jsonb_build_object('valorEntrega', p.valor_entrega::text, 'valorDelivery', p.valor_delivery::text,
    'valorRetirada', p.valor_retirada::text, 'valorConveniencia', p.valor_conveniencia::text) as despesas,
  p.endereco_entrega, p.itens_inconsistentes, p.condutor_id, d.nome as condutor_nome, p.motivo_cancelamento_id,
  m.descricao as motivo_cancelamento, p.quantidade_itens,
  ${localIsoText(sql.ref('p.criado_em'), z)} as criado_em,
  ${localIsoText(sql.ref('p.etapa_desde'), z)} as etapa_desde,
  extract(epoch from now() - p.etapa_desde)::int as segundos_na_etapa, p.versao`;
};
export const PEDIDO_COLUNAS = pedidoColunas();

const JUNCOES = sql`join loja l on l.id = p.loja_id left join cliente c on c.id = p.cliente_id
  left join condutor d on d.id = p.condutor_id left join motivo_cancelamento m on m.id = p.motivo_cancelamento_id`;

type Linha = Omit<PedidoVenda, 'status'> & { recusado: boolean };

/** The row as the API reads it: the integration's status from the stage; numbers as numbers. */
export function pedidoDaLinha({ recusado, ...r }: Linha): PedidoVenda {
  return {
    ...r,
    id: Number(r.id),
    numero: Number(r.numero),
    status: statusDaEtapa(r.etapa, recusado),
    // the address as sent, its fields all present
    enderecoEntrega: r.enderecoEntrega ?? null,
  };
}

/** The list's FROM: orders of `lojas` matching `where`. */
export const pedidosFrom = (lojas: readonly number[], where: Expression<SqlBool>) =>
  sql`from pedido_venda p ${JUNCOES} where p.loja_id = any(${[...lojas]}::int4[]) and ${where}`;

/**
 * One order with its items (and the store's stock of each), payments and history in ONE statement: the
 * children as JSON arrays beside the header's columns (the create answers this; four reads cost the POST a
 * third of its round trips). `zona`: the store's, when the caller knows it (see `pedidoColunas`).
 */
export async function lerPedido(
  trx: Tx,
  id: number,
  lojas: readonly number[] | null,
  zona?: string,
): Promise<PedidoVendaDetalhe | undefined> {
  const z = zona ?? zonaDaLojaSql('l');
  const escopo = lojas ? sql`and p.loja_id = any(${[...lojas]}::int4[])` : sql``;
  // prepared: planning this statement cost more than running it (the create and every move answer with it)
  const { rows } = await executarPreparada(
    trx,
    'pedido_venda_detalhe',
    sql<Linha & Pick<PedidoVendaDetalhe, 'itens' | 'pagamentos' | 'historico'>>`
    select ${pedidoColunas(zona)},
      (select coalesce(json_agg(json_build_object('ordem', i.ordem, 'produtoId', i.produto_id, 'codigo', i.codigo,
                'descricao', pr.descricao, 'unidade', i.unidade, 'descricaoProdutoEcommerce', i.descricao_produto_ecommerce,
                'quantidadeDeEmbalagem', i.quantidade_de_embalagem::text,
                'quantidadeDeItemEmbalagem', i.quantidade_de_item_embalagem::text,
                'quantidadeDeEmbalagemAtendida', i.quantidade_de_embalagem_atendida::text,
                'valorEmbalagem', i.valor_embalagem::text, 'quantidade', i.quantidade::text,
                'compoeValorTotal', i.compoe_valor_total, 'valor', i.valor::text,
                'valorDesconto', i.valor_desconto::text, 'tipoDesconto', i.tipo_desconto,
                'total', round(i.valor * i.quantidade - i.valor_desconto, 2)::text, 'inconsistencia', i.inconsistencia,
                'saldo', case when pr.id is not null then coalesce(e.saldo, 0)::text end,
                'reservado', case when pr.id is not null then coalesce(r.reservado, 0)::text end,
                'disponivel', case when pr.id is not null then (coalesce(e.saldo, 0) - coalesce(r.reservado, 0))::text end)
              order by i.ordem), '[]')
         from item_pedido_venda i left join produto pr on pr.id = i.produto_id
         left join lateral (select sum(s.quantidade) as saldo from saldo_estoque s
                              join local_estoque x on x.id = s.local_id and x.permite_venda
                             where s.loja_id = p.loja_id and s.produto_id = i.produto_id) e on true
         left join lateral (select sum(v.quantidade) as reservado from reserva_estoque_pedido v
                             where v.loja_id = p.loja_id and v.produto_id = i.produto_id) r on true
        where i.pedido_id = p.id) as itens,
      (select coalesce(json_agg(json_build_object('formaPagamentoId', g.forma_pagamento_id,
                'formaPagamento', f.descricao, 'dataVencimento', g.data_vencimento::text, 'valor', g.valor::text,
                'numeroParcelas', g.numero_parcelas, 'pago', g.pago) order by g.ordem), '[]')
         from pagamento_pedido_venda g left join forma_pagamento f on f.id = g.forma_pagamento_id
        where g.pedido_id = p.id) as pagamentos,
      (select coalesce(json_agg(json_build_object('etapa', h.etapa, 'acao', h.acao, 'usuarioId', h.usuario_id,
                'usuarioNome', u.nome, 'em', ${localIsoText(sql.ref('h.em'), z)}, 'obs', h.obs)
              order by h.id), '[]')
         from historico_pedido_venda h left join usuario u on u.id = h.usuario_id
        where h.pedido_id = p.id) as historico
      from pedido_venda p ${JUNCOES}
     where p.id = ${id} ${escopo}`,
  );
  const p = rows[0];
  if (!p) return undefined;
  const { itens, pagamentos, historico, ...cabecalho } = p;
  return { ...pedidoDaLinha(cabecalho), itens, pagamentos, historico };
}
