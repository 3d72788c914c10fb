/** Active sessions (spec §6: administrators only) and the tenant's session settings (the change is a command). */
import { configuracaoSessao, PAGE_SIZE_MAX, sessaoEncerrada, sessaoParams, sessoesAtivas } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { defineList, pagedItems } from '../../http/list';
import { ApiError } from '../../plugins/errors';
import { identityFor } from '../../plugins/auth/identity';
import { MSG_AUTH } from '../../plugins/auth/messages';
import { activeSessions, endSessions } from '../../plugins/auth/sessions';
import { montarWorkflows } from '../../workflows';
import { alterarConfiguracaoSessao } from './sessoes.workflow';

const ADMIN = { access: { adminOnly: true, entidade: 'sessões ativas' } };
const CONFIG = { access: { adminOnly: true, entidade: 'configuração de sessões' } };
const tags = ['sessões'];

/** The sessions in their own order (latest activity first); the screen reads them all. */
const LISTA = defineList({ defaultCount: PAGE_SIZE_MAX });

export async function sessoesRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const id = await identityFor(db);

  app.get(
    '/v1/sessoes-ativas',
    {
      config: ADMIN,
      schema: {
        tags,
        summary: 'Sessões ativas do assinante',
        querystring: LISTA.query,
        response: { 200: sessoesAtivas },
      },
      ...LISTA.route,
    },
    async (request) => {
      const auth = authOf(request);
      const lista = LISTA.read(request.query);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const items = (await activeSessions(trx, id.settings.inactivityMinutesDefault)).map((s) => ({
          ...s,
          atual: s.id === auth.sessaoId,
        }));
        return pagedItems(items, lista);
      });
    },
  );

  app.delete(
    '/v1/sessoes-ativas/:id',
    {
      config: ADMIN,
      schema: { tags, summary: 'Encerra uma sessão', params: sessaoParams, response: { 200: sessaoEncerrada } },
    },
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
    {
      config: CONFIG,
      schema: { tags, summary: 'Configuração de sessões', response: { 200: configuracaoSessao } },
    },
    async (request) =>
      db.withTenant(authOf(request).assinanteId, async (trx) => {
        const c = await trx
          .selectFrom('configuracaoSessao')
          .select(['limiteSessoes', 'inatividadeMinutos'])
          .executeTakeFirst();
        return c ?? { limiteSessoes: null, inatividadeMinutos: id.settings.inactivityMinutesDefault };
      }),
  );

  montarWorkflows(api, db, [alterarConfiguracaoSessao]);
}
