/**
 * The 409 of POST /api/auth when the tenant's limit of concurrent sessions is reached (issue 3).
 * Kept apart from the chooser so the login route reads it without loading the modal's code.
 */
import { HttpError } from '../../lib/erros';

export interface SessaoAtiva {
  id: string;
  username: string;
  nome: string;
  criadaEm: string;
  ultimaAtividade: string;
  ip: string | null;
  userAgent: string | null;
}

/** The sessions of a 409 from POST /api/auth, or null for any other error. */
export function sessoesDoLimite(e: unknown): SessaoAtiva[] | null {
  if (!(e instanceof HttpError) || e.status !== 409) return null;
  const s = (e.data as { sessoes?: unknown } | null)?.sessoes;
  return Array.isArray(s) ? (s as SessaoAtiva[]) : null;
}
