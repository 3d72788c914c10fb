/** Stock API calls of the web (types from the domain contracts). */
import type {
  AjusteEstoqueDetalhe,
  AjusteEstoqueNaLista,
  ListaPaginada,
  MovimentoEstoque,
  OpcaoDeFiltro,
  SaldoEstoque,
  TipoDeAjusteLido,
  TotalSaldoPorLoja,
} from '@retaguarda/domain';
import { api } from '../../lib/api';

/** an active adjustment type as the form reads it: its name and the rules the domain applies */
type TipoAjusteAtivo = OpcaoDeFiltro & TipoDeAjusteLido;
const q = (rsql: string, extra = '') => `?q=${encodeURIComponent(rsql)}${extra}`;

export const listarAjustes = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<AjusteEstoqueNaLista>>(`/api/v1/estoque/ajustes?${p}`, { signal });

export const obterAjuste = (id: number) => api<AjusteEstoqueDetalhe>(`/api/v1/estoque/ajustes/${id}`);

/** The active locations of a store (the register filters only by id and ativo: the store is picked here). */
export const listarLocais = async (lojaId: number) =>
  (
    await api<ListaPaginada<OpcaoDeFiltro & { lojaId: number; tipo?: string; padraoEntrada?: boolean }>>(
      `/api/v1/estoque/locais-estoque${q('ativo==true', '&count=1000')}`,
    )
  ).items.filter((l) => l.lojaId === lojaId);

export const listarTiposAjuste = () =>
  api<ListaPaginada<TipoAjusteAtivo>>(`/api/v1/estoque/tipos-ajuste${q('ativo==true', '&count=200&sort=descricao')}`);

export const listarSaldos = (rsql: string) =>
  api<ListaPaginada<SaldoEstoque>>(`/api/v1/estoque/saldos${q(rsql, '&count=1000')}`);

export const listarMovimentos = (rsql: string, count = 10) =>
  api<ListaPaginada<MovimentoEstoque>>(`/api/v1/estoque/movimentos${q(rsql, `&count=${count}&sort=-data,-id`)}`);

/** One page of the Saldo de estoque screen (#27.9): the list contract, RSQL `q`, `data` for "as of". */
export const listarSaldosNaTela = (params: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<SaldoEstoque>>(`/api/v1/estoque/saldos?${params}`, { signal });

/** The same filters' balances summed per store. */
export const totaisDeSaldos = (params: URLSearchParams, signal?: AbortSignal) =>
  api<{ items: TotalSaldoPorLoja[] }>(`/api/v1/estoque/saldos/totais?${params}`, { signal });
