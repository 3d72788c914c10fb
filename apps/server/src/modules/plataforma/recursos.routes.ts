/**
 * Learning resources for the signed-in user (spec §3, §4 "On login … learning resources", §7):
 * GET /v1/recurso-aprendizagem/menus → the resources of the screens the caller may open, minus the ones
 * they dismissed (POST /v1/recurso-aprendizagem/{id}/dispensar). Administrators keep the register on the
 * generic engine (same path; rules in recurso-aprendizagem.hooks.ts).
 */
import {
  podeVerNoMenu,
  type RecursoDaTela,
  ROTAS,
  recursoAprendizagem,
  recursoDispensado,
  recursosDasTelas,
  type UsuarioAcesso,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { type AuthContext, authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';

const tags = ['recursos de aprendizagem'];
const LOGADO = { access: { entidade: 'recursos de aprendizagem' } };
const SOMENTE_USUARIOS = 'Somente usuários dispensam recursos de aprendizagem.';

const ROTAS_DO_MENU = new Map(ROTAS.filter((r) => r.menu).map((r) => [r.path, r]));
const idParams = z.object({ id: z.coerce.number().int().positive() });

function acessoDe(auth: AuthContext): UsuarioAcesso {
  return {
    id: auth.usuarioId ?? 0,
    administrador: auth.administrador,
    tipoCliente: auth.tipoCliente,
    permissoes: [...auth.permissoes],
  };
}

export async function recursosRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/v1/recurso-aprendizagem/menus',
    { config: LOGADO, schema: { tags, summary: 'Recursos das telas do usuário', response: { 200: recursosDasTelas } } },
    async (request) => {
      const auth = authOf(request);
      const { rows } = await db.withTenant(auth.assinanteId, (trx) =>
        sql<RecursoDaTela>`
        select r.id, r.menu_id as "menuId", r.titulo, r.conteudo, r.link from recurso_aprendizagem r
         where r.ativo and not exists (select 1 from recurso_aprendizagem_dispensa d
                                        where d.recurso_id = r.id and d.usuario_id = ${auth.usuarioId ?? -1})
         order by r.menu_id, r.id`.execute(trx),
      );
      const usuario = acessoDe(auth);
      return rows.filter((r) => {
        const rota = ROTAS_DO_MENU.get(r.menuId);
        return rota !== undefined && podeVerNoMenu(rota, usuario);
      });
    },
  );

  app.post(
    '/v1/recurso-aprendizagem/:id/dispensar',
    {
      config: LOGADO,
      schema: {
        tags,
        summary: 'Não mostrar mais este recurso ao usuário',
        params: idParams,
        response: { 200: recursoDispensado },
      },
    },
    async (request) => {
      const auth = authOf(request);
      if (auth.usuarioId === null) throw new ApiError(403, SOMENTE_USUARIOS);
      await db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql`select 1 from recurso_aprendizagem where id = ${request.params.id}`.execute(trx);
        if (!rows.length) throw new ApiError(404, recursoAprendizagem.label.naoEncontrado);
        await sql`insert into recurso_aprendizagem_dispensa (assinante_id, recurso_id, usuario_id)
          values (${auth.assinanteId}, ${request.params.id}, ${auth.usuarioId}) on conflict do nothing`.execute(trx);
      });
      return { id: request.params.id, dispensado: true as const };
    },
  );
}
