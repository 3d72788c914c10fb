/** How the screens name an inventory's status and type (pt-BR). */
import type { StatusInventario, TipoInventario } from '@retaguarda/domain';

export const ROTULO_STATUS: Record<StatusInventario, { texto: string; cor: string }> = {
  ABERTO: { texto: 'Aberto', cor: 'gray' },
  EM_CONTAGEM: { texto: 'Em contagem', cor: 'blue' },
  EM_CONFERENCIA: { texto: 'Em conferência', cor: 'orange' },
  FINALIZADO: { texto: 'Finalizado', cor: 'green' },
  CANCELADO: { texto: 'Cancelado', cor: 'red' },
};

export const ROTULO_TIPO: Record<TipoInventario, string> = {
  GERAL: 'Geral',
  PARCIAL: 'Parcial',
  ROTATIVO: 'Rotativo',
};

/** "2026-05-01T10:30:00" → "01/05/2026 10:30" (the store-local wall clock as typed) */
export const dataHoraLocal = (t: string) => `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 16)}`;
