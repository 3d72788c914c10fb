/**
 * Notifications (spec §2.4 "/notificacoes" needs no permission, §7 GET /api/v1/notificacoes/recentes):
 * each user reads and marks only their own. Administrators may send one to a user of the tenant.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { buscar, criarNotificacao, listar, marcarLidas, recentes } from './notificacoes.service';

const tags = ['notificações'];
const QUALQUER = { access: { entidade: 'notificações' } };
export const MSG_NOTIFICACAO = {
  somenteUsuarios: 'Somente usuários recebem notificações.',
  naoEncontrada: 'Notificação não encontrada.',
  destinatarioInexistente: 'usuarioId: usuário não encontrado neste assinante.',
  dadosInvalidos: 'Os dados enviados são inválidos.',
} as const;

const novaSchema = z.object({
  usuarioId: z.number().int().positive(),
  titulo: z.string().trim().min(1).max(200),
  corpo: z.string().max(4000).optional(),
  link: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, 'deve ser um caminho da aplicação começando com /')
    .nullable()
    .optional(),
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
    { config: QUALQUER, schema: { tags, summary: 'Notificações recentes do usuário' } },
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
        querystring: z.object({
          start: z.coerce.number().int().min(0).default(0),
          count: z.coerce.number().int().min(0).max(1000).default(10),
          naoLidas: z.enum(['true', 'false']).default('false'),
        }),
      },
    },
    async (request) => {
      const u = usuarioDe(request);
      const { start, count, naoLidas } = request.query;
      return db.withTenant(u.assinanteId, (trx) =>
        listar(trx, u.usuarioId, { start, count: count || 10, naoLidas: naoLidas === 'true' }),
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
    { config: QUALQUER, schema: { tags, summary: 'Marca todas as notificações como lidas' } },
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
      schema: { tags, summary: 'Envia uma notificação a um usuário do assinante', body: novaSchema },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      const criada = await db.withTenant(auth.assinanteId, async (trx) => {
        // FK checks ignore RLS: the recipient must be looked up under the tenant's policy
        const { rows } = await sql`select 1 from usuario where id = ${body.usuarioId}`.execute(trx);
        if (!rows.length)
          throw new ApiError(422, MSG_NOTIFICACAO.dadosInvalidos, [MSG_NOTIFICACAO.destinatarioInexistente]);
        return criarNotificacao(trx, auth.assinanteId, body, { usuarioId: auth.usuarioId, requestId: request.id });
      });
      return reply.code(201).header('location', `/api/v1/notificacoes/${criada.id}`).send(criada);
    },
  );
}
