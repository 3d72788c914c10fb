/** Active sessions (spec §6: administrators only) and the tenant's session settings. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { identityFor } from './identity';
import { MSG_AUTH } from './mensagens';
import { activeSessions, endSessions } from './sessions';

const ADMIN = { access: { adminOnly: true, entidade: 'sessões ativas' } };
const CONFIG = { access: { adminOnly: true, entidade: 'configuração de sessões' } };
const tags = ['sessões'];

const configuracaoSchema = z.object({
  limiteSessoes: z.number().int().min(1).max(100_000).nullable(),
  inatividadeMinutos: z.number().int().min(5).max(10_080),
});

export async function sessoesRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const id = await identityFor(db);

  app.get(
    '/v1/sessoes-ativas',
    { config: ADMIN, schema: { tags, summary: 'Sessões ativas do assinante' } },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const items = (await activeSessions(trx, id.settings.inactivityMinutesDefault)).map((s) => ({
          ...s,
          atual: s.id === auth.sessaoId,
        }));
        return { total: items.length, items };
      });
    },
  );

  app.delete(
    '/v1/sessoes-ativas/:id',
    { config: ADMIN, schema: { tags, summary: 'Encerra uma sessão', params: z.object({ id: z.uuid() }) } },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const n = await endSessions(trx, auth.assinanteId, { sessaoId: request.params.id }, 'ADMINISTRADOR', {
          usuarioId: auth.usuarioId,
          requestId: request.id,
        });
        if (!n) throw new ApiError(404, MSG_AUTH.sessaoNaoEncontrada);
        return { id: request.params.id, message: MSG_AUTH.sessaoEncerrada };
      });
    },
  );

  app.get(
    '/v1/administracao/configuracao-sessao',
    { config: CONFIG, schema: { tags, summary: 'Configuração de sessões' } },
    async (request) =>
      db.withTenant(authOf(request).assinanteId, async (trx) => {
        const c = await trx
          .selectFrom('configuracaoSessao')
          .select(['limiteSessoes', 'inatividadeMinutos'])
          .executeTakeFirst();
        return c ?? { limiteSessoes: null, inatividadeMinutos: id.settings.inactivityMinutesDefault };
      }),
  );

  app.put(
    '/v1/administracao/configuracao-sessao',
    { config: CONFIG, schema: { tags, summary: 'Altera a configuração de sessões', body: configuracaoSchema } },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const antes = await trx
          .selectFrom('configuracaoSessao')
          .select(['limiteSessoes', 'inatividadeMinutos'])
          .executeTakeFirst();
        const values = { assinanteId: auth.assinanteId, ...request.body };
        await trx
          .insertInto('configuracaoSessao')
          .values(values)
          .onConflict((oc) => oc.column('assinanteId').doUpdateSet(request.body))
          .execute();
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'configuracaoSessao',
          entidadeId: auth.assinanteId,
          operacao: 'ALTERACAO',
          antes,
          depois: request.body,
          requestId: request.id,
        });
        return request.body;
      });
    },
  );
}
