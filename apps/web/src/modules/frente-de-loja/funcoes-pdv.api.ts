/** Calls of the Funções PDV screens, typed by the domain's contracts. */
import type { MatrizFuncoesPdv, ResumoFuncoesPdvLoja } from '@retaguarda/domain';
import { api } from '../../lib/api';

export const listarFuncoesPdv = () => api<{ items: ResumoFuncoesPdvLoja[] }>('/api/v1/pdv/funcoes');
export const lerMatrizFuncoesPdv = (lojaId: number) =>
  api<MatrizFuncoesPdv>(`/api/v1/pdv/lojas/${encodeURIComponent(String(lojaId))}/funcoes`);
