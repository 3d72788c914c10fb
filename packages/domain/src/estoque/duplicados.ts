/**
 * Lines of stock documents, declared once per document kind: what a product given on more than one line
 * means (refused or merged: the message says which) and how many lines one document takes (one
 * transaction; a bigger load is split by the sender). The adjustment, transfer and receipt rules apply
 * `politicaDuplicados`; the contracts bound their arrays by `MAX_LINHAS_DOCUMENTO`.
 */
import { type FalhaDeCampo, falhaDeCampo } from '../contrato';
import { Decimal } from '../decimal';

export type DocumentoDeEstoque = 'ajuste' | 'transferencia' | 'recebimento';
/** `recusar`: a repeated product is a field error; `somar`: its lines become one, quantities added */
export type PoliticaDuplicados = 'recusar' | 'somar';

/**
 * Every stock document refuses repeats: one product, one line, so each ledger movement is one line the
 * user wrote (an adjustment has one location: product + location is the product).
 */
export const POLITICA_DUPLICADOS: Readonly<Record<DocumentoDeEstoque, PoliticaDuplicados>> = {
  ajuste: 'recusar',
  transferencia: 'recusar',
  recebimento: 'recusar',
};

export const MAX_LINHAS_DOCUMENTO: Readonly<Record<DocumentoDeEstoque, number>> = {
  ajuste: 1_000,
  transferencia: 5_000,
  recebimento: 5_000,
};

const milhar = (n: number) => n.toLocaleString('pt-BR');

export const MSG_LINHAS_ESTOQUE = {
  repetido: {
    ajuste: (id: number) =>
      `o produto ${id} foi informado mais de uma vez: um ajuste aceita cada produto numa só linha (some as quantidades).`,
    transferencia: (id: number) =>
      `o produto ${id} foi informado mais de uma vez: uma transferência aceita cada produto numa só linha (some as quantidades).`,
    recebimento: (id: number) =>
      `o produto ${id} foi informado mais de uma vez: o recebimento aceita cada produto numa só linha.`,
  } satisfies Record<DocumentoDeEstoque, (id: number) => string>,
  muitasLinhas: {
    ajuste: `no máximo ${milhar(MAX_LINHAS_DOCUMENTO.ajuste)} linhas por ajuste: divida-o em mais de um ajuste.`,
    transferencia: `no máximo ${milhar(MAX_LINHAS_DOCUMENTO.transferencia)} linhas por transferência: divida-a em mais de uma transferência.`,
    recebimento: `no máximo ${milhar(MAX_LINHAS_DOCUMENTO.recebimento)} linhas por recebimento.`,
  } satisfies Record<DocumentoDeEstoque, string>,
} as const;

interface Linha {
  produtoId: number;
}

/**
 * The document's lines under its kind's policy: `recusar` keeps them and names each repeat
 * (`itens.<i>.<campo>`); `somar` merges a product's lines into its first, adding `quantidade`.
 */
export function politicaDuplicados<T extends Linha>(
  documento: DocumentoDeEstoque,
  itens: readonly T[],
  campo: keyof T & string = 'produtoId',
): { itens: T[]; falhas: FalhaDeCampo[] } {
  const primeira = new Map<number, number>();
  const falhas: FalhaDeCampo[] = [];
  const saida: T[] = [];
  for (const [i, item] of itens.entries()) {
    const j = primeira.get(item.produtoId);
    if (j === undefined) {
      primeira.set(item.produtoId, saida.length);
      saida.push(item);
    } else if (POLITICA_DUPLICADOS[documento] === 'recusar') {
      falhas.push(falhaDeCampo(`itens.${i}.${campo}`, MSG_LINHAS_ESTOQUE.repetido[documento](item.produtoId)));
    } else {
      const a = saida[j] as T & { quantidade: string };
      const b = item as T & { quantidade: string };
      saida[j] = { ...a, quantidade: Decimal.de(a.quantidade).mais(b.quantidade).texto() };
    }
  }
  return { itens: POLITICA_DUPLICADOS[documento] === 'recusar' ? [...itens] : saida, falhas };
}
