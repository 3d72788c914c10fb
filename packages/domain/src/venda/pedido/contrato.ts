/**
 * Sales orders (domain §7; api-compat.md `venda/pedidos`): the integration's POST as it is sent — numbers
 * and ids as strings or numbers, amounts by `decimalTexto`, no `id`, the external number in `idExterno` —,
 * the moves' inputs, and the reads (list, one order with items, payments and history).
 */
import { z } from 'zod';
import { idIntegracao, idIntegracaoOpcional } from '../ids-integracao';
import { falhaDaData, instante } from '../../contrato';
import { decimalTexto, LIMITES_DECIMAL } from '../../decimal';
import { MSG_PEDIDO } from './mensagens';
import { ETAPAS_PEDIDO, STATUS_PEDIDO, quantidadeDoItem, totalCalculado, totalDivergente } from './regras';

export const CANAIS_PEDIDO = [
  'ECOMMERCE',
  'APP_DELIVERY',
  'TELEVENDAS',
  'WHATSAPP',
  'PRE_VENDA',
  'VENDA_DIRETA',
] as const;
export type CanalPedido = (typeof CANAIS_PEDIDO)[number];
export const ROTULO_CANAL_PEDIDO: Record<CanalPedido, string> = {
  ECOMMERCE: 'E-commerce',
  APP_DELIVERY: 'App de delivery',
  TELEVENDAS: 'Televendas',
  WHATSAPP: 'WhatsApp',
  PRE_VENDA: 'Pré-venda',
  VENDA_DIRETA: 'Venda direta',
};

/** Most lines of one order (one transaction). */
export const MAX_ITENS_PEDIDO = 500;

const id = idIntegracao;
const idOpcional = idIntegracaoOpcional;

/** true/false, also as text ("true", "S"). */
const booleano = (padrao: boolean) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', 'S', 'N', 's', 'n', '1', '0']), z.null()])
    .optional()
    .transform((v) =>
      v === null || v === undefined ? padrao : v === true || ['true', 'S', 's', '1'].includes(String(v)),
    );

const texto = (max: number) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null))
    .refine((v) => v === null || v.length <= max, `no máximo ${max} caracteres.`);

/** A local date and time (`YYYY-MM-DDTHH:mm:ss`, or a date alone): kept as the first 19 characters. */
const dataHora = z
  .string({ error: 'informe a data (AAAA-MM-DD ou AAAA-MM-DDTHH:mm:ss).' })
  .nullish()
  .transform((v, ctx) => {
    const t = v?.trim();
    if (!t) return null;
    const falha = falhaDaData(t, true);
    if (falha) {
      ctx.addIssue({ code: 'custom', message: falha });
      return z.NEVER;
    }
    const s = t.slice(0, 19);
    return s.length === 10 ? `${s}T00:00:00` : s.length === 16 ? `${s}:00` : s;
  });

const dinheiro = decimalTexto({ ...LIMITES_DECIMAL.dinheiro, naoNegativo: true });
const dinheiroOpcional = z
  .union([dinheiro, z.null()])
  .optional()
  .transform((v) => v ?? '0');
const quantidade = decimalTexto({ ...LIMITES_DECIMAL.quantidade, positivo: true });
/** a unit price may carry more places than money (R$ 1,2345 per gram) */
const precoUnitario = decimalTexto({ inteiros: 13, casas: 4, naoNegativo: true });

export const itemPedidoEntrada = z.object({
  produtoId: idOpcional('o produto'),
  /**
   * Or the product by a code (when `produtoId` is absent): internal code, EAN or auxiliary code, resolved by the
   * set-based code resolver; an auxiliary code's pack factor multiplies the quantity (a box of 12 = 12 units).
   */
  codigo: texto(14),
  unidade: texto(6),
  descricaoProdutoEcommerce: texto(200),
  quantidadeDeEmbalagem: quantidade,
  quantidadeDeItemEmbalagem: z
    .union([quantidade, z.null()])
    .optional()
    .transform((v) => v ?? '1'),
  quantidadeDeEmbalagemAtendida: z
    .union([decimalTexto({ ...LIMITES_DECIMAL.quantidade, naoNegativo: true }), z.null()])
    .optional()
    .transform((v) => v ?? null),
  valorEmbalagem: z
    .union([precoUnitario, z.null()])
    .optional()
    .transform((v) => v ?? null),
  compoeValorTotal: booleano(true),
  valor: precoUnitario,
  valorDesconto: dinheiroOpcional,
  tipoDesconto: texto(20),
});
export type ItemPedidoEntrada = z.output<typeof itemPedidoEntrada>;

export const pagamentoPedidoEntrada = z.object({
  formaPagamentoId: id('a forma de pagamento'),
  dataVencimento: dataHora.transform((v) => v?.slice(0, 10) ?? null),
  valor: dinheiro,
  numeroParcelas: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return 1;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 99) {
        ctx.addIssue({ code: 'custom', message: 'informe de 1 a 99 parcelas.' });
        return z.NEVER;
      }
      return n;
    }),
  pago: booleano(false),
});

