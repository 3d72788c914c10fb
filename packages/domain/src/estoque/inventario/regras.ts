/** Pure rules of an inventory: the transition table, the scope by type, and how a count line adds up. */
import { Decimal } from '../../decimal';
import type { EscopoInventario, StatusInventario, TipoInventario } from './contrato';

export type AcaoInventario = 'iniciar' | 'contar' | 'encerrarContagem' | 'recontar' | 'finalizar' | 'cancelar';

/** Every move is a command; the table says from which statuses it runs and where it leads. */
export const TRANSICOES_INVENTARIO: Record<
  AcaoInventario,
  { de: readonly StatusInventario[]; para: StatusInventario }
> = {
  iniciar: { de: ['ABERTO'], para: 'EM_CONTAGEM' },
  contar: { de: ['EM_CONTAGEM'], para: 'EM_CONTAGEM' },
  encerrarContagem: { de: ['EM_CONTAGEM'], para: 'EM_CONFERENCIA' },
  recontar: { de: ['EM_CONFERENCIA'], para: 'EM_CONTAGEM' },
  // the SDK may finalize straight from the count; the screen goes through the conferência
  finalizar: { de: ['EM_CONTAGEM', 'EM_CONFERENCIA'], para: 'FINALIZADO' },
  cancelar: { de: ['ABERTO', 'EM_CONTAGEM', 'EM_CONFERENCIA'], para: 'CANCELADO' },
};

/** How the refusal names the action (409). */
export const VERBO_ACAO: Record<AcaoInventario, string> = {
  iniciar: 'iniciar a contagem',
  contar: 'registrar contagem',
  encerrarContagem: 'encerrar a contagem',
  recontar: 'abrir nova contagem',
  finalizar: 'finalizar',
  cancelar: 'cancelar',
};

/** The status after the action, or null when the current status refuses it. */
export function transicaoInventario(atual: StatusInventario, acao: AcaoInventario): StatusInventario | null {
  const t = TRANSICOES_INVENTARIO[acao];
  return t.de.includes(atual) ? t.para : null;
}

export const STATUS_ABERTOS: readonly StatusInventario[] = ['ABERTO', 'EM_CONTAGEM', 'EM_CONFERENCIA'];

/** A scope with at least one list holding an id. */
export function escopoInformado(e: EscopoInventario | null): boolean {
  return !!e && Object.values(e).some((v) => Array.isArray(v) && v.length > 0);
}

/** The scope's field errors for the type: GERAL takes none, PARCIAL and ROTATIVO need one. */
export function falhaDoEscopo(tipo: TipoInventario, e: EscopoInventario | null): 'exigido' | 'emGeral' | null {
  if (tipo === 'GERAL') return escopoInformado(e) ? 'emGeral' : null;
  return escopoInformado(e) ? null : 'exigido';
}

/** The count's quantity after a line: added to what the count holds, or replacing it. */
export function somarContagem(atual: string | null, quantidade: string, substituir: boolean): string {
  if (substituir || atual === null) return Decimal.de(quantidade).texto();
  return Decimal.de(atual).mais(Decimal.de(quantidade)).texto();
}
