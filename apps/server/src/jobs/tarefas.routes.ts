/**
 * GET /api/v1/tarefas/{id} (a job's status and progress) and POST /api/v1/tarefas/{id}/cancelar:
 * the owner or an administrator of the tenant; anyone else gets 404, as for reports.
 */
import { MSG_TAREFA, tarefa, tarefaParams } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import type { Database } from '../db/database';
import { tarefasDe } from './motor';

const tags = ['tarefas'];
const QUALQUER = { access: { entidade: 'tarefas' } };

function leitorDe(request: FastifyRequest) {
  const auth = authOf(request);
  if (auth.usuarioId === null) throw new ApiError(403, MSG_TAREFA.somenteUsuarios);
  return { assinanteId: auth.assinanteId, usuarioId: auth.usuarioId, administrador: auth.administrador };
}

export async function tarefasRotas(api: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/tarefas/:id',
    {
      config: QUALQUER,
      schema: { tags, summary: 'Situação e progresso de uma tarefa', params: tarefaParams, response: { 200: tarefa } },
    },
    async (request) => {
      const l = leitorDe(request);
      const t = await tarefasDe(db).consultar(l.assinanteId, request.params.id, l);
      if (!t) throw new ApiError(404, MSG_TAREFA.naoEncontrada);
      return t;
    },
  );
  app.post(
    '/v1/tarefas/:id/cancelar',
    {
      config: QUALQUER,
      schema: {
        tags,
        summary: 'Cancelar uma tarefa pendente ou em processamento',
        params: tarefaParams,
        response: { 200: tarefa },
      },
    },
    async (request) => {
      const l = leitorDe(request);
      const r = await tarefasDe(db).cancelar(l.assinanteId, request.params.id, l);
      if (!r.tarefa) throw new ApiError(404, MSG_TAREFA.naoEncontrada);
      if (r.encerrada) throw new ApiError(409, MSG_TAREFA.encerrada);
      return r.tarefa;
    },
  );
}
