/** The versions and update API (spec §7): versions, notes, active sessions, logout request, self-update. */
import { api } from '../../../lib/api';

export interface Versao {
  numero: string;
  build: number;
}

export interface NotaDeAtualizacao {
  issue: string;
  detail: string;
}

export interface SessaoAtiva {
  id: string;
  usuarioId: number;
  username: string;
  nome: string;
  tipo: string;
  criadaEm: string;
  ultimaAtividade: string;
  ip: string | null;
  atual: boolean;
}

export interface Tentativa {
  id: number;
  status: 'EM_ANDAMENTO' | 'CONCLUIDA' | 'FALHOU';
  versaoOrigem: string;
  versaoAlvo: string;
  iniciadaEm: string;
  concluidaEm: string | null;
  mensagem: string | null;
}

export const versaoCompleta = (v: Versao) => `${v.numero}.${v.build}`;

export const buscarVersaoAtual = () => api<Versao>('/api/v1/versoes/atual');
export const buscarVersaoMaisRecente = () => api<Versao>('/api/v1/versoes/mais-recente');
export const buscarNotas = () => api<NotaDeAtualizacao[]>('/api/v1/versoes/notas-de-atualizacao');
export const buscarSessoesAtivas = () =>
  api<{ total: number; items: SessaoAtiva[] }>('/api/v1/sessoes-ativas').then((r) => r.items);
export const solicitarLogoutUsuarios = () =>
  api<{ message: string; sessoes: number }>('/api/v1/versoes/solicitar-logout-usuarios', { method: 'POST' });
export const pedirAtualizacao = () => api<Tentativa>('/api/v1/administracao/self-update', { method: 'POST' });
export const situacaoDaAtualizacao = () =>
  api<{ disponivel: boolean; ultima: Tentativa | null }>('/api/v1/administracao/self-update');
