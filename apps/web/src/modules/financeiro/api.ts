/** Treasury API calls of the web (types from the domain contracts). */
import type {
  ExtratoResumo,
  ImportacaoExtrato,
  LinhaExtratoBancario,
  ListaPaginada,
  PainelConciliacao,
  PropostaRegra,
  RazaoDaConta,
  RegraConciliacao,
} from '@retaguarda/domain';
import { api } from '../../lib/api';
import { lerTokens } from '../../lib/tokens';
import { enviarComProgresso } from '../../ui/uploadEnvio';

export interface ContaResumo {
  id: number;
  descricao: string;
  lojaId: number;
  utilizaConciliacao?: boolean;
}

export const listarContas = async () =>
  (
    await api<ListaPaginada<ContaResumo>>(
      `/api/v1/financeiro/contas-correntes?q=${encodeURIComponent('ativo==true')}&count=200&sort=descricao`,
    )
  ).items;

export const listarHistoricos = async () =>
  (
    await api<ListaPaginada<{ id: number; codigo: number; descricao: string; natureza: string }>>(
      `/api/v1/financeiro/historicos-padrao?q=${encodeURIComponent('ativo==true')}&count=200&sort=codigo`,
    )
  ).items;

/**
 * The import: the preview (nothing kept) or, with `confirmar`, the import itself — or, for a file past the
 * server's synchronous limit, `{tarefaId}`: a job whose result is the same answer (the screen follows it).
 */
export function enviarExtrato(
  arquivo: File,
  o: { confirmar: boolean; contaCorrenteId?: number | null },
  aoProgredir?: (f: number) => void,
): Promise<ImportacaoExtrato | { tarefaId: string }> {
  const p = new URLSearchParams();
  if (o.confirmar) p.set('confirmar', 'true');
  if (o.contaCorrenteId) p.set('contaCorrenteId', String(o.contaCorrenteId));
  const token = lerTokens()?.accessToken;
  return enviarComProgresso<ImportacaoExtrato | { tarefaId: string }>(`/api/v1/financeiro/extratos?${p}`, arquivo, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    ...(aoProgredir ? { aoProgredir } : {}),
  });
}

export const listarExtratos = async () => (await api<{ items: ExtratoResumo[] }>('/api/v1/financeiro/extratos')).items;

export const linhasDoExtrato = async (id: number) =>
  (await api<{ items: LinhaExtratoBancario[] }>(`/api/v1/financeiro/extratos/${id}/linhas`)).items;

export const razaoDaConta = (conta: number, inicio: string, fim: string) =>
  api<RazaoDaConta>(`/api/v1/financeiro/contas-correntes/${conta}/lancamentos?inicio=${inicio}&fim=${fim}`);

export const painelConciliacao = (conta: number, inicio: string, fim: string) =>
  api<PainelConciliacao>(`/api/v1/financeiro/contas-correntes/${conta}/conciliacao?inicio=${inicio}&fim=${fim}`);

export const listarRegrasConciliacao = async () =>
  (await api<{ regras: RegraConciliacao[] }>('/api/v1/financeiro/regras-conciliacao')).regras;

/** The learned rules' query key: Conciliar reads them again after each resolution, the rules screen after a save. */
export const CHAVE_PROPOSTAS = ['regras-conciliacao-propostas'] as const;
export const propostasDeRegras = async () =>
  (await api<{ propostas: PropostaRegra[] }>('/api/v1/financeiro/regras-conciliacao/propostas')).propostas;
