/** The plan screens' calls: plans and store conditions (register API), acquirers and espécies for the pickers. */
import type { Parcela } from '@retaguarda/domain';
import { api } from '../../../lib/api';

export const PLANOS = '/api/v1/financeiro/planos-pagamento';
export const CONDICOES = '/api/v1/financeiro/condicoes-pagamento-loja';

export interface Plano {
  id?: number;
  versao?: number;
  ativo?: boolean;
  operacao: 'COMPRA' | 'VENDA';
  descricao: string;
  tipoPagamento: string;
  quantidadeParcelas: number;
  diasPrimeiraParcela: number;
  intervaloDias: number;
  possuiEntrada: boolean;
  percentualEntrada: string | null;
  parcelas: Parcela[];
  percentualAcrescimo: string | null;
  percentualDesconto: string | null;
  jurosMensal: string | null;
  multa: string | null;
  valorMinimoParcela: string | null;
  valorMinimoOperacao: string | null;
  agenteFinanceiroId: number | null;
  taxaAdministracao: string | null;
  prazoRecebimentoDias: number | null;
  especieDocumentoId: number | null;
  disponivelPdv: boolean;
  disponivelPedido: boolean;
}

export interface Condicao {
  id?: number;
  versao?: number;
  ativo: boolean;
  lojaId: number | null;
  planoPagamentoId: number;
  maxParcelas: number | null;
  valorMinimoParcela: string | null;
  taxaAdministracao: string | null;
  vigenciaInicio: string;
  vigenciaFim: string | null;
}

interface Pagina<T> {
  items: T[];
  total: number;
}

export const obterPlano = (id: string) => api<Plano>(`${PLANOS}/${encodeURIComponent(id)}`);
export const salvarPlano = (p: Plano) =>
  p.id ? api<Plano>(`${PLANOS}/${p.id}`, { method: 'PUT', body: p }) : api<Plano>(PLANOS, { method: 'POST', body: p });

export const condicoesDoPlano = (id: number) =>
  api<Pagina<Condicao>>(`${CONDICOES}?q=${encodeURIComponent(`planoPagamentoId==${id}`)}&sort=-id&count=100`);
export const salvarCondicao = (c: Condicao) =>
  c.id
    ? api<Condicao>(`${CONDICOES}/${c.id}`, { method: 'PUT', body: c })
    : api<Condicao>(CONDICOES, { method: 'POST', body: c });

export interface Opcao {
  id: number;
  descricao: string;
}
export const adquirentes = () =>
  api<Pagina<Opcao>>(
    `/api/v1/financeiro/agentes-financeiros?q=${encodeURIComponent('tipo==ADQUIRENTE;ativo==true')}&count=100&sort=descricao`,
  );
export const especies = () =>
  api<Pagina<Opcao & { sigla: string }>>(
    `/api/v1/financeiro/especies-documentos?q=${encodeURIComponent('ativo==true')}&count=100&sort=sigla`,
  );
