/** The dashboards' reads (the writes are the domain's command faces, through useComando). */
import type { DadosDashboard, DadosIndicador, Dashboard } from '@retaguarda/domain';
import { api } from '../../../lib/api';
import { lerTokens } from '../../../lib/tokens';

export interface ItemCatalogo {
  chave: string;
  titulo: string;
  definicao: string;
  unidade: string;
  custo: boolean;
  linhas: 'DIAS' | 'CATEGORIAS' | 'LOJAS';
  padrao: string;
  detalhe: string | null;
  visualizacoes: string[];
  permitido: boolean;
}
export type ResumoDashboard = Omit<Dashboard, 'indicadores'> & { indicadores: number };

export interface Filtro {
  periodo?: string;
  inicio?: string;
  fim?: string;
  lojas?: number[];
}

const consulta = (f: Filtro) => {
  const p = new URLSearchParams();
  if (f.periodo) p.set('periodo', f.periodo);
  if (f.inicio) p.set('inicio', f.inicio);
  if (f.fim) p.set('fim', f.fim);
  if (f.lojas?.length) p.set('lojas', f.lojas.join(','));
  const s = p.toString();
  return s ? `?${s}` : '';
};

const BASE = '/api/v1/painel/dashboards';
export const listarDashboards = async () => (await api<{ items: ResumoDashboard[] }>(BASE)).items;
export const lerDashboard = (id: number) => api<Dashboard>(`${BASE}/${id}`);
export const catalogo = async () => (await api<{ items: ItemCatalogo[] }>('/api/v1/painel/indicadores')).items;
export const gruposParaCompartilhar = async () =>
  (await api<{ items: { id: number; nome: string }[] }>('/api/v1/painel/grupos')).items;
export const dadosDoDashboard = (id: number, f: Filtro) => api<DadosDashboard>(`${BASE}/${id}/dados${consulta(f)}`);
export const dadosDoIndicador = (id: number, indicador: number, f: Filtro) =>
  api<DadosIndicador>(`${BASE}/${id}/indicadores/${indicador}/dados${consulta(f)}`);

export interface CupomResumo {
  id: number;
  lojaId: number;
  numeroCaixa: string;
  sequencial: number;
  dataHoraAberturaCupom: string;
  valor: string | number;
  cancelada: boolean;
  tipo?: string;
}

/** The cupons behind a sales figure: the integrations' cupons read, by store and store-local sale days. */
export const cuponsDoPeriodo = (lojas: number[], inicio: string, fim: string) => {
  const q = `lojaId=in=(${lojas.join(',')});dataVenda=ge=${inicio};dataVenda=le=${fim}`;
  return api<{ total: number; items: CupomResumo[] }>(
    `/api/v1/venda/cupons-fiscais?q=${encodeURIComponent(q)}&count=100&sort=-dataHoraAberturaCupom`,
  );
};

/** The indicator's table as XLSX, downloaded with the session's token. */
export async function baixarPlanilha(id: number, indicador: number, f: Filtro, nome: string): Promise<void> {
  const token = lerTokens()?.accessToken;
  const res = await fetch(`${BASE}/${id}/indicadores/${indicador}/planilha${consulta(f)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok) throw new Error('Não foi possível gerar a planilha.');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${nome}.xlsx`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
