/**
 * Steps of receiving an order from an integration (pedido.workflow.ts), one transaction, set-based (a fixed
 * number of statements whatever the items): one read checks the store active, the customer and payment forms
 * known, the external number new for the store (409 naming the existing order) and flags each item (unknown,
 * inactive, no price at the store, the unit's decimals); the stage from the sent status (an inconsistent
 * order stays in NOVO); one write for the rows and the history; the stock the stage implies (reserved when
 * accepted, posted when invoiced); one read of the answer.
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
  casasPermitidas,
  MSG_CODIGOS,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { executarPreparada } from '../../db/preparada';
import { eventoDeArea } from '../../plugins/events';
import { conflito, type ContextoDoComando, recusarTudo } from '../../workflows';
import { resolverCodigos } from '../produto';
import { lerPedido } from './pedido.consulta';
import { faturar, reservar } from './pedido.estoque';
import { enfileirarWebhook } from './pedido.webhook';

export interface EstadoPedido {
  inconsistencias: (string | null)[];
  /** each line's product (sent, or resolved from its code) and units (packs × items × the code's factor) */
  linhas: { produtoId: number | null; quantidade: string; fator: string }[];
  etapa?: EtapaPedido;
  id?: number;
  detalhe?: PedidoVendaDetalhe;
}
export const estadoPedido = (): EstadoPedido => ({ inconsistencias: [], linhas: [] });
type Ctx = ContextoDoComando<EntradaPedidoVenda, EstadoPedido>;

/** A product an order names, with its sale unit and whether the store sells it at a price. */
interface ProdutoNaLoja {
  id: number;
  ativo: boolean;
  sigla: string | null;
  permiteFracionamento: boolean | null;
  casasDecimais: number | null;
  comPreco: boolean;
}

/** The products of `ids` at the store as one JSON array (a subquery of the step's one read). */
const produtosNaLoja = (lojaId: number, ids: readonly number[]) => sql<ProdutoNaLoja[]>`(
  select coalesce(json_agg(json_build_object('id', p.id, 'ativo', p.ativo, 'sigla', u.sigla,
           'permiteFracionamento', u.permite_fracionamento, 'casasDecimais', u.casas_decimais,
           'comPreco', exists (select 1 from preco x where x.loja_id = ${lojaId} and x.ativo and x.produto_id = p.id
                                 and coalesce(x.preco_venda1, 0) > 0))), '[]')
    from produto p left join unidade u on u.id = p.unidade_de_venda_id
   where p.id = any(${[...ids]}::int4[]))`;

/** Why each line does not resolve at the store, or null (pure: over the products read). */
function inconsistenciasDe(
  itens: readonly { produtoId: number | null; quantidade: string }[],
  produtos: readonly ProdutoNaLoja[],
): (string | null)[] {
  const porId = new Map(produtos.map((p) => [p.id, p]));
  return itens.map((i) => {
    if (!i.produtoId) return MSG.inconsistencias.semProduto;
    const p = porId.get(i.produtoId);
    if (!p) return MSG.inconsistencias.produtoDesconhecido(i.produtoId);
    if (!p.ativo) return MSG.inconsistencias.produtoInativo(i.produtoId);
    if (!p.comPreco) return MSG.inconsistencias.semPreco(i.produtoId);
    const casas = casasPermitidas({
      permiteFracionamento: !!p.permiteFracionamento,
      casasDecimais: p.casasDecimais ?? 0,
    });
    if (Decimal.de(i.quantidade).casasUsadas() > casas) return MSG.inconsistencias.casas(casas, p.sigla ?? 'UN');
    return null;
  });
}

const idsDe = (itens: readonly { produtoId: number | null }[]) => [
  ...new Set(itens.map((i) => i.produtoId).filter((x): x is number => !!x)),
];

/** Why each line does not resolve at the store, or null (one statement: products, units, prices). */
export async function inconsistenciasDosItens(
  trx: Tx,
  lojaId: number,
  itens: readonly { produtoId: number | null; quantidade: string }[],
): Promise<(string | null)[]> {
  const { rows } = await sql<{
    produtos: ProdutoNaLoja[];
  }>`select ${produtosNaLoja(lojaId, idsDe(itens))} as produtos`.execute(trx);
  return inconsistenciasDe(itens, rows[0]!.produtos);
}

