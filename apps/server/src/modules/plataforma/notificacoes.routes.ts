/**
 * Notifications (spec §2.4 "/notificacoes" needs no permission, §7 GET /api/v1/notificacoes/recentes):
 * each user reads and marks only their own. Administrators may send one to a user of the tenant.
 */
import {
  falhaDeCampo,
  MSG,
  notificacao,
  notificacoesMarcadas,
  notificacoesRecentes,
  novaNotificacao,
  paginaDeNotificacoes,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { defineList } from '../../http/list';
import { ApiError } from '../../plugins/errors';
import { buscar, criarNotificacao, listar, marcarLidas, recentes } from './notificacoes.service';

const tags = ['notificações'];
const QUALQUER = { access: { entidade: 'notificações' } };
export const MSG_NOTIFICACAO = {
  somenteUsuarios: 'Somente usuários recebem notificações.',
  naoEncontrada: 'Notificação não encontrada.',
  destinatarioInexistente: 'usuário não encontrado neste assinante.',
} as const;

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

  app.post(
    '/v1/notificacoes',
    {
      config: { access: { adminOnly: true, entidade: 'notificações' } },
      schema: {
        tags,
        summary: 'Envia uma notificação a um usuário do assinante',
        body: novaNotificacao,
        response: { 201: notificacao },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      const criada = await db.withTenant(auth.assinanteId, async (trx) => {
        // FK checks ignore RLS: the recipient must be looked up under the tenant's policy
        const { rows } = await sql`select 1 from usuario where id = ${body.usuarioId}`.execute(trx);
        if (!rows.length)
          throw new ApiError(422, MSG.validacao, [falhaDeCampo('usuarioId', MSG_NOTIFICACAO.destinatarioInexistente)]);
        return criarNotificacao(trx, auth.assinanteId, body, { usuarioId: auth.usuarioId, requestId: request.id });
      });
      return reply.code(201).header('location', `/api/v1/notificacoes/${criada.id}`).send(criada);
    },
  );
}
