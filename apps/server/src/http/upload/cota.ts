/**
 * Upload quotas, checked before the body is read (declared Content-Length) and again, under a per-tenant
 * lock, before the row is written: a sender may store UPLOAD_COTA_USUARIO_BYTES in any 24 hours (429), a
 * tenant may hold UPLOAD_COTA_ASSINANTE_BYTES (413) — sizes as sent, so the same bytes stored once for
 * two uploads still count twice (counting them once would tell that someone else had sent them).
 */
import { MSG_ARQUIVO } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import { ApiError } from '../../plugins/errors';

export interface Cota {
  usuarioBytes: number;
  assinanteBytes: number;
}

const GB = 1024 * 1024 * 1024;

export function cotaDoAmbiente(env: NodeJS.ProcessEnv = process.env): Cota {
  const int = (v: string | undefined, d: number) => (Number.isSafeInteger(Number(v)) && Number(v) > 0 ? Number(v) : d);
  return {
    usuarioBytes: int(env.UPLOAD_COTA_USUARIO_BYTES, GB / 2),
    assinanteBytes: int(env.UPLOAD_COTA_ASSINANTE_BYTES, 10 * GB),
  };
}

export class CotaExcedida extends ApiError {}

/** Throws the quota's error when `tamanho` more bytes from `remetente` would pass either quota. */
export async function verificarCota(trx: Tx, remetente: string, tamanho: number, cota: Cota): Promise<void> {
  const { rows } = await sql<{ doRemetente: string; doAssinante: string }>`
    select coalesce(sum(tamanho) filter (where remetente = ${remetente} and enviado_em > now() - interval '1 day'), 0)
             as do_remetente,
           coalesce(sum(tamanho), 0) as do_assinante
      from arquivo_enviado`.execute(trx);
  const usados = rows[0]!;
  if (Number(usados.doRemetente) + tamanho > cota.usuarioBytes)
    throw new CotaExcedida(429, MSG_ARQUIVO.cotaUsuario(cota.usuarioBytes));
  if (Number(usados.doAssinante) + tamanho > cota.assinanteBytes)
    throw new CotaExcedida(413, MSG_ARQUIVO.cotaAssinante(cota.assinanteBytes));
}

/** Serialises the final check and insert of one tenant's uploads (held to the end of the transaction). */
export async function travarCota(trx: Tx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(app_assinante() || ':arquivo-cota', 0))`.execute(trx);
}
