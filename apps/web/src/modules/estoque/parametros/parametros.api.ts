/** Per-store stock parameters and the period closing (types from the domain contracts). */
import type { ConfiguracaoEstoque, FechamentoEstoque, RecalculoCustoMedio } from '@retaguarda/domain';
import { api } from '../../../lib/api';
import { comConfirmacaoDeDataAntiga } from '../data-antiga';

export const listarParametros = () => api<{ items: ConfiguracaoEstoque[] }>('/api/v1/estoque/lojas');

const comando = <T>(lojaId: number, acao: string, corpo: object, chave: string) =>
  api<T>(`/api/v1/estoque/lojas/${lojaId}/${acao}`, {
    method: 'POST',
    body: corpo,
    headers: { 'Idempotency-Key': chave },
  });

export const fecharEstoque = (lojaId: number, fechadoAte: string, chave: string) =>
  comConfirmacaoDeDataAntiga((confirmarDataAntiga) =>
    comando<FechamentoEstoque>(
      lojaId,
      'fechamento',
      { fechadoAte, ...(confirmarDataAntiga ? { confirmarDataAntiga } : {}) },
      chave,
    ),
  );

export const reabrirEstoque = (lojaId: number, fechadoAte: string | null, chave: string) =>
  comando<FechamentoEstoque>(lojaId, 'reabertura', { fechadoAte }, chave);

export const recalcularCustoMedio = (lojaId: number, desde: string, chave: string) =>
  comando<RecalculoCustoMedio>(lojaId, 'recalculo-custo-medio', { desde }, chave);
