/**
 * The 409 of POST /api/auth when the tenant's limit of concurrent sessions is reached (domain contract
 * `limiteDeSessoes`). Kept apart from the chooser so the login route reads it without loading the modal's code.
 */
import type { LimiteDeSessoes } from '@retaguarda/domain';
import { HttpError } from '../../lib/erros';

export type SessaoAtiva = LimiteDeSessoes['sessoes'][number];

/** The sessions of a 409 from POST /api/auth, or null for any other error. */
export function sessoesDoLimite(e: unknown): SessaoAtiva[] | null {
  if (!(e instanceof HttpError) || e.status !== 409) return null;
  const s = (e.data as Partial<LimiteDeSessoes> | null)?.sessoes;
  return Array.isArray(s) ? s : null;
}
