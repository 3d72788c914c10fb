/**
 * Pure rules of a stock requisition: the transition table (every move is a command) and the approval rule
 * (a motivo that `exigeAprovacao` must be approved before the goods leave; one that does not goes straight
 * to the transfer). Locations, stores and the receipt's check are the transfer's rules (transferencia/regras.ts).
 */
import type { StatusRequisicao } from './status';

export type AcaoRequisicao = 'aprovar' | 'transferir' | 'receber' | 'cancelar';

export const TRANSICOES_REQUISICAO: Record<
  AcaoRequisicao,
  { de: readonly StatusRequisicao[]; para: StatusRequisicao }
> = {
  aprovar: { de: ['ABERTA'], para: 'APROVADA' },
  // ABERTA only when the motivo does not ask for approval (regraDeAprovacao)
  transferir: { de: ['ABERTA', 'APROVADA'], para: 'TRANSFERIDA' },
  receber: { de: ['TRANSFERIDA'], para: 'RECEBIDA' },
  // once the goods left, only the receipt closes it (zero where nothing arrived)
  cancelar: { de: ['ABERTA', 'APROVADA'], para: 'CANCELADA' },
};

/** How the refusal names the action (409). */
export const VERBO_REQUISICAO: Record<AcaoRequisicao, string> = {
  aprovar: 'aprová-la',
  transferir: 'transferi-la',
  receber: 'recebê-la',
  cancelar: 'cancelá-la',
};

/** The status after the action, or null when the current status refuses it. */
export function transicaoRequisicao(atual: StatusRequisicao, acao: AcaoRequisicao): StatusRequisicao | null {
  const t = TRANSICOES_REQUISICAO[acao];
  return t.de.includes(atual) ? t.para : null;
}

/**
 * The approval rule on top of the table: approving a requisition whose motivo does not ask for it is
 * refused ('dispensada'), and so is transferring an open one whose motivo asks for it ('pendente').
 */
export function regraDeAprovacao(
  acao: AcaoRequisicao,
  atual: StatusRequisicao,
  exigeAprovacao: boolean,
): 'pendente' | 'dispensada' | null {
  if (acao === 'aprovar' && !exigeAprovacao) return 'dispensada';
  if (acao === 'transferir' && atual === 'ABERTA' && exigeAprovacao) return 'pendente';
  return null;
}

/** The actions a requisition in this status offers (the screen's buttons; the server decides anyway). */
export function acoesDaRequisicao(status: StatusRequisicao, exigeAprovacao: boolean): AcaoRequisicao[] {
  return (Object.keys(TRANSICOES_REQUISICAO) as AcaoRequisicao[]).filter(
    (a) => transicaoRequisicao(status, a) !== null && regraDeAprovacao(a, status, exigeAprovacao) === null,
  );
}
