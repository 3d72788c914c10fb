/** Finding products by what a user types: an internal code or EAN, or a piece of the description. */
import type { ListaPaginada } from '@retaguarda/domain';
import { api } from '../../lib/api';

export interface ProdutoResumo {
  id: number;
  descricao: string;
  codigoInterno?: string | null;
}

export const rotuloProduto = (p: ProdutoResumo) => `${p.codigoInterno || p.id} - ${p.descricao}`;

/** A typed code (internal code, EAN) or a piece of the description → the products it names (at most 10). */
export async function buscarProdutos(texto: string): Promise<ProdutoResumo[]> {
  const t = texto.trim();
  if (/^\d{1,14}$/.test(t)) {
    const p = await api<ProdutoResumo | null>(`/api/v1/produto/produtos/consulta/${t.padStart(14, '0')}`).catch(
      () => null,
    );
    if (p) return [p];
  }
  const rsql = `descricao==*${t.replace(/[*"']/g, ' ')}*;ativo==true`;
  const r = await api<ListaPaginada<ProdutoResumo>>(
    `/api/v1/produto/produtos?q=${encodeURIComponent(rsql)}&count=10&sort=descricao`,
  );
  return r.items;
}
