/**
 * Device registration (Cadastro de dispositivo): the store's device list with its licence use; the QR token,
 * the registration and the status changes are commands (dispositivos.workflow.ts).
 */
import { consultaDispositivos, dispositivo, listaDispositivos, MSG, MSG_DISPOSITIVO, perm } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { lerParametro } from '../../configuracoes';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { montarWorkflows } from '../../workflows';
import { COLUNAS_DISPOSITIVO, type LinhaDispositivo } from './dispositivos.consulta';
import {
  bloquearDispositivo,
  desbloquearDispositivo,
  gerarTokenDispositivo,
  registrarDispositivo,
  revogarDispositivo,
} from './dispositivos.workflow';

const tags = ['frente de loja'];

export async function dispositivosRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  // token and credential answers are secrets: no cache keeps any answer of these routes
  api.addHook('onRequest', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get(
    '/v1/dispositivos',
    {
      config: { access: { anyOf: [perm('CADASTRO_DISPOSITIVO')], entidade: MSG_DISPOSITIVO.entidade } },
      schema: {
        tags,
        summary: 'Dispositivos da loja (ativos primeiro) e o uso da licença',
        querystring: consultaDispositivos,
        response: { 200: listaDispositivos },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { lojaId } = request.query;
      if (!auth.lojas.includes(lojaId)) throw new ApiError(403, MSG_DISPOSITIVO.foraDoEscopo);
      const items = await db.readOnce(
        auth.assinanteId,
        sql<LinhaDispositivo>`select ${sql.raw(COLUNAS_DISPOSITIVO)} from dispositivo where loja_id = ${lojaId}
          order by case status when 'ATIVO' then 0 when 'BLOQUEADO' then 1 else 2 end, numero_caixa nulls last, nome, id`,
      );
      const limite = await lerParametro(db, auth.assinanteId, 'administrativo.limiteDispositivos', lojaId);
      return { lojaId, limite, ativos: items.filter((d) => d.status === 'ATIVO').length, items };
    },
  );

  // the calling device itself: a terminal checks its credential and status (devices only)
  app.get(
    '/v1/dispositivos/eu',
    {
      config: { access: { dispositivo: 'somente', entidade: MSG_DISPOSITIVO.entidade } },
      schema: { tags, summary: 'O dispositivo da credencial (somente dispositivos)', response: { 200: dispositivo } },
    },
    async (request) => {
      const auth = authOf(request);
      if (auth.dispositivoId == null) throw new ApiError(403, MSG.semPermissao(MSG_DISPOSITIVO.entidade));
      const [linha] = await db.readOnce(
        auth.assinanteId,
        sql<LinhaDispositivo>`select ${sql.raw(COLUNAS_DISPOSITIVO)} from dispositivo where id = ${auth.dispositivoId}`,
      );
      return linha!;
    },
  );

  montarWorkflows(api, db, [
    gerarTokenDispositivo,
    registrarDispositivo,
    bloquearDispositivo,
    desbloquearDispositivo,
    revogarDispositivo,
  ]);
}