/**
 * Everything the order is checked against in ONE read (the POST's throughput is its round trips): the store
 * active, the customer and payment forms known, the external number new for the store (409 naming the
 * existing order), and each item's product, unit and price at the store. Refusals keep their order: the
 * header's 422, then the duplicate's 409; the items only flag (the order stays in NOVO).
 */
export async function conferirPedido(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const formas = [...new Set(e.pagamentos.map((g) => g.formaPagamentoId))];
  // lines naming a code: through the kits' set-based resolver (one statement for every code)
  const codigos = e.itens.filter((i) => !i.produtoId && i.codigo).map((i) => i.codigo!);
  const porCodigo = new Map(
    codigos.length ? (await resolverCodigos(ctx.trx, codigos)).map((r) => [r.codigo, r] as const) : [],
  );
  const falhaDeCodigo: (string | null)[] = [];
  const itens = e.itens.map((i) => {
    const r = !i.produtoId && i.codigo ? porCodigo.get(i.codigo) : undefined;
    // not found, or an inactive code (an inactive product is flagged below, like one sent by id)
    falhaDeCodigo.push(
      r && (!r.produtoId || r.motivo === MSG_CODIGOS.codigoInativo)
        ? MSG.inconsistencias.codigo(i.codigo!, r.motivo ?? MSG_CODIGOS.naoEncontrado)
        : null,
    );
    const fator = r?.produtoId ? (r.fator ?? '1') : '1';
    return {
      produtoId: r ? r.produtoId : i.produtoId,
      quantidade: Decimal.de(quantidadeDoItem(i)).vezes(fator).texto(),
      fator,
    };
  });
  ctx.estado.linhas = itens;
  // prepared (db/preparada.ts): the POST's statements are planned once per connection, not on every order
  const { rows } = await executarPreparada(
    ctx.trx,
    'pedido_venda_conferir',
    sql<{
      lojaAtiva: boolean | null;
      clienteExiste: boolean;
      formas: number[];
      existente: number | null;
      produtos: ProdutoNaLoja[];
    }>`
    select (select ativo from loja where id = ${e.lojaId}) as loja_ativa,
           ${e.clienteId ? sql`exists (select 1 from cliente where id = ${e.clienteId})` : sql`true`} as cliente_existe,
           array(select id from forma_pagamento where id = any(${formas}::int4[])) as formas,
           ${
             e.idExterno
               ? sql`(select id from pedido_venda where loja_id = ${e.lojaId} and id_externo = ${e.idExterno})`
               : sql`null::int4`
           } as existente,
           ${produtosNaLoja(e.lojaId, idsDe(itens))} as produtos`,
  );
  const r = rows[0]!;
  const falhas = [];
  if (!r.lojaAtiva) falhas.push(falhaDeCampo('lojaId', MSG.lojaInativa));
  if (!r.clienteExiste) falhas.push(falhaDeCampo('clienteId', MSG.clienteNaoEncontrado));
  const achadas = new Set(r.formas);
  e.pagamentos.forEach((g, i) => {
    if (!achadas.has(g.formaPagamentoId))
      falhas.push(falhaDeCampo(`pagamentos.${i}.formaPagamentoId`, MSG.formaNaoEncontrada));
  });
  if (falhas.length) throw recusarTudo(falhas);
  if (r.existente !== null)
    throw conflito(MSG.idExternoDuplicado(e.idExterno!, r.existente)).comCabecalhos({
      location: `${CAMINHO_PEDIDOS}/${r.existente}`,
    });
  ctx.estado.inconsistencias = inconsistenciasDe(itens, r.produtos).map((x, i) => falhaDeCodigo[i] ?? x);
  const inconsistente = ctx.estado.inconsistencias.some((x) => x !== null);
  ctx.estado.etapa = inconsistente ? 'NOVO' : etapaDoStatus(e.status, e.retiradaNaLoja);
}

