/**
 * The stock ledger's reads (domain §5): movements with the balance and average after each, and balances
 * per store + location + product, now or at the end of a store-local day. Quantities and costs are decimal
 * strings. Routes: GET /api/v1/estoque/movimentos, GET /api/v1/estoque/saldos.
 */
import { z } from 'zod';
import { dataDeNegocio, instante } from '../../contrato';

export const TIPOS_MOVIMENTO = [
  'VENDA',
  'DEVOLUCAO_VENDA',
  'ENTRADA_NF',
  'DEVOLUCAO_COMPRA',
  'TRANSFERENCIA_SAIDA',
  'TRANSFERENCIA_ENTRADA',
  'AJUSTE_ENTRADA',
  'AJUSTE_SAIDA',
  'INVENTARIO',
  'REQUISICAO',
  'PRODUCAO',
  'PERDA',
  'BONIFICACAO',
] as const;
export type TipoMovimento = (typeof TIPOS_MOVIMENTO)[number];

export const ROTULO_TIPO_MOVIMENTO: Record<TipoMovimento, string> = {
  VENDA: 'Venda',
  DEVOLUCAO_VENDA: 'Devolução de venda',
  ENTRADA_NF: 'Entrada de nota fiscal',
  DEVOLUCAO_COMPRA: 'Devolução de compra',
  TRANSFERENCIA_SAIDA: 'Transferência (saída)',
  TRANSFERENCIA_ENTRADA: 'Transferência (entrada)',
  AJUSTE_ENTRADA: 'Ajuste de entrada',
  AJUSTE_SAIDA: 'Ajuste de saída',
  INVENTARIO: 'Inventário',
  REQUISICAO: 'Requisição',
  PRODUCAO: 'Produção',
  PERDA: 'Perda',
  BONIFICACAO: 'Bonificação',
};

/** A decimal as the API answers it (text; numeric columns arrive as text from PostgreSQL). */
const decimal = z.string();

export const movimentoEstoque = z.object({
  id: z.string(),
  lojaId: z.number(),
  localId: z.number(),
  produtoId: z.number(),
  /** store-local business date YYYY-MM-DD */
  data: z.string(),
  lancadoEm: instante,
  /** when the event happened (the sale, the count): the posting time when the poster did not know it */
  ocorridoEm: instante,
  tipo: z.enum(TIPOS_MOVIMENTO),
  /** signed: entries positive, exits negative */
  quantidade: decimal,
  custoUnitario: decimal,
  /** balance of the store + location + product after this movement, in date order (then id) */
  saldoApos: decimal,
  /** the store + product weighted average right after this movement was posted (posting order) */
  custoMedioApos: decimal,
  documentoTipo: z.string(),
  documentoId: z.string().nullable(),
  usuarioId: z.number().nullable(),
  estornoDe: z.string().nullable(),
});
export type MovimentoEstoque = z.infer<typeof movimentoEstoque>;

export const saldoEstoque = z.object({
  lojaId: z.number(),
  localId: z.number(),
  produtoId: z.number(),
  quantidade: decimal,
  custoMedio: decimal,
  valorTotal: decimal,
  /** the balance is below zero (allowed by the store's setting, flagged) */
  negativo: z.boolean(),
  /** names for the screen (#27.9): product code and description, its sale unit and decimals, store, location */
  produtoCodigo: z.string().nullish(),
  produtoDescricao: z.string().nullish(),
  secaoId: z.number().nullish(),
  unidade: z.string().nullish(),
  casasDecimais: z.number().nullish(),
  lojaSigla: z.string().nullish(),
  localDescricao: z.string().nullish(),
  /** what accepted sales orders reserve of the product at the store (all its locations; venda/pedido) */
  reservadoNaLoja: decimal.nullish(),
});
export type SaldoEstoque = z.infer<typeof saldoEstoque>;

/** GET /estoque/saldos/totais: the balances the same filters select, summed per store. */
export const totalSaldoPorLoja = z.object({
  lojaId: z.number(),
  lojaSigla: z.string().nullable(),
  itens: z.number(),
  quantidade: decimal,
  valorTotal: decimal,
});
export type TotalSaldoPorLoja = z.infer<typeof totalSaldoPorLoja>;

export const saldosParametros = z.object({
  /** balance at the end of this store-local day; absent: the current balance */
  data: dataDeNegocio().optional(),
});
