/** Notifications API (spec §7 GET /api/v1/notificacoes/recentes and the list/mark calls). */
import { api } from '../../lib/api';

export interface Notificacao {
  id: number;
  titulo: string;
  corpo: string;
  link: string | null;
  criadoEm: string;
  lida: boolean;
}

export interface Recentes {
  items: Notificacao[];
  hasNewToRead: boolean;
  lastTimeRead: string | null;
  naoLidas: number;
}

export interface PaginaNotificacoes {
  start: number;
  count: number;
  total: number;
  items: Notificacao[];
}

export const buscarRecentes = () => api<Recentes>('/api/v1/notificacoes/recentes');

export const listarNotificacoes = (start: number, count: number, naoLidas: boolean) =>
  api<PaginaNotificacoes>(`/api/v1/notificacoes?start=${start}&count=${count}&naoLidas=${naoLidas}`);

export const marcarLida = (id: number) => api<Notificacao>(`/api/v1/notificacoes/${id}/lida`, { method: 'PUT' });

export const marcarTodasLidas = () => api<{ alteradas: number }>('/api/v1/notificacoes/lidas', { method: 'PUT' });
