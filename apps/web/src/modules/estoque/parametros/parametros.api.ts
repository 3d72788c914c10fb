/** Per-store stock parameters (read); closing, reopening and the cost recompute are called by their faces. */
import type { ConfiguracaoEstoque } from '@retaguarda/domain';
import { api } from '../../../lib/api';

export const listarParametros = () => api<{ items: ConfiguracaoEstoque[] }>('/api/v1/estoque/lojas');
