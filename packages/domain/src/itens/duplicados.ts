/**
 * What a product given on more than one line means, for any document kind: `recusar` (a field error on
 * each repeat, `itens.<i>.<campo>`) or `somar` (its lines become its first, quantities added). Each kind
 * declares its policy (stock: estoque/duplicados.ts); lines not yet naming a product (produtoId 0, an
 * unknown code) are not repeats.
 */
import { type FalhaDeCampo, falhaDeCampo } from '../contrato';
import { Decimal } from '../decimal';

export type PoliticaDuplicados = 'recusar' | 'somar';

export function aplicarPoliticaDuplicados<T extends { produtoId: number }>(
  politica: PoliticaDuplicados,
  itens: readonly T[],
  repetido: (produtoId: number) => string,
  campo: keyof T & string = 'produtoId',
): { itens: T[]; falhas: FalhaDeCampo[] } {
  const primeira = new Map<number, number>();
  const falhas: FalhaDeCampo[] = [];
  const saida: T[] = [];
  for (const [i, item] of itens.entries()) {
    const j = item.produtoId ? primeira.get(item.produtoId) : undefined;
    if (j === undefined) {
      if (item.produtoId) primeira.set(item.produtoId, saida.length);
      saida.push(item);
    } else if (politica === 'recusar') {
      falhas.push(falhaDeCampo(`itens.${i}.${campo}`, repetido(item.produtoId)));
    } else {
      const a = saida[j] as T & { quantidade: string };
      const b = item as T & { quantidade: string };
      saida[j] = { ...a, quantidade: Decimal.de(a.quantidade).mais(b.quantidade).texto() };
    }
  }
  return { itens: politica === 'recusar' ? [...itens] : saida, falhas };
}
