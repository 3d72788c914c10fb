/**
 * Notification state shared by the header bell and the /notificacoes page: the recent list and the
 * unread count, refreshed from the server and updated in realtime ('notificacao' events).
 */
import { create } from 'zustand';
import { buscarRecentes, marcarLida, marcarTodasLidas, type Notificacao } from './notificacoes.api';

const RECENTES_MAX = 10;

interface NotificacoesState {
  recentes: Notificacao[];
  naoLidas: number;
  hasNewToRead: boolean;
  lastTimeRead: string | null;
  carregar: () => Promise<void>;
  recebida: (n: Notificacao) => void;
  lerUma: (id: number) => Promise<void>;
  lerTodas: () => Promise<void>;
  limpar: () => void;
}

const VAZIO = { recentes: [], naoLidas: 0, hasNewToRead: false, lastTimeRead: null };

export const useNotificacoes = create<NotificacoesState>((set, get) => ({
  ...VAZIO,

  carregar: async () => {
    try {
      const r = await buscarRecentes();
      set({
        recentes: r.items,
        naoLidas: r.naoLidas ?? r.items.filter((n) => !n.lida).length,
        hasNewToRead: r.hasNewToRead,
        lastTimeRead: r.lastTimeRead,
      });
    } catch (e) {
      console.warn('[notificações] falha ao carregar:', (e as Error).message);
    }
  },

  recebida: (n) => {
    if (get().recentes.some((r) => r.id === n.id)) return;
    set((s) => ({
      recentes: [n, ...s.recentes].slice(0, RECENTES_MAX),
      naoLidas: s.naoLidas + (n.lida ? 0 : 1),
      hasNewToRead: s.hasNewToRead || !n.lida,
    }));
  },

  lerUma: async (id) => {
    const n = await marcarLida(id);
    set((s) => {
      const eraNaoLida = s.recentes.some((r) => r.id === id && !r.lida);
      const naoLidas = Math.max(0, s.naoLidas - (eraNaoLida ? 1 : 0));
      return { recentes: s.recentes.map((r) => (r.id === id ? n : r)), naoLidas, hasNewToRead: naoLidas > 0 };
    });
    if (!get().recentes.some((r) => r.id === id)) await get().carregar();
  },

  lerTodas: async () => {
    await marcarTodasLidas();
    set((s) => ({
      recentes: s.recentes.map((r) => ({ ...r, lida: true })),
      naoLidas: 0,
      hasNewToRead: false,
      lastTimeRead: new Date().toISOString(),
    }));
  },

  limpar: () => set(VAZIO),
}));
