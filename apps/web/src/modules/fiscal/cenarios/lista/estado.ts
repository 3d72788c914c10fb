/**
 * Tax scenario screen state (spec §3): the current tab (default ncm), the origin (the screen that sent the
 * user here, to go back to) and the search text of each tab, kept while the user moves around the app so
 * coming back to /fiscal/cenarios-fiscais (or switching tabs) finds each tab as it was left.
 */
import { create } from 'zustand';

export type AbaCenarios = 'ncm' | 'operacao';

interface EstadoCenarios {
  aba: AbaCenarios;
  origem: string | null;
  busca: Record<AbaCenarios, string>;
  definirAba: (aba: AbaCenarios) => void;
  definirOrigem: (origem: string | null) => void;
  definirBusca: (aba: AbaCenarios, texto: string) => void;
}

export const useEstadoCenarios = create<EstadoCenarios>((set) => ({
  aba: 'ncm',
  origem: null,
  busca: { ncm: '', operacao: '' },
  definirAba: (aba) => set({ aba }),
  definirOrigem: (origem) => set({ origem }),
  definirBusca: (aba, texto) => set((s) => (s.busca[aba] === texto ? s : { busca: { ...s.busca, [aba]: texto } })),
}));

export const abaDe = (valor: string | null): AbaCenarios => (valor === 'operacao' ? 'operacao' : 'ncm');

/** The list's URL of a tab with its search text. */
export function urlDaAba(aba: AbaCenarios, busca: string): string {
  const q = new URLSearchParams();
  if (aba !== 'ncm') q.set('aba', aba);
  if (busca) q.set('busca', busca);
  const s = q.toString();
  return `/fiscal/cenarios-fiscais${s ? `?${s}` : ''}`;
}
