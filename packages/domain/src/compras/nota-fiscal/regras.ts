/**
 * Pure rules of purchase invoices: the status transitions (one table for the invoice and its conferência),
 * the entry cost of an item and the document's totals. Decimal arithmetic only (never binary floats).
 */
import { Decimal } from '../../decimal';

export const STATUS_NOTA_COMPRA = ['DIGITADA', 'EM_CONFERENCIA', 'CONFIRMADA', 'CANCELADA'] as const;
export type StatusNotaCompra = (typeof STATUS_NOTA_COMPRA)[number];
export const ROTULO_STATUS_NOTA_COMPRA: Record<StatusNotaCompra, string> = {
  DIGITADA: 'Digitada',
  EM_CONFERENCIA: 'Em conferência',
  CONFIRMADA: 'Confirmada',
  CANCELADA: 'Cancelada',
};

export type AcaoNotaCompra = 'confirmar' | 'abrirConferencia' | 'fecharConferencia';

/** From → action → to: anything absent is refused (409) with `MSG_TRANSICAO_NOTA`. */
export const TRANSICOES_NOTA_COMPRA: Readonly<
  Record<StatusNotaCompra, Partial<Record<AcaoNotaCompra, StatusNotaCompra>>>
> = {
  DIGITADA: { confirmar: 'CONFIRMADA', abrirConferencia: 'EM_CONFERENCIA' },
  EM_CONFERENCIA: { fecharConferencia: 'CONFIRMADA' },
  CONFIRMADA: {},
  CANCELADA: {},
};

const ROTULO_ACAO: Record<AcaoNotaCompra, string> = {
  confirmar: 'confirmada',
  abrirConferencia: 'conferida',
  fecharConferencia: 'fechada pela conferência',
};

export function transicaoNotaCompra(
  de: StatusNotaCompra,
  acao: AcaoNotaCompra,
): { para: StatusNotaCompra } | { falha: string } {
  const para = TRANSICOES_NOTA_COMPRA[de][acao];
  if (para) return { para };
  const extra = de === 'EM_CONFERENCIA' && acao === 'confirmar' ? ': feche a conferência para dar entrada' : '';
  return {
    falha: `Uma nota ${ROTULO_STATUS_NOTA_COMPRA[de].toLowerCase()} não pode ser ${ROTULO_ACAO[acao]}${extra}.`,
  };
}

export const STATUS_CONFERENCIA = ['ABERTA', 'FECHADA', 'CANCELADA'] as const;
export type StatusConferencia = (typeof STATUS_CONFERENCIA)[number];

export interface ValoresDoItem {
  valorTotal: string;
  valorDesconto?: string;
  valorFrete?: string;
  valorSeguro?: string;
  valorOutras?: string;
  valorIpi?: string;
  valorIcmsSt?: string;
}

/**
 * What the item cost the store, per product unit: the goods net of discount plus freight, insurance, other
 * expenses, IPI and ICMS-ST (taxes the buyer cannot recover at a retail store), over the quantity in the
 * product's unit; 6 decimals (custo unitário), rounded half-up.
 */
export function custoDeEntrada(v: ValoresDoItem, quantidade: string): string {
  const z = (s?: string) => Decimal.de(s ?? '0');
  const total = z(v.valorTotal)
    .menos(z(v.valorDesconto))
    .mais(z(v.valorFrete))
    .mais(z(v.valorSeguro))
    .mais(z(v.valorOutras))
    .mais(z(v.valorIpi))
    .mais(z(v.valorIcmsSt));
  return total.divididoPor(quantidade, 6, 'HALF_UP').texto(6);
}

/** The document's value when the XML gives none (typed entry): goods − discount + extras + IPI + ICMS-ST. */
export function valorDoDocumento(itens: readonly ValoresDoItem[]): string {
  let soma = Decimal.de('0');
  for (const i of itens)
    soma = soma
      .mais(i.valorTotal)
      .menos(i.valorDesconto ?? '0')
      .mais(i.valorFrete ?? '0')
      .mais(i.valorSeguro ?? '0')
      .mais(i.valorOutras ?? '0')
      .mais(i.valorIpi ?? '0')
      .mais(i.valorIcmsSt ?? '0');
  return soma.texto(2);
}

/** Counted vs invoiced, per product: the lines that differ (a divergence), with the difference signed. */
export function divergenciasDaConferencia(
  nota: ReadonlyArray<{ produtoId: number; quantidade: string }>,
  contado: ReadonlyMap<number, string>,
): Array<{ produtoId: number; faturado: string; contado: string; diferenca: string }> {
  const faturado = new Map<number, Decimal>();
  for (const i of nota) faturado.set(i.produtoId, (faturado.get(i.produtoId) ?? Decimal.de('0')).mais(i.quantidade));
  const out: Array<{ produtoId: number; faturado: string; contado: string; diferenca: string }> = [];
  for (const [produtoId, f] of faturado) {
    const c = Decimal.de(contado.get(produtoId) ?? '0');
    if (!c.igual(f)) out.push({ produtoId, faturado: f.texto(), contado: c.texto(), diferenca: c.menos(f).texto() });
  }
  return out;
}
