/**
 * Lines of stock documents, declared once per document kind: what a product given on more than one line
 * means (refused or merged: the message says which) and how many lines one document takes (one
 * transaction; a bigger load is split by the sender). The adjustment, transfer and receipt rules apply
 * `politicaDuplicados`; the contracts bound their arrays by `MAX_LINHAS_DOCUMENTO`.
 */
import type { FalhaDeCampo } from '../contrato';
import { aplicarPoliticaDuplicados, type PoliticaDuplicados } from '../itens/duplicados';
import type { DeclaracaoDeLinhas } from '../itens/linhas';

export type DocumentoDeEstoque = 'ajuste' | 'transferencia' | 'recebimento' | 'requisicao';

/**
 * Every stock document refuses repeats: one product, one line, so each ledger movement is one line the
 * user wrote (an adjustment has one location: product + location is the product).
 */
export const POLITICA_DUPLICADOS: Readonly<Record<DocumentoDeEstoque, PoliticaDuplicados>> = {
  ajuste: 'recusar',
  transferencia: 'recusar',
  recebimento: 'recusar',
  requisicao: 'recusar',
};

export const MAX_LINHAS_DOCUMENTO: Readonly<Record<DocumentoDeEstoque, number>> = {
  ajuste: 1_000,
  transferencia: 5_000,
  recebimento: 5_000,
  requisicao: 5_000,
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
    requisicao: (id: number) =>
      `o produto ${id} foi informado mais de uma vez: uma requisição aceita cada produto numa só linha (some as quantidades).`,
  } satisfies Record<DocumentoDeEstoque, (id: number) => string>,
  muitasLinhas: {
    ajuste: `no máximo ${milhar(MAX_LINHAS_DOCUMENTO.ajuste)} linhas por ajuste: divida-o em mais de um ajuste.`,
    transferencia: `no máximo ${milhar(MAX_LINHAS_DOCUMENTO.transferencia)} linhas por transferência: divida-a em mais de uma transferência.`,
    recebimento: `no máximo ${milhar(MAX_LINHAS_DOCUMENTO.recebimento)} linhas por recebimento.`,
    requisicao: `no máximo ${milhar(MAX_LINHAS_DOCUMENTO.requisicao)} linhas por requisição: divida-a em mais de uma requisição.`,
  } satisfies Record<DocumentoDeEstoque, string>,
} as const;

/** A stock document's lines as the item-line validator (itens/linhas.ts) takes them. */
export const linhasDeEstoque = (documento: DocumentoDeEstoque): DeclaracaoDeLinhas => ({
  politica: POLITICA_DUPLICADOS[documento],
  maxLinhas: MAX_LINHAS_DOCUMENTO[documento],
  repetido: MSG_LINHAS_ESTOQUE.repetido[documento],
  muitasLinhas: MSG_LINHAS_ESTOQUE.muitasLinhas[documento],
});

/**
 * The document's lines under its kind's policy: `recusar` keeps them and names each repeat
 * (`itens.<i>.<campo>`); `somar` merges a product's lines into its first, adding `quantidade`.
 */
export function politicaDuplicados<T extends { produtoId: number }>(
  documento: DocumentoDeEstoque,
  itens: readonly T[],
  campo: keyof T & string = 'produtoId',
): { itens: T[]; falhas: FalhaDeCampo[] } {
  return aplicarPoliticaDuplicados(
    POLITICA_DUPLICADOS[documento],
    itens,
    MSG_LINHAS_ESTOQUE.repetido[documento],
    campo,
  );
}
