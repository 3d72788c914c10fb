/** Pure rules of inconsistency lots: status transitions, the shape of a proposed value. */
import { gtinValido } from '../../registers/codigos';
import type { CampoLote, StatusLote } from './contrato';

export type AcaoLote = 'propor' | 'analisar' | 'finalizar' | 'cancelar';

const ORIGENS: Record<AcaoLote, readonly StatusLote[]> = {
  propor: ['RASCUNHO', 'EM_ANALISE'],
  analisar: ['RASCUNHO'],
  finalizar: ['EM_ANALISE'],
  cancelar: ['RASCUNHO', 'EM_ANALISE'],
};
const DESTINO: Record<AcaoLote, StatusLote> = {
  propor: 'RASCUNHO',
  analisar: 'EM_ANALISE',
  finalizar: 'FINALIZADO',
  cancelar: 'CANCELADO',
};
export const PARTICIPIO: Record<AcaoLote, string> = {
  propor: 'alterado',
  analisar: 'enviado para análise',
  finalizar: 'finalizado',
  cancelar: 'cancelado',
};

/** The status after the action, or null when the lot's status does not allow it (409). Proposing keeps the status. */
export function transicaoLote(atual: StatusLote, acao: AcaoLote): StatusLote | null {
  if (!ORIGENS[acao].includes(atual)) return null;
  return acao === 'propor' ? atual : DESTINO[acao];
}

/** A proposed value as stored (digits only for codes), or null when its shape is wrong for the field. */
export function normalizarValorLote(campo: CampoLote, valor: string): string | null {
  const v = valor.trim();
  const digitos = v.replace(/[.\-\s]/g, '');
  switch (campo) {
    case 'ncm':
      return /^\d{8}$/.test(digitos) ? digitos : null;
    case 'cest':
      return /^\d{7}$/.test(digitos) ? digitos : null;
    case 'gtin':
      return gtinValido(digitos) ? digitos : null;
    case 'regime':
    case 'situacao':
      return /^\d{1,9}$/.test(v) && Number(v) > 0 ? String(Number(v)) : null;
    case 'natureza':
      return /^[0-9A-Za-z]{1,10}$/.test(v) ? v : null;
  }
}
