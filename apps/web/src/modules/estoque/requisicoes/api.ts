/** Stock requisition reads of the web (types from the domain contract); the commands are called by their faces. */
import type {
  DestinoTransferencia,
  ListaPaginada,
  OpcaoDeFiltro,
  RequisicaoEstoque,
  RequisicaoEstoqueDetalhe,
} from '@retaguarda/domain';
import { api } from '../../../lib/api';

const BASE = '/api/v1/estoque/requisicoes';

export const listarRequisicoes = (p: URLSearchParams, signal?: AbortSignal) =>
  api<ListaPaginada<RequisicaoEstoque>>(`${BASE}?${p}`, { signal });

export const obterRequisicao = (id: number) => api<RequisicaoEstoqueDetalhe>(`${BASE}/${id}`);

/** Every active store with its locations: the origin is often a store the requester does not hold. */
export const listarOrigens = () => api<{ items: DestinoTransferencia[] }>(`${BASE}/origens`);

/** The active motivos of the register, with the approval rule. */
export const listarMotivos = () =>
  api<ListaPaginada<OpcaoDeFiltro & { tipo: string; exigeAprovacao: boolean }>>(
    `/api/v1/estoque/motivos-requisicao?q=${encodeURIComponent('ativo==true')}&count=200&sort=descricao`,
  );
