/** The inconsistency counters API (spec §7 "Counters and holdings"), typed by its contract. */
import type { ContadoresPorLoja, InconsistenciaPorTipo } from '@retaguarda/domain';
import { api } from '../../../lib/api';

export const buscarPendencias = () => api<{ total: number }>('/api/v1/pdv/pendencias');
export const buscarInconsistenciasDeTributacao = () =>
  api<{ total: number }>('/api/v1/produto/inconsistencias-tributacao');
export const buscarInconsistenciasDeProduto = () =>
  api<{ items: InconsistenciaPorTipo[] }>('/api/v1/produto/inconsistencias-produto');
export const buscarContadoresPorLoja = () => api<ContadoresPorLoja>('/api/v1/pdv/erros-subida-venda');
export const buscarNfceRejeitadas = () => api<{ total: number }>('/api/v1/fiscal/nfce/rejeitadas');
