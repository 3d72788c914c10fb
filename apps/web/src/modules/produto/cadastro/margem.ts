/**
 * A price row edited in the product's form: the margin follows the price and the cost, and a margin
 * typed by the user gives the price (domain rules: margin on the sale price, see cadastro-completo).
 */
import { margemDoPreco, precoPelaMargem } from '@retaguarda/domain';

export type LinhaPreco = Record<string, unknown>;

const s = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));

export function recalcular(antes: LinhaPreco | undefined, depois: LinhaPreco): LinhaPreco {
  const mudou = (campo: string) => s(antes?.[campo]) !== s(depois[campo]);
  if (mudou('margemPreco1')) {
    const preco = precoPelaMargem(s(depois.custoReposicao), s(depois.margemPreco1));
    return preco ? { ...depois, precoVenda1: preco } : depois;
  }
  if (mudou('precoVenda1') || mudou('custoReposicao')) {
    const margem = margemDoPreco(s(depois.precoVenda1), s(depois.custoReposicao));
    // a cost typed under a margin (no price yet) gives the price instead
    if (!margem && mudou('custoReposicao') && s(depois.margemPreco1) && !s(depois.precoVenda1))
      return { ...depois, precoVenda1: precoPelaMargem(s(depois.custoReposicao), s(depois.margemPreco1)) };
    return { ...depois, margemPreco1: margem };
  }
  return depois;
}

export function recalcularLinhas(antes: readonly LinhaPreco[], depois: readonly LinhaPreco[]): LinhaPreco[] {
  return depois.map((l, i) => recalcular(antes[i], l));
}
