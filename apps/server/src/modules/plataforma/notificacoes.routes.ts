/**
 * Notifications (spec §2.4 "/notificacoes" needs no permission, §7 GET /api/v1/notificacoes/recentes):
 * each user reads and marks only their own. Administrators may send one to a user of the tenant.
 */
import { notificacao, notificacoesMarcadas, notificacoesRecentes, paginaDeNotificacoes } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { defineList } from '../../http/list';
import { ApiError } from '../../plugins/errors';
import { montarWorkflows } from '../../workflows';
import { enviarNotificacao, MSG_NOTIFICACAO } from './notificacoes.workflow';
import { buscar, listar, marcarLidas, recentes } from './notificacoes.service';

export { MSG_NOTIFICACAO };

const tags = ['notificações'];
const QUALQUER = { access: { entidade: 'notificações' } };

/** The user's notifications, newest first (naoLidas=true: only the unread ones). */
const LISTA = defineList({
  extra: { naoLidas: z.enum(['true', 'false']).optional() },
  filter: { lida: { column: 'lida', type: 'boolean' }, criadoEm: { column: 'criado_em', type: 'date' } },
  sort: { fields: { criadoEm: 'criado_em', id: 'id' }, default: '-criadoEm,-id' },
});

function usuarioDe(request: FastifyRequest): { assinanteId: number; usuarioId: number } {
  const auth = authOf(request);
  if (auth.usuarioId === null) throw new ApiError(403, MSG_NOTIFICACAO.somenteUsuarios);
  return { assinanteId: auth.assinanteId, usuarioId: auth.usuarioId };
}

export async function notificacoesRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/v1/notificacoes/recentes',
    {
      config: QUALQUER,
      schema: { tags, summary: 'Notificações recentes do usuário', response: { 200: notificacoesRecentes } },
    },
    async (request) => {
      const u = usuarioDe(request);
      return db.withTenant(u.assinanteId, (trx) => recentes(trx, u.usuarioId));
    },
  );

  app.get(
    '/v1/notificacoes',
    {
      config: QUALQUER,
      schema: {
        tags,
        summary: 'Notificações do usuário (naoLidas=true: só as não lidas)',
        querystring: LISTA.query,
        response: { 200: paginaDeNotificacoes },
      },
      ...LISTA.route,
    },
    async (request) => {
      const u = usuarioDe(request);
      const lista = LISTA.read(request.query);
      return db.withTenant(u.assinanteId, (trx) =>
        listar(trx, u.usuarioId, { ...lista, naoLidas: request.query.naoLidas === 'true' }),
      );
    },
  );

  app.put(
    '/v1/notificacoes/:id/lida',
    {
      config: QUALQUER,
      schema: {
        tags,
        summary: 'Marca uma notificação como lida',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: notificacao },
      },
    },
    async (request) => {
      const u = usuarioDe(request);
      return db.withTenant(u.assinanteId, async (trx) => {
        await marcarLidas(trx, u.assinanteId, u.usuarioId, request.params.id, request.id);
        const n = await buscar(trx, u.usuarioId, request.params.id);
        if (!n) throw new ApiError(404, MSG_NOTIFICACAO.naoEncontrada);
        return n;
      });
    },
  );

  app.put(
    '/v1/notificacoes/lidas',
    {
      config: QUALQUER,
      schema: { tags, summary: 'Marca todas as notificações como lidas', response: { 200: notificacoesMarcadas } },
    },
    async (request) => {
      const u = usuarioDe(request);
      const alteradas = await db.withTenant(u.assinanteId, (trx) =>
        marcarLidas(trx, u.assinanteId, u.usuarioId, null, request.id),
      );
      return { alteradas };
    },
  );

  montarWorkflows(api, db, [enviarNotificacao]);
}
