/** Append-only audit trail: every write records who, when, tenant, store, entity, id, old → new. */
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from './database';
import type { AuditoriaTable } from './schema';

export interface AuditEntry {
  assinanteId: number;
  usuarioId: number | null;
  lojaId?: number | null;
  entidade: string;
  entidadeId: string | number | null;
  operacao: AuditoriaTable['operacao'];
  antes?: unknown;
  depois?: unknown;
  requestId?: string | null;
}

/** Fields never written to the audit log. */
const SECRET_FIELDS = new Set(['senha', 'senhaHash', 'password', 'token', 'chave', 'chaveHash']);

function scrub(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !SECRET_FIELDS.has(k))
        .map(([k, v]) => [k, scrub(v)]),
    );
  }
  return value;
}

export async function audit(trx: Tx, e: AuditEntry): Promise<void> {
  await trx
    .insertInto('auditoria')
    .values({
      assinanteId: e.assinanteId,
      usuarioId: e.usuarioId,
      lojaId: e.lojaId ?? null,
      entidade: e.entidade,
      entidadeId: e.entidadeId === null ? null : String(e.entidadeId),
      operacao: e.operacao,
      antes: JSON.stringify(scrub(e.antes)),
      depois: JSON.stringify(scrub(e.depois)),
      requestId: e.requestId ?? null,
    })
    .execute();
}

/**
 * The audit row as a statement to run together with another one (`with auditoria as (…) <statement>`): a
 * command writes its audit row and its idempotency answer in one round trip (workflows/idempotencia.ts).
 */
export function insercaoDeAuditoria(e: AuditEntry): RawBuilder<unknown> {
  return sql`insert into auditoria (assinante_id, usuario_id, loja_id, entidade, entidade_id, operacao, antes, depois,
                                    request_id)
    values (${e.assinanteId}, ${e.usuarioId}, ${e.lojaId ?? null}, ${e.entidade},
            ${e.entidadeId === null ? null : String(e.entidadeId)}, ${e.operacao},
            ${JSON.stringify(scrub(e.antes))}::jsonb, ${JSON.stringify(scrub(e.depois))}::jsonb, ${e.requestId ?? null})`;
}
