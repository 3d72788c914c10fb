/**
 * The NFC-e's status machine toward SEFAZ (domain §3.8): which action a status admits, and the status a
 * SEFAZ answer (cStat) leaves the note in. Pure: the commands check `podeAplicar` before recording an
 * attempt, the job applies `statusDepois` to the answer in its own transaction (null: unchanged — a
 * refusal, an unavailable service or a timeout never moves the note, so it is never half-cancelled).
 */
import type { StatusNfce } from '../status-documento';

export const ACOES_NFCE = ['CONSULTAR', 'REENVIAR', 'CANCELAR', 'INUTILIZAR'] as const;
export type AcaoNfce = (typeof ACOES_NFCE)[number];

/** The statuses each action accepts. */
export const ACOES_PERMITIDAS: Readonly<Record<AcaoNfce, readonly StatusNfce[]>> = {
  // any note SEFAZ may know (an inutilizada number has no note there to consult)
  CONSULTAR: ['AUTORIZADA', 'REJEITADA', 'CONTINGENCIA', 'PENDENTE', 'CANCELADA', 'DENEGADA'],
  // only a note SEFAZ has not authorised (the job consults first: a contingency note may be authorised already)
  REENVIAR: ['REJEITADA', 'CONTINGENCIA', 'PENDENTE'],
  CANCELAR: ['AUTORIZADA'],
  // a number whose note was never authorised
  INUTILIZAR: ['REJEITADA', 'PENDENTE'],
};

export const podeAplicar = (acao: AcaoNfce, status: string | null): boolean =>
  (ACOES_PERMITIDAS[acao] as readonly string[]).includes(status ?? 'PENDENTE');

/** "Uso autorizado", "cancelamento homologado" and friends. */
export const CSTAT = {
  autorizada: 100,
  canceladaConsulta: 101,
  inutilizada: 102,
  loteRecebido: 103,
  loteProcessado: 104,
  servicoParalisadoMomentaneamente: 108,
  servicoParalisadoSemPrevisao: 109,
  eventoRegistrado: 135,
  eventoRegistradoForaDoPrazo: 155,
  duplicidade: 204,
  naoConstaNaBase: 217,
  falhaSchema: 225,
  duplicidadeChaveDiferente: 539,
  consumoIndevido: 656,
} as const;

const DENEGACAO = new Set([110, 301, 302, 303]);

/** SEFAZ already has this note (authorised): the job consults it and fixes the status. */
export const ehDuplicidade = (c: number) => c === CSTAT.duplicidade || c === CSTAT.duplicidadeChaveDiferente;
/** SEFAZ is down for now: a failed attempt, retried later. */
export const ehIndisponivel = (c: number) =>
  c === CSTAT.servicoParalisadoMomentaneamente || c === CSTAT.servicoParalisadoSemPrevisao;

/**
 * The status after SEFAZ answered `cStat` to `acao` on a note in `atual`; null: unchanged. A duplicidade on
 * a resend is not applied here: the job consults, and the consultation's answer fixes the status.
 */
export function statusDepois(acao: AcaoNfce, atual: StatusNfce, cStat: number): StatusNfce | null {
  if (cStat === CSTAT.consumoIndevido || ehIndisponivel(cStat)) return null;
  let novo: StatusNfce | null = null;
  switch (acao) {
    case 'CONSULTAR':
      if (cStat === CSTAT.autorizada) novo = 'AUTORIZADA';
      else if (
        cStat === CSTAT.canceladaConsulta ||
        cStat === CSTAT.eventoRegistrado ||
        cStat === CSTAT.eventoRegistradoForaDoPrazo
      )
        novo = 'CANCELADA';
      else if (DENEGACAO.has(cStat)) novo = 'DENEGADA';
      break;
    case 'REENVIAR':
      if (cStat === CSTAT.autorizada) novo = 'AUTORIZADA';
      else if (DENEGACAO.has(cStat)) novo = 'DENEGADA';
      else if (ehDuplicidade(cStat)) novo = null;
      else if (cStat >= 200) novo = 'REJEITADA';
      break;
    case 'CANCELAR':
      if (cStat === CSTAT.eventoRegistrado || cStat === CSTAT.eventoRegistradoForaDoPrazo) novo = 'CANCELADA';
      break;
    case 'INUTILIZAR':
      if (cStat === CSTAT.inutilizada) novo = 'INUTILIZADA';
      break;
  }
  return novo === atual ? null : novo;
}

/** Whether a note authorised at `autorizadoEm` may still be cancelled at `agora` (the UF's deadline, minutes). */
export function dentroDoPrazoDeCancelamento(autorizadoEm: Date | null, agora: Date, prazoMinutos: number): boolean {
  if (!autorizadoEm) return false;
  return agora.getTime() - autorizadoEm.getTime() <= prazoMinutos * 60_000;
}
