/** Inventory reads of the web (types from the domain contracts); the moves go through the command faces. */
import type { Inventario, InventarioNaLista, ItemInventario, ListaPaginada, OpcaoDeFiltro } from '@retaguarda/domain';
import { api } from '../../../lib/api';

const BASE = '/api/v1/estoque/inventarios';

export const listarInventarios = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<InventarioNaLista>>(`${BASE}?${p}`, { signal });

export const obterInventario = (id: number) => api<Inventario>(`${BASE}/${id}`);

/** `filtro`: divergentes or naoContados (the conferência's filters), besides the list's own parameters */
export const listarItensInventario = (id: number, p: URLSearchParams, filtro: string, signal?: AbortSignal) =>
  api<ListaPaginada<ItemInventario>>(`${BASE}/${id}/itens?${p}${filtro ? `&${filtro}=true` : ''}`, { signal });

export const listarSecoes = () => api<ListaPaginada<OpcaoDeFiltro>>('/api/v1/produto/secoes?count=1000&sort=descricao');
