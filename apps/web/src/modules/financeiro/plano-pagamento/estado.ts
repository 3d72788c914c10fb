/**
 * Payment plan screen state (spec §3, §9): the selected operation (default Compra) and, per operation, the
 * list's page, order and search (its URL query: count 10, page 1, '-id' by default). Kept while the user moves
 * between the plan screens (list ↔ cadastro, Compra ↔ Venda); leaving them resets it all (spec §4).
 */
import { useEffect } from 'react';
import { create } from 'zustand';

export type OperacaoTela = 'COMPRA' | 'VENDA';

interface EstadoPlanos {
  operacao: OperacaoTela;
  /** the list's query (page, order, search) of each operation */
  consulta: Record<OperacaoTela, string>;
  definirOperacao: (operacao: OperacaoTela) => void;
  guardarConsulta: (operacao: OperacaoTela, consulta: string) => void;
  reiniciar: () => void;
}

const INICIAL = { operacao: 'COMPRA' as OperacaoTela, consulta: { COMPRA: '', VENDA: '' } };

export const useEstadoPlanos = create<EstadoPlanos>((set) => ({
  ...INICIAL,
  definirOperacao: (operacao) => set({ operacao }),
  guardarConsulta: (operacao, consulta) =>
    set((s) => (s.consulta[operacao] === consulta ? s : { consulta: { ...s.consulta, [operacao]: consulta } })),
  reiniciar: () => set({ ...INICIAL, consulta: { ...INICIAL.consulta } }),
}));

export const operacaoDe = (v: string | null | undefined): OperacaoTela =>
  v?.toUpperCase() === 'VENDA' ? 'VENDA' : 'COMPRA';

/** Whether a hash route (`#/planoPagamento/cadastro/3/venda?…`) is one of the plan screens. */
export const ehTelaDePlano = (hash: string): boolean => /^#?\/planoPagamento(\/|\?|$)/.test(hash);

/**
 * Mounted by both plan screens: when the screen goes away and the next route is not a plan screen, the
 * state is reset (checked after the navigation settles, so list → cadastro keeps it).
 */
export function useReiniciarAoSair(): void {
  useEffect(
    () => () => {
      setTimeout(() => {
        if (!ehTelaDePlano(window.location.hash)) useEstadoPlanos.getState().reiniciar();
      }, 0);
    },
    [],
  );
}
