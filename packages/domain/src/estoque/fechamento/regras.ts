/** Pure rules of the stock period closing (dates are YYYY-MM-DD, compared as text). */
import { type FalhaDeCampo, falhaDeCampo } from '../../contrato';
import { MSG_FECHAMENTO } from './mensagens';

export type Recusa = { status: 409; mensagem: string } | { status: 422; falha: FalhaDeCampo };

/** Whether a movement dated `data` falls in the closed period. */
export function periodoFechado(fechadoAte: string | null, data: string): boolean {
  return fechadoAte !== null && data <= fechadoAte;
}

/** Closing moves the date forward only, and never past the store's today. */
export function recusaDoFechamento(
  sigla: string,
  atual: string | null,
  nova: string,
  hoje: string,
): Recusa | undefined {
  if (nova > hoje) return { status: 422, falha: falhaDeCampo('fechadoAte', MSG_FECHAMENTO.dataFutura(hoje)) };
  if (atual !== null && nova <= atual) return { status: 409, mensagem: MSG_FECHAMENTO.jaFechado(sigla, atual) };
  return undefined;
}

/** Reopening moves the date back (or clears it): the store must be closed, the new date earlier. */
export function recusaDaReabertura(sigla: string, atual: string | null, nova: string | null): Recusa | undefined {
  if (atual === null) return { status: 409, mensagem: MSG_FECHAMENTO.naoFechado(sigla) };
  if (nova !== null && nova >= atual)
    return { status: 422, falha: falhaDeCampo('fechadoAte', MSG_FECHAMENTO.reaberturaPosterior(atual)) };
  return undefined;
}
