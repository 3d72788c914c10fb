/**
 * Device credentials (POS terminals, collectors): recognised by hash like integration keys, but checked
 * against `dispositivo` on every request (no cache: a block or revocation refuses the very next request on
 * every instance) and, instead of an audit row per call (terminals poll), stamping `ultimo_acesso_em` at
 * most once a minute. The context names the device and its single store, and no permission: routes admit
 * devices only by declaring `access.dispositivo` (enforce, index.ts).
 */
import { MSG_DISPOSITIVO } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Assinante, Database } from '../../db/database';
import { ApiError } from '../errors';
import type { AuthContext } from './context';
import { sha256, TOKEN_PREFIX } from './tokens';

export type ResultadoDispositivo = { ok: true; auth: AuthContext } | { ok: false; erro: ApiError };

export interface DispositivoAutenticado {
  id: number;
  lojaId: number;
  nome: string;
  status: string;
}

/** The device of a credential in the tenant (any status), stamping its last access when due. */
export async function dispositivoDaCredencial(
  db: Database,
  assinanteId: number,
  credencial: string,
): Promise<DispositivoAutenticado | undefined> {
  if (!credencial.startsWith(TOKEN_PREFIX.dispositivo) || credencial.length > 200) return undefined;
  const [linha] = await db.readOnce(
    assinanteId,
    sql<DispositivoAutenticado & { tocar: boolean }>`
      select id::int as id, loja_id, nome, status,
             (ultimo_acesso_em is null or ultimo_acesso_em < now() - interval '1 minute') as tocar
        from dispositivo where credencial_hash = ${sha256(credencial)}`,
  );
  if (!linha) return undefined;
  if (linha.tocar && linha.status === 'ATIVO')
    await db.withTenant(assinanteId, (trx) =>
      sql`update dispositivo set ultimo_acesso_em = now() where id = ${linha.id}`.execute(trx),
    );
  return { id: linha.id, lojaId: linha.lojaId, nome: linha.nome, status: linha.status };
}

export function contextoDoDispositivo(assinante: Assinante, d: DispositivoAutenticado): AuthContext {
  return {
    assinanteId: assinante.id,
    usuarioId: null,
    username: `dispositivo:${d.nome}`,
    sessaoId: null,
    apiKeyId: null,
    dispositivoId: d.id,
    administrador: false,
    tipoCliente: assinante.tipoCliente === 'BOTICARIO' ? 'BOTICARIO' : 'TODOS',
    permissoes: new Set(),
    lojas: [d.lojaId],
    lojaPrincipal: d.lojaId,
  };
}

export async function dispositivoContext(
  db: Database,
  assinante: Assinante,
  credencial: string,
): Promise<ResultadoDispositivo> {
  const d = await dispositivoDaCredencial(db, assinante.id, credencial);
  if (!d) return { ok: false, erro: new ApiError(401, MSG_DISPOSITIVO.credencialInvalida) };
  if (d.status === 'REVOGADO') return { ok: false, erro: new ApiError(401, MSG_DISPOSITIVO.credencialRevogada) };
  if (d.status === 'BLOQUEADO') return { ok: false, erro: new ApiError(403, MSG_DISPOSITIVO.dispositivoBloqueado) };
  return { ok: true, auth: contextoDoDispositivo(assinante, d) };
}