/** The order, its items, payments and first history line in ONE statement (data-modifying CTEs). */
export async function gravarPedido(ctx: Ctx): Promise<void> {
  const e = ctx.entrada;
  const etapa = ctx.estado.etapa!;
  const d = e.despesas;
  const inconsistentes = ctx.estado.inconsistencias.filter((x) => x !== null).length;
  const col = <K extends keyof (typeof e.itens)[number]>(k: K) => e.itens.map((i) => i[k]);
  const linhas = ctx.estado.linhas;
  const g = e.pagamentos;
  const obs =
    inconsistentes && e.status !== 'ABERTO'
      ? `Recebido como ${e.status}; fica em Novos até corrigir ${inconsistentes} ${inconsistentes === 1 ? 'item' : 'itens'}.`
      : null;
  const { rows } = await executarPreparada(
    ctx.trx,
    'pedido_venda_gravar',
    sql<{ id: number }>`
    with p as (
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
      returning id),
    i as (
      insert into item_pedido_venda (pedido_id, ordem, produto_id, unidade, descricao_produto_ecommerce,
        quantidade_de_embalagem, quantidade_de_item_embalagem, quantidade_de_embalagem_atendida, valor_embalagem,
        quantidade, compoe_valor_total, valor, valor_desconto, tipo_desconto, inconsistencia, codigo, fator)
      select p.id, x.ordem, x.produto_id, x.unidade, x.descricao, x.qe, x.qie, x.qea, x.ve, x.qe * x.qie * x.fator,
             x.compoe, x.valor, x.desconto, x.tipo, x.inconsistencia, x.codigo, x.fator
        from p, unnest(${linhas.map((l) => l.produtoId)}::int4[], ${col('unidade')}::text[], ${col('descricaoProdutoEcommerce')}::text[],
                    ${col('quantidadeDeEmbalagem')}::numeric[], ${col('quantidadeDeItemEmbalagem')}::numeric[],
                    ${col('quantidadeDeEmbalagemAtendida')}::numeric[], ${col('valorEmbalagem')}::numeric[],
                    ${col('compoeValorTotal')}::bool[], ${col('valor')}::numeric[], ${col('valorDesconto')}::numeric[],
                    ${col('tipoDesconto')}::text[], ${ctx.estado.inconsistencias}::text[], ${col('codigo')}::text[],
                    ${linhas.map((l) => l.fator)}::numeric[])
             with ordinality as x(produto_id, unidade, descricao, qe, qie, qea, ve, compoe, valor, desconto, tipo,
                                  inconsistencia, codigo, fator, ordem)),
    g as (
      insert into pagamento_pedido_venda (pedido_id, ordem, forma_pagamento_id, data_vencimento, valor,
        numero_parcelas, pago)
      select p.id, x.ordem, x.forma, x.venc, x.valor, x.parcelas, x.pago
        from p, unnest(${g.map((f) => f.formaPagamentoId)}::int4[], ${g.map((f) => f.dataVencimento)}::date[],
                    ${g.map((f) => f.valor)}::numeric[], ${g.map((f) => f.numeroParcelas)}::int4[],
                    ${g.map((f) => f.pago)}::bool[])
             with ordinality as x(forma, venc, valor, parcelas, pago, ordem)),
    h as (
      insert into historico_pedido_venda (pedido_id, etapa, acao, usuario_id, obs)
      select p.id, ${etapa}, 'receber', ${ctx.usuarioId}::int4, ${obs} from p)
    select id from p`,
  );
  ctx.estado.id = rows[0]!.id;
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
  // every item resolves in a stage with a reservation (an inconsistent order stays in NOVO): reserved as sent
  if (ETAPAS_COM_RESERVA.includes(etapa))
    await reservar(
      ctx.trx,
      ctx.estado.id!,
      ctx.entrada.lojaId,
      ctx.estado.linhas.map((l) => ({ produtoId: l.produtoId!, quantidade: l.quantidade })),
    );
  if (ETAPAS_FATURADAS.includes(etapa))
    await faturar(ctx.trx, ctx.estado.id!, ctx.entrada.lojaId, ctx.loja.zona, ctx.usuarioId);
}

export async function lerRecebido(ctx: Ctx): Promise<void> {
  const d = (await lerPedido(ctx.trx, ctx.estado.id!, null, ctx.loja.zona))!;
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