export const despesasPedido = z.object({
  valorEntrega: dinheiroOpcional,
  valorDelivery: dinheiroOpcional,
  valorRetirada: dinheiroOpcional,
  valorConveniencia: dinheiroOpcional,
});

export const enderecoEntregaPedido = z.object({
  cep: texto(9),
  uf: texto(2),
  municipio: texto(80),
  logradouro: texto(120),
  numeroEndereco: texto(20),
  bairro: texto(80),
  complemento: texto(120),
  pontoDeReferencia: texto(200),
});
export type EnderecoEntregaPedido = z.output<typeof enderecoEntregaPedido>;

export const entradaPedidoVenda = z
  .object({
    /** never sent: the order's number is ours (a comment of the integration says so) */
    id: z.unknown().optional(),
    idExterno: texto(60),
    lojaId: id('a loja'),
    canal: z
      .enum(CANAIS_PEDIDO, { error: 'canal inválido.' })
      .nullish()
      .transform((v) => v ?? 'ECOMMERCE'),
    dataEmissao: dataHora,
    dataFaturamento: dataHora,
    dataEntrega: dataHora,
    dataPrevisao: dataHora,
    clienteId: idOpcional('o cliente'),
    vendedorId: idOpcional('o vendedor'),
    pessoaAutorizadaRecebimento: texto(120),
    retiradaNaLoja: booleano(false),
    cpfNoCupom: texto(18),
    observacao: texto(1000),
    valorTotal: dinheiro,
    status: z
      .enum(STATUS_PEDIDO, { error: `use ${STATUS_PEDIDO.join(', ')}.` })
      .nullish()
      .transform((v) => v ?? 'ABERTO'),
    tipoDeFrete: texto(40),
    tipoFaturamento: texto(40),
    totalOutrasDespesas: dinheiroOpcional,
    despesas: despesasPedido.nullish().transform((v) => v ?? null),
    enderecoEntrega: enderecoEntregaPedido.nullish().transform((v) => v ?? null),
    itens: z
      .array(itemPedidoEntrada, { error: 'informe os itens.' })
      .min(1, 'Informe ao menos um item.')
      .max(MAX_ITENS_PEDIDO, `no máximo ${MAX_ITENS_PEDIDO} itens por pedido.`),
    pagamentos: z
      .array(pagamentoPedidoEntrada)
      .max(50, 'no máximo 50 pagamentos.')
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((e, ctx) => {
    if (e.id !== undefined && e.id !== null) ctx.addIssue({ code: 'custom', path: ['id'], message: MSG_PEDIDO.semId });
    const calculado = totalCalculado(
      e.itens.map((i) => ({ ...i, quantidade: quantidadeDoItem(i) })),
      [e.totalOutrasDespesas, ...Object.values(e.despesas ?? {})],
    );
    if (totalDivergente(e.valorTotal, calculado))
      ctx.addIssue({ code: 'custom', path: ['valorTotal'], message: MSG_PEDIDO.totalDivergente(calculado.texto(2)) });
  })
  .transform(({ id: _id, ...e }) => e);
export type EntradaPedidoVenda = z.output<typeof entradaPedidoVenda>;

const versao = z.number({ error: 'informe a versão do pedido.' }).int().positive().optional();

/** A move of the board (confirmar, separar, aprontar, concluir): the order and, from a screen, its version. */
export const entradaMoverPedido = z.object({ id: id('o pedido'), versao });

/**
 * The secret that signs a store's delivery-app notifications: given (the app's own) or generated; kept sealed
 * (never a plain setting) and shown only in this answer.
 */
export const entradaSegredoWebhook = z.object({
  lojaId: id('a loja'),
  segredo: z
    .string()
    .trim()
    .min(16, 'o segredo tem pelo menos 16 caracteres.')
    .max(200, 'o segredo tem no máximo 200 caracteres.')
    .nullish()
    .transform((v) => v ?? null),
});
export const segredoWebhook = z.object({ lojaId: z.number(), segredo: z.string(), message: z.string() });
export type EntradaMoverPedido = z.output<typeof entradaMoverPedido>;

/** Sending out for delivery, optionally with the driver. */
export const entradaDespacharPedido = entradaMoverPedido.extend({ condutorId: idOpcional('o condutor') });

/** Cancelling or refusing: a Motivo de cancelamento (PEDIDO_VENDA) is required. */
export const entradaCancelarPedido = entradaMoverPedido.extend({
  motivoCancelamentoId: id('o motivo de cancelamento'),
  observacao: texto(500),
});

/** Fixing an inconsistent item: the product it is (the line's place in the order, from 1). */
export const entradaCorrigirItemPedido = entradaMoverPedido.extend({
  ordem: z.number({ error: 'informe o item.' }).int().positive(),
  produtoId: id('o produto'),
});

export type EntradaMovimentoPedido = EntradaMoverPedido & {
  condutorId?: number | null;
  motivoCancelamentoId?: number;
  observacao?: string | null;
};

const dinheiroLido = z.string();

export const pedidoVenda = z.object({
  id: z.number(),
  numero: z.number(),
  idExterno: z.string().nullable(),
  lojaId: z.number(),
  lojaSigla: z.string(),
  lojaFantasia: z.string().nullable(),
  canal: z.enum(CANAIS_PEDIDO),
  /** the board's column */
  etapa: z.enum(ETAPAS_PEDIDO),
  /** the integration's status */
  status: z.enum(STATUS_PEDIDO),
  retiradaNaLoja: z.boolean(),
  clienteId: z.number().nullable(),
  clienteNome: z.string().nullable(),
  vendedorId: z.number().nullable(),
  pessoaAutorizadaRecebimento: z.string().nullable(),
  cpfNoCupom: z.string().nullable(),
  observacao: z.string().nullable(),
  dataEmissao: z.string(),
  dataFaturamento: z.string().nullable(),
  dataEntrega: z.string().nullable(),
  dataPrevisao: z.string().nullable(),
  valorTotal: dinheiroLido,
  tipoDeFrete: z.string().nullable(),
  tipoFaturamento: z.string().nullable(),
  totalOutrasDespesas: dinheiroLido,
  despesas: z.object({
    valorEntrega: dinheiroLido,
    valorDelivery: dinheiroLido,
    valorRetirada: dinheiroLido,
    valorConveniencia: dinheiroLido,
  }),
  enderecoEntrega: z
    .object({
      cep: z.string().nullable(),
      uf: z.string().nullable(),
      municipio: z.string().nullable(),
      logradouro: z.string().nullable(),
      numeroEndereco: z.string().nullable(),
      bairro: z.string().nullable(),
      complemento: z.string().nullable(),
      pontoDeReferencia: z.string().nullable(),
    })
    .nullable(),
  /** items that do not resolve (the badge counts the orders with any) */
  itensInconsistentes: z.number(),
  condutorId: z.number().nullable(),
  condutorNome: z.string().nullable(),
  motivoCancelamentoId: z.number().nullable(),
  motivoCancelamento: z.string().nullable(),
  quantidadeItens: z.number(),
  criadoEm: instante,
  /** when it entered its current stage (the card's age) */
  etapaDesde: instante,
  /** seconds in the current stage when read (the board ages its cards from it, whatever the zones) */
  segundosNaEtapa: z.number(),
  versao: z.number(),
});
export type PedidoVenda = z.infer<typeof pedidoVenda>;

export const itemPedidoVenda = z.object({
  ordem: z.number(),
  produtoId: z.number().nullable(),
  /** the code the integration sent for the product (internal, EAN, auxiliary), or null */
  codigo: z.string().nullable(),
  descricao: z.string().nullable(),
  unidade: z.string().nullable(),
  descricaoProdutoEcommerce: z.string().nullable(),
  quantidadeDeEmbalagem: z.string(),
  quantidadeDeItemEmbalagem: z.string(),
  quantidadeDeEmbalagemAtendida: z.string().nullable(),
  valorEmbalagem: z.string().nullable(),
  quantidade: z.string(),
  compoeValorTotal: z.boolean(),
  valor: z.string(),
  valorDesconto: z.string(),
  tipoDesconto: z.string().nullable(),
  total: z.string(),
  /** why the item does not resolve, or null */
  inconsistencia: z.string().nullable(),
  /** the store's balance (sales locations), what accepted orders reserve, and the difference */
  saldo: z.string().nullable(),
  reservado: z.string().nullable(),
  disponivel: z.string().nullable(),
});
export type ItemPedidoVenda = z.infer<typeof itemPedidoVenda>;

export const pagamentoPedidoVenda = z.object({
  formaPagamentoId: z.number(),
  formaPagamento: z.string().nullable(),
  dataVencimento: z.string().nullable(),
  valor: z.string(),
  numeroParcelas: z.number(),
  pago: z.boolean(),
});

export const historicoPedidoVenda = z.object({
  etapa: z.enum(ETAPAS_PEDIDO),
  acao: z.string(),
  usuarioId: z.number().nullable(),
  usuarioNome: z.string().nullable(),
  em: instante,
  obs: z.string().nullable(),
});
export type HistoricoPedidoVenda = z.infer<typeof historicoPedidoVenda>;

export const pedidoVendaDetalhe = pedidoVenda.extend({
  itens: z.array(itemPedidoVenda),
  pagamentos: z.array(pagamentoPedidoVenda),
  historico: z.array(historicoPedidoVenda),
});
export type PedidoVendaDetalhe = z.infer<typeof pedidoVendaDetalhe>;

/** One attempt to notify the store's delivery app of a move (the delivery log). */
export const entregaWebhookPedido = z.object({
  etapa: z.enum(ETAPAS_PEDIDO),
  status: z.enum(STATUS_PEDIDO),
  versao: z.number(),
  url: z.string(),
  tentativa: z.number(),
  statusHttp: z.number().nullable(),
  erro: z.string().nullable(),
  em: instante,
});
export type EntregaWebhookPedido = z.infer<typeof entregaWebhookPedido>;
