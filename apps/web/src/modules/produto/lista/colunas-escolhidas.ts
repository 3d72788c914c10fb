/** Which extra columns a user shows on the product list, remembered in this browser (localStorage). */
export const COLUNAS_EXTRAS = [
  { id: 'ean', titulo: 'EAN' },
  { id: 'preco', titulo: 'Preço' },
  { id: 'saldo', titulo: 'Saldo' },
] as const;

export type ColunaExtra = (typeof COLUNAS_EXTRAS)[number]['id'];

const CHAVE = 'retaguarda.produto.colunasExtras';

export function lerColunas(armazem: Pick<Storage, 'getItem'> = localStorage): ColunaExtra[] {
  try {
    const v = JSON.parse(armazem.getItem(CHAVE) ?? '[]');
    return Array.isArray(v) ? COLUNAS_EXTRAS.map((c) => c.id).filter((id) => v.includes(id)) : [];
  } catch {
    return [];
  }
}

export function gravarColunas(colunas: readonly ColunaExtra[], armazem: Pick<Storage, 'setItem'> = localStorage) {
  armazem.setItem(CHAVE, JSON.stringify(colunas));
}
