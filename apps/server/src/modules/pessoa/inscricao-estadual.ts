/** The IE arrives masked as printed on documents ("110.042.490.114"): it is stored as its digits. */
import { normalizarIe } from '@retaguarda/domain';

export function ieSemPontuacao(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  return typeof b.inscricaoEstadual === 'string'
    ? { ...b, inscricaoEstadual: normalizarIe(b.inscricaoEstadual) }
    : body;
}
