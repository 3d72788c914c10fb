/** Integration keys: recognised by hash, scoped by their own permissions and stores, every use audited. */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Assinante, Database } from '../../db/database';
import type { AuthContext } from './context';
import { sha256, TOKEN_PREFIX } from './tokens';

export async function apiKeyContext(
  db: Database,
  assinante: Assinante,
  key: string,
  request: FastifyRequest,
): Promise<AuthContext | undefined> {
  if (!key.startsWith(TOKEN_PREFIX.chave) || key.length > 200) return undefined;
  return db.withTenant(assinante.id, async (trx) => {
    const row = await trx
      .updateTable('chaveIntegracao')
      .set({ ultimoUso: sql`now()` })
      .where('chaveHash', '=', sha256(key))
      .where('revogadaEm', 'is', null)
      .returning(['id', 'nome', 'permissoes', 'lojas'])
      .executeTakeFirst();
    if (!row) return undefined;
    const lojas = row.lojas ?? (await trx.selectFrom('loja').select('id').orderBy('id').execute()).map((l) => l.id);
    await audit(trx, {
      assinanteId: assinante.id,
      usuarioId: null,
      entidade: 'chaveIntegracao',
      entidadeId: row.id,
      operacao: 'ACESSO',
      depois: { metodo: request.method, url: request.url.split('?')[0], ip: request.ip },
      requestId: request.id,
    });
    return {
      assinanteId: assinante.id,
      usuarioId: null,
      username: `chave:${row.nome}`,
      sessaoId: null,
      apiKeyId: row.id,
      administrador: false,
      tipoCliente: assinante.tipoCliente === 'BOTICARIO' ? 'BOTICARIO' : 'TODOS',
      permissoes: new Set(row.permissoes),
      lojas,
      lojaPrincipal: lojas[0] ?? null,
    } satisfies AuthContext;
  });
}
