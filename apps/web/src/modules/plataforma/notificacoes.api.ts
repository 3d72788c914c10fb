/** Notifications API (spec §7 GET /api/v1/notificacoes/recentes and the list/mark calls), typed by its contract. */
import type { Notificacao, NotificacoesMarcadas, NotificacoesRecentes, PaginaDeNotificacoes } from '@retaguarda/domain';
import { api } from '../../lib/api';

export type { Notificacao } from '@retaguarda/domain';

export const buscarRecentes = () => api<NotificacoesRecentes>('/api/v1/notificacoes/recentes');

export const listarNotificacoes = (start: number, count: number, naoLidas: boolean) =>
  api<PaginaDeNotificacoes>(`/api/v1/notificacoes?start=${start}&count=${count}&naoLidas=${naoLidas}`);

export const marcarLida = (id: number) => api<Notificacao>(`/api/v1/notificacoes/${id}/lida`, { method: 'PUT' });

export const marcarTodasLidas = () => api<NotificacoesMarcadas>('/api/v1/notificacoes/lidas', { method: 'PUT' });
