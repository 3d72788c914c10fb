/** Sales-order reads of the web (types from the domain contract); the moves are called by their faces. */
import type {
  EntregaWebhookPedido,
  EtapaPedido,
  ListaPaginada,
  PedidoVenda,
  PedidoVendaDetalhe,
} from '@retaguarda/domain';
import { api } from '../../../lib/api';

const BASE = '/api/v1/venda/pedidos';

export interface ResumoPedidos {
  etapas: { etapa: EtapaPedido; quantidade: number; total: string }[];
  inconsistentes: number;
}

export const listarPedidos = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<PedidoVenda>>(`${BASE}?${p}`, { signal });

export const resumoPedidos = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ResumoPedidos>(`${BASE}/resumo?${p}`, { signal });

export const obterPedido = (id: number) => api<PedidoVendaDetalhe>(`${BASE}/${id}`);

export interface Opcao {
  id: number;
  descricao: string;
}

/** Active reasons that apply to sales orders (the register's list). */
export const listarMotivos = () =>
  api<ListaPaginada<{ id: number; descricao: string; aplicacao: string[]; exigeObservacao: boolean }>>(
    `/api/v1/financeiro/motivos-cancelamento?q=${encodeURIComponent('ativo==true')}&count=200&sort=descricao`,
  ).then((l) => l.items.filter((m) => m.aplicacao.includes('PEDIDO_VENDA')));

export const listarCondutores = () =>
  api<ListaPaginada<{ id: number; nome: string }>>(
    `/api/v1/pessoa/condutores?q=${encodeURIComponent('ativo==true')}&count=200&sort=nome`,
  ).then((l) => l.items);

/** The delivery log of the order's notifications to the store's delivery app. */
export const entregasWebhook = (id: number) =>
  api<{ items: EntregaWebhookPedido[] }>(`${BASE}/${id}/entregas-webhook`).then((r) => r.items);
