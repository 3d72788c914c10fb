/**
 * Learning resources (spec §3, §4 "On login … learning resources", §7):
 * GET /v1/recurso-aprendizagem/menus → [{id, menuId, titulo, conteudo, link}] for the screens the
 * caller may open, minus the ones they dismissed (POST /v1/recurso-aprendizagem/{id}/dispensar).
 * Administrators manage the register: GET/POST /v1/recurso-aprendizagem, PUT/DELETE /{id}.
 */
import { podeVerNoMenu, ROTAS, type UsuarioAcesso } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { type AuthContext, authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';

const tags = ['recursos de aprendizagem'];
const ADMIN = { access: { adminOnly: true, entidade: 'recursos de aprendizagem' } };
const LOGADO = { access: { entidade: 'recursos de aprendizagem' } };
export const MSG_RECURSO = {
  naoEncontrado: 'Recurso de aprendizagem não encontrado.',
  menuInexistente: 'menuId: não corresponde a nenhuma tela do menu.',
  conteudoOuLink: 'conteudo: informe o conteúdo ou um link.',
  dadosInvalidos: 'Os dados enviados são inválidos.',
  alterado: 'O registro foi alterado por outro usuário. Recarregue e tente novamente.',
} as const;

const ROTAS_DO_MENU = new Map(ROTAS.filter((r) => r.menu).map((r) => [r.path, r]));

const corpoSchema = z.object({
  menuId: z.string().trim().min(1).max(200),
  titulo: z.string().trim().min(1).max(200),
  conteudo: z.string().max(20_000).default(''),
  link: z
    .string()
    .trim()
    .max(2000)
    .regex(/^(https?:\/\/|\/)/, 'deve começar com http://, https:// ou /')
    .nullable()
    .optional(),
  ativo: z.boolean().default(true),
  versao: z.number().int().optional(),
});
type Corpo = z.infer<typeof corpoSchema>;
const idParams = z.object({ id: z.coerce.number().int().positive() });

const COLUNAS = sql`id, menu_id as "menuId", titulo, conteudo, link, ativo, criado_em as "criadoEm", alterado_em as "alteradoEm", versao`;

function validar(b: Corpo): void {
  const razoes: string[] = [];
  if (!ROTAS_DO_MENU.has(b.menuId)) razoes.push(MSG_RECURSO.menuInexistente);
  if (!b.conteudo.trim() && !b.link) razoes.push(MSG_RECURSO.conteudoOuLink);
  if (razoes.length) throw new ApiError(422, MSG_RECURSO.dadosInvalidos, razoes);
}

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
    { config: LOGADO, schema: { tags, summary: 'Recursos das telas do usuário' } },
    async (request) => {
      const auth = authOf(request);
      const { rows } = await db.withTenant(auth.assinanteId, (trx) =>
        sql<{ id: number; menuId: string; titulo: string; conteudo: string; link: string | null }>`
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
    { config: LOGADO, schema: { tags, summary: 'Não mostrar mais este recurso ao usuário', params: idParams } },
    async (request) => {
      const auth = authOf(request);
      if (auth.usuarioId === null) throw new ApiError(403, 'Somente usuários dispensam recursos de aprendizagem.');
      await db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql`select 1 from recurso_aprendizagem where id = ${request.params.id}`.execute(trx);
        if (!rows.length) throw new ApiError(404, MSG_RECURSO.naoEncontrado);
        await sql`insert into recurso_aprendizagem_dispensa (assinante_id, recurso_id, usuario_id)
          values (${auth.assinanteId}, ${request.params.id}, ${auth.usuarioId}) on conflict do nothing`.execute(trx);
      });
      return { id: request.params.id, dispensado: true };
    },
  );

  app.get(
    '/v1/recurso-aprendizagem',
    { config: ADMIN, schema: { tags, summary: 'Recursos de aprendizagem' } },
    async (request) => {
      const auth = authOf(request);
      const { rows } = await db.withTenant(auth.assinanteId, (trx) =>
        sql`select ${COLUNAS} from recurso_aprendizagem order by menu_id, id`.execute(trx),
      );
      return { start: 0, count: rows.length, total: rows.length, items: rows };
    },
  );

  app.post(
    '/v1/recurso-aprendizagem',
    { config: ADMIN, schema: { tags, summary: 'Inclui um recurso de aprendizagem', body: corpoSchema } },
    async (request, reply) => {
      const auth = authOf(request);
      const b = request.body;
      validar(b);
      const criado = await db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<{ id: number }>`
          insert into recurso_aprendizagem (assinante_id, menu_id, titulo, conteudo, link, ativo)
          values (${auth.assinanteId}, ${b.menuId}, ${b.titulo}, ${b.conteudo}, ${b.link ?? null}, ${b.ativo})
          returning ${COLUNAS}`.execute(trx);
        const r = rows[0]!;
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'recursoAprendizagem',
          entidadeId: r.id,
          operacao: 'INCLUSAO',
          depois: r,
          requestId: request.id,
        });
        return r;
      });
      return reply.code(201).header('location', `/api/v1/recurso-aprendizagem/${criado.id}`).send(criado);
    },
  );

  app.put(
    '/v1/recurso-aprendizagem/:id',
    {
      config: ADMIN,
      schema: { tags, summary: 'Altera um recurso de aprendizagem', params: idParams, body: corpoSchema },
    },
    async (request) => {
      const auth = authOf(request);
      const b = request.body;
      validar(b);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows: antes } = await sql<{
          versao: number;
        }>`select ${COLUNAS} from recurso_aprendizagem where id = ${request.params.id} for update`.execute(trx);
        if (!antes[0]) throw new ApiError(404, MSG_RECURSO.naoEncontrado);
        if (b.versao !== undefined && b.versao !== antes[0].versao) throw new ApiError(409, MSG_RECURSO.alterado);
        const { rows } =
          await sql`update recurso_aprendizagem set menu_id = ${b.menuId}, titulo = ${b.titulo}, conteudo = ${b.conteudo},
            link = ${b.link ?? null}, ativo = ${b.ativo}, alterado_em = now(), versao = versao + 1
          where id = ${request.params.id} returning ${COLUNAS}`.execute(trx);
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'recursoAprendizagem',
          entidadeId: request.params.id,
          operacao: 'ALTERACAO',
          antes: antes[0],
          depois: rows[0],
          requestId: request.id,
        });
        return rows[0];
      });
    },
  );

  app.delete(
    '/v1/recurso-aprendizagem/:id',
    { config: ADMIN, schema: { tags, summary: 'Exclui um recurso de aprendizagem', params: idParams } },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } =
          await sql`delete from recurso_aprendizagem where id = ${request.params.id} returning ${COLUNAS}`.execute(trx);
        if (!rows[0]) throw new ApiError(404, MSG_RECURSO.naoEncontrado);
        await audit(trx, {
          assinanteId: auth.assinanteId,
          usuarioId: auth.usuarioId,
          entidade: 'recursoAprendizagem',
          entidadeId: request.params.id,
          operacao: 'EXCLUSAO',
          antes: rows[0],
          requestId: request.id,
        });
        return { id: request.params.id };
      });
    },
  );
}
