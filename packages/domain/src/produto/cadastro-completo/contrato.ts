/**
 * The nested arrays a product create/update may carry (one Save, one transaction): its barcodes
 * (the full set: codes left out are removed) and its prices and costs per store (each row replaces
 * that store's prices; stores not listed keep theirs). `lojaId` null means every store of the user.
 */
export interface CodigoDoProduto {
  id: string;
  tipo: 'EAN' | 'LITERAL' | 'NUMERICO';
  fator: string | null;
  eanTributado: boolean | null;
}

export interface PrecoDoProduto {
  /** null: "Todas as lojas" (the user's stores) */
  lojaId: number | null;
  custoReposicao: string | null;
  precoVenda1: string | null;
  margemPreco1: string | null;
  precoVenda2: string | null;
  quantidadeMinimaPreco2: string | null;
  precoVenda3: string | null;
  quantidadeMinimaPreco3: string | null;
  precoOferta1: string | null;
  inicioOferta: string | null;
  fimOferta: string | null;
}
