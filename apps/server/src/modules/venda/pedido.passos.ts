/**
 * Steps of receiving an order from an integration (pedido.workflow.ts), one transaction: the store active,
 * the customer and payment forms known, the external number new for the store (409 naming the existing
 * order), each item resolved or flagged (unknown, inactive, no price at the store, the unit's decimals),
 * the stage from the sent status (an inconsistent order stays in NOVO), the rows, the history, and the
 * stock the stage implies (reserved when accepted, posted when invoiced).
 */
import {
  type EntradaPedidoVenda,
  ETAPAS_COM_RESERVA,
  ETAPAS_FATURADAS,
  type EtapaPedido,
  etapaDoStatus,
  EVENTO_PEDIDO_VENDA,
  falhaDeCampo,
  MSG_PEDIDO as MSG,
  type PedidoVendaDetalhe,
  quantidadeDoItem,
  CAMINHO_PEDIDOS,
  Decimal,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { eventoDeArea } from '../../plugins/events';
import { conflito, type ContextoDoComando, recusarTudo } from '../../workflows';
import { produtosDasLinhas } from '../produto';
import { lerPedido } from './pedido.consulta';
import { faturar, reservar } from './pedido.estoque';
import { enfileirarWebhook } from './pedido.webhook';

export interface EstadoPedido {
  inconsistencias: (string | null)[];
  etapa?: EtapaPedido;
  id?: number;
  detalhe?: PedidoVendaDetalhe;
}
export const estadoPedido = (): EstadoPedido => ({ inconsistencias: [] });
type Ctx = ContextoDoComando<EntradaPedidoVenda, EstadoPedido>;

export async function validarCabecalho(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const falhas = [];
  const { rows: loja } = await sql<{ ativo: boolean }>`select ativo from loja where id = ${e.lojaId}`.execute(ctx.trx);
  if (!loja[0]?.ativo) falhas.push(falhaDeCampo('lojaId', MSG.lojaInativa));
  if (e.clienteId) {
    const { rows } = await sql`select 1 from cliente where id = ${e.clienteId}`.execute(ctx.trx);
    if (!rows.length) falhas.push(falhaDeCampo('clienteId', MSG.clienteNaoEncontrado));
  }
  const formas = [...new Set(e.pagamentos.map((g) => g.formaPagamentoId))];
  if (formas.length) {
    const { rows } = await sql<{ id: number }>`select id from forma_pagamento
      where id = any(${formas}::int4[])`.execute(ctx.trx);
    const achadas = new Set(rows.map((r) => r.id));
    e.pagamentos.forEach((g, i) => {
      if (!achadas.has(g.formaPagamentoId))
        falhas.push(falhaDeCampo(`pagamentos.${i}.formaPagamentoId`, MSG.formaNaoEncontrada));
    });
  }
  if (falhas.length) throw recusarTudo(falhas);
}

/** A second order with the store's external number: 409 whose Location names the first. */
export async function conferirIdExterno(ctx: Ctx): Promise<void> {
  const { idExterno, lojaId } = ctx.entrada;
  if (!idExterno) return;
  const { rows } = await sql<{ id: number }>`select id from pedido_venda
    where loja_id = ${lojaId} and id_externo = ${idExterno}`.execute(ctx.trx);
  if (rows[0])
    throw conflito(MSG.idExternoDuplicado(idExterno, rows[0].id)).comCabecalhos({
      location: `${CAMINHO_PEDIDOS}/${rows[0].id}`,
    });
}

/** Why each line does not resolve at the store, or null (read as a set: products, units, prices). */
export async function inconsistenciasDosItens(
  trx: Tx,
  lojaId: number,
  itens: readonly { produtoId: number | null; quantidade: string }[],
): Promise<(string | null)[]> {
  const produtos = await produtosDasLinhas(
    trx,
    itens.map((i) => ({ produtoId: i.produtoId })),
  );
  const ids = [...produtos.porId.keys()];
  const { rows } = ids.length
    ? await sql<{ produtoId: number }>`select produto_id from preco where loja_id = ${lojaId} and ativo
         and produto_id = any(${ids}::int4[]) and coalesce(preco_venda1, 0) > 0`.execute(trx)
    : { rows: [] };
  const comPreco = new Set(rows.map((r) => r.produtoId));
  return itens.map((i) => {
    if (!i.produtoId) return MSG.inconsistencias.semProduto;
    const p = produtos.porId.get(i.produtoId);
    if (!p) return MSG.inconsistencias.produtoDesconhecido(i.produtoId);
    if (!p.ativo) return MSG.inconsistencias.produtoInativo(i.produtoId);
    if (!comPreco.has(i.produtoId)) return MSG.inconsistencias.semPreco(i.produtoId);
    if (Decimal.de(i.quantidade).casasUsadas() > p.casas) return MSG.inconsistencias.casas(p.casas, p.sigla);
    return null;
  });
}

export async function conferirItens(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  ctx.estado.inconsistencias = await inconsistenciasDosItens(
    ctx.trx,
    e.lojaId,
    e.itens.map((i) => ({ produtoId: i.produtoId, quantidade: quantidadeDoItem(i) })),
  );
  const inconsistente = ctx.estado.inconsistencias.some((x) => x !== null);
  ctx.estado.etapa = inconsistente ? 'NOVO' : etapaDoStatus(e.status, e.retiradaNaLoja);
}

export async function gravarPedido(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const etapa = ctx.estado.etapa!;
  const d = e.despesas;
  const inconsistentes = ctx.estado.inconsistencias.filter((x) => x !== null).length;
  const { rows } = await sql<{ id: number }>`
    insert into pedido_venda (loja_id, id_externo, canal, etapa, recusado, data_emissao, data_faturamento,
      data_entrega, data_previsao, cliente_id, vendedor_id, pessoa_autorizada_recebimento, retirada_na_loja,
      cpf_no_cupom, observacao, valor_total, tipo_de_frete, tipo_faturamento, total_outras_despesas,
      valor_entrega, valor_delivery, valor_retirada, valor_conveniencia, endereco_entrega, itens_inconsistentes,
      quantidade_itens)
    values (${e.lojaId}, ${e.idExterno}, ${e.canal}, ${etapa}, ${etapa === 'CANCELADO' && e.status === 'RECUSADO'},
      coalesce(${e.dataEmissao}::timestamp, (now() at time zone ${ctx.loja.zona})::timestamp(0)),
      ${e.dataFaturamento}::timestamp, ${e.dataEntrega}::timestamp, ${e.dataPrevisao}::timestamp,
      ${e.clienteId}::int4, ${e.vendedorId}::int4, ${e.pessoaAutorizadaRecebimento}, ${e.retiradaNaLoja},
      ${e.cpfNoCupom}, ${e.observacao}, ${e.valorTotal}::numeric, ${e.tipoDeFrete}, ${e.tipoFaturamento},
      ${e.totalOutrasDespesas}::numeric, ${d?.valorEntrega ?? '0'}::numeric, ${d?.valorDelivery ?? '0'}::numeric,
      ${d?.valorRetirada ?? '0'}::numeric, ${d?.valorConveniencia ?? '0'}::numeric,
      ${e.enderecoEntrega ? JSON.stringify(e.enderecoEntrega) : null}::jsonb, ${inconsistentes}, ${e.itens.length})
    returning id`.execute(ctx.trx);
  const id = rows[0]!.id;
  ctx.estado.id = id;
  const col = <K extends keyof (typeof e.itens)[number]>(k: K) => e.itens.map((i) => i[k]);
  await sql`
    insert into item_pedido_venda (pedido_id, ordem, produto_id, unidade, descricao_produto_ecommerce,
      quantidade_de_embalagem, quantidade_de_item_embalagem, quantidade_de_embalagem_atendida, valor_embalagem,
      quantidade, compoe_valor_total, valor, valor_desconto, tipo_desconto, inconsistencia)
    select ${id}, x.ordem, x.produto_id, x.unidade, x.descricao, x.qe, x.qie, x.qea, x.ve, x.qe * x.qie, x.compoe,
           x.valor, x.desconto, x.tipo, x.inconsistencia
      from unnest(${col('produtoId')}::int4[], ${col('unidade')}::text[], ${col('descricaoProdutoEcommerce')}::text[],
                  ${col('quantidadeDeEmbalagem')}::numeric[], ${col('quantidadeDeItemEmbalagem')}::numeric[],
                  ${col('quantidadeDeEmbalagemAtendida')}::numeric[], ${col('valorEmbalagem')}::numeric[],
                  ${col('compoeValorTotal')}::bool[], ${col('valor')}::numeric[], ${col('valorDesconto')}::numeric[],
                  ${col('tipoDesconto')}::text[], ${ctx.estado.inconsistencias}::text[])
           with ordinality as x(produto_id, unidade, descricao, qe, qie, qea, ve, compoe, valor, desconto, tipo,
                                inconsistencia, ordem)`.execute(ctx.trx);
  if (e.pagamentos.length) {
    const g = e.pagamentos;
    await sql`
      insert into pagamento_pedido_venda (pedido_id, ordem, forma_pagamento_id, data_vencimento, valor,
        numero_parcelas, pago)
      select ${id}, x.ordem, x.forma, x.venc, x.valor, x.parcelas, x.pago
        from unnest(${g.map((p) => p.formaPagamentoId)}::int4[], ${g.map((p) => p.dataVencimento)}::date[],
                    ${g.map((p) => p.valor)}::numeric[], ${g.map((p) => p.numeroParcelas)}::int4[],
                    ${g.map((p) => p.pago)}::bool[])
             with ordinality as x(forma, venc, valor, parcelas, pago, ordem)`.execute(ctx.trx);
  }
  const obs =
    inconsistentes && e.status !== 'ABERTO'
      ? `Recebido como ${e.status}; fica em Novos até corrigir ${inconsistentes} ${inconsistentes === 1 ? 'item' : 'itens'}.`
      : null;
  await registrarHistorico(ctx.trx, id, etapa, 'receber', ctx.usuarioId, obs);
}

export async function registrarHistorico(
  trx: Tx,
  pedidoId: number,
  etapa: EtapaPedido,
  acao: string,
  usuarioId: number | null,
  obs: string | null,
): Promise<void> {
  await sql`insert into historico_pedido_venda (pedido_id, etapa, acao, usuario_id, obs)
    values (${pedidoId}, ${etapa}, ${acao}, ${usuarioId}, ${obs})`.execute(trx);
}

/** The stock the received stage implies: reserved when accepted, the sale posted when already invoiced. */
export async function estoqueDoRecebimento(ctx: Ctx): Promise<void> {
  const etapa = ctx.estado.etapa!;
  if (ETAPAS_COM_RESERVA.includes(etapa)) await reservar(ctx.trx, ctx.estado.id!, ctx.entrada.lojaId);
  if (ETAPAS_FATURADAS.includes(etapa))
    await faturar(ctx.trx, ctx.estado.id!, ctx.entrada.lojaId, ctx.loja.zona, ctx.usuarioId);
}

export async function lerRecebido(ctx: Ctx): Promise<void> {
  const d = (await lerPedido(ctx.trx, ctx.estado.id!, null))!;
  ctx.estado.detalhe = d;
  const { itens: _i, pagamentos: _p, historico: _h, ...cabecalho } = d;
  ctx.auditoria = { entidade: 'pedido_venda', entidadeId: d.id, operacao: 'INCLUSAO', depois: cabecalho };
  await enfileirarWebhook(ctx, {
    pedidoId: d.id,
    lojaId: d.lojaId,
    idExterno: d.idExterno,
    etapa: d.etapa,
    status: d.status,
    versao: d.versao,
  });
  ctx.publicar(
    eventoDeArea(
      EVENTO_PEDIDO_VENDA,
      { assinanteId: ctx.assinanteId, lojaId: d.lojaId },
      { id: d.id, etapa: d.etapa, versao: d.versao, novo: true },
    ),
  );
}
