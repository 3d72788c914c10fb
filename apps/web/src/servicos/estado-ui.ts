/** Small UI states the navigation resets (spec §2.1): loading, full screen, learning modal, build change. */
import { create } from 'zustand';

interface EstadoUi {
  carregando: number;
  telaCheia: boolean;
  modalAprendizagemAberto: boolean;
  buildPendente: string | null;
  menuAberto: boolean | null;
  iniciarCarregamento: () => void;
  pararCarregamento: (tudo?: boolean) => void;
  definir: (
    p: Partial<Pick<EstadoUi, 'telaCheia' | 'modalAprendizagemAberto' | 'buildPendente' | 'menuAberto'>>,
  ) => void;
}

export const useEstadoUi = create<EstadoUi>((set, get) => ({
  carregando: 0,
  telaCheia: false,
  modalAprendizagemAberto: false,
  buildPendente: null,
  menuAberto: null,
  iniciarCarregamento: () => set({ carregando: get().carregando + 1 }),
  pararCarregamento: (tudo = false) => set({ carregando: tudo ? 0 : Math.max(0, get().carregando - 1) }),
  definir: (p) => set(p),
}));

/**
 * Runs a long action (saves, report requests, self-update, exports) under the global loading
 * curtain (spec §2.3, §4 "Loading"): loading is active until the action settles.
 */
export async function comCarregamento<T>(acao: () => Promise<T>): Promise<T> {
  const { iniciarCarregamento, pararCarregamento } = useEstadoUi.getState();
  iniciarCarregamento();
  try {
    return await acao();
  } finally {
    pararCarregamento();
  }
}
