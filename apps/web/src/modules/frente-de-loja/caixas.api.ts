/** Calls of the POS drawers screen: the day's summary per caixa and a drawer's operations. */
import type { ListaPaginada, ResumoDoCaixa } from '@retaguarda/domain';
import { api } from '../../lib/api';

export interface CaixaDoDia extends ResumoDoCaixa {
  numeroCaixa: number;
  operacoes: number;
}

export interface OperacaoDoCaixa {
  id: number;
  tipo: string;
  dataHora: string;
  funcionarioNome: string | null;
  valor: string;
  observacao: string | null;
}

export const resumoDosCaixas = (lojaId: number, data: string) =>
  api<{ lojaId: number; data: string; caixas: CaixaDoDia[] }>(
    `/api/v1/pdv/caixas/resumo?lojaId=${lojaId}&data=${encodeURIComponent(data)}`,
  );

export const listarOperacoesDoCaixa = (lojaId: number, caixa: number, data: string) =>
  api<ListaPaginada<OperacaoDoCaixa>>(
    `/api/v1/pdv/operacoes-caixa?q=${encodeURIComponent(`lojaId==${lojaId};numeroCaixa==${caixa}`)}` +
      `&dataInicio=${data}&dataFim=${data}&sort=dataHora&count=500`,
  );
