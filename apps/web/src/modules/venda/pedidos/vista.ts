/**
 * The order monitoring's view state (spec §3): the filter, the view (kanban by default), the orders that
 * arrived while the board was open, the inconsistencies count. Shared by the board and the details screen;
 * leaving both clears the filter and resets the view to kanban (spec §4).
 */
import { type CanalPedido, type EtapaPedido, emitRsql, type RsqlPart, rsql } from '@retaguarda/domain';
import { useEffect } from 'react';
import { create } from 'zustand';

export interface FiltroPedidos {
  lojas: string[];
  /** dd/mm/aaaa on screen */
  de: string;
  ate: string;
  canal: CanalPedido | '';
  etapa: EtapaPedido | '';
  busca: string;
}

export const FILTRO_VAZIO: FiltroPedidos = { lojas: [], de: '', ate: '', canal: '', etapa: '', busca: '' };

interface VistaPedidos {
  filtro: FiltroPedidos;
  vista: 'kanban' | 'lista';
  /** ids of orders that arrived while a board was open (the badge) */
  novos: number[];
  inconsistentes: number;
  mudarFiltro: (f: Partial<FiltroPedidos>) => void;
  mudarVista: (v: 'kanban' | 'lista') => void;
  chegou: (id: number) => void;
  vistos: () => void;
  setInconsistentes: (n: number) => void;
  reiniciar: () => void;
}

export const useVistaPedidos = create<VistaPedidos>((set) => ({
  filtro: FILTRO_VAZIO,
  vista: 'kanban',
  novos: [],
  inconsistentes: 0,
  mudarFiltro: (f) => set((s) => ({ filtro: { ...s.filtro, ...f } })),
  mudarVista: (vista) => set({ vista }),
  chegou: (id) => set((s) => (s.novos.includes(id) ? s : { novos: [...s.novos, id] })),
  vistos: () => set({ novos: [] }),
  setInconsistentes: (inconsistentes) => set({ inconsistentes }),
  reiniciar: () => set({ filtro: FILTRO_VAZIO, vista: 'kanban', novos: [] }),
}));

const MONITORAMENTO = '/monitoramentoDePedido';

/** On leaving the order monitoring screens (not going between them) the filter and the view reset. */
export function useReiniciarAoSair(): void {
  useEffect(
    () => () => {
      setTimeout(() => {
        if (!window.location.href.includes(MONITORAMENTO)) useVistaPedidos.getState().reiniciar();
      }, 0);
    },
    [],
  );
}

const dataIso = (v: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
};
const diaSeguinte = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** The filter as the API's `q` and `busca` (the period on the order's emission, both ends inclusive). */
export function parametrosDoFiltro(f: FiltroPedidos, extra?: RsqlPart): URLSearchParams {
  const de = dataIso(f.de);
  const ate = dataIso(f.ate);
  const q = emitRsql(
    rsql.and(
      f.lojas.length ? rsql.in('lojaId', f.lojas) : undefined,
      f.canal ? rsql.eq('canal', f.canal) : undefined,
      f.etapa ? rsql.eq('etapa', f.etapa) : undefined,
      de ? rsql.ge('dataEmissao', de) : undefined,
      ate ? rsql.lt('dataEmissao', diaSeguinte(ate)) : undefined,
      extra,
    ),
  );
  const p = new URLSearchParams();
  if (q) p.set('q', q);
  if (f.busca.trim()) p.set('busca', f.busca.trim());
  return p;
}
