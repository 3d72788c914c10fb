/** Calls of the simulator and the cobertura (server modules/fiscal/cenario-{simulacao,cobertura}.routes.ts). */
import type { FormularioSimulacao, ListaCobertura, ResultadoSimulacao } from '@retaguarda/domain';
import { api } from '../../../../lib/api';

export const simularCenario = (corpo: FormularioSimulacao) =>
  api<ResultadoSimulacao>('/api/v1/fiscal/cenarios-fiscais/simular', { method: 'POST', body: corpo });

export const lerCobertura = (params: URLSearchParams, signal?: AbortSignal) =>
  api<ListaCobertura>(`/api/v1/fiscal/cenarios-fiscais/cobertura?${params}`, { signal });
