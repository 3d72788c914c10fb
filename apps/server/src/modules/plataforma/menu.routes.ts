/**
 * GET /api/v1/menu and GET/PUT /api/v1/meu-menu (spec §7): the menu is built from the route
 * table and filtered by the caller's permissions, client type and administrator flag.
 */
import {
  folhasMenu,
  type MenuEntry,
  MSG,
  menu,
  meuMenuEntrada,
  montarMenu,
  type UsuarioAcesso,
} from '@retaguarda/domain';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lerFlags } from '../../configuracoes';
import type { Database } from '../../db/database';
import { type AuthContext, authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { assinanteDeDemonstracao } from './demo-historico.routes';

const MAX_ENTRADAS = 50;
const tags = ['plataforma'];

/** the caller as the route rules see it, with the tenant's route flags (its settings, cached) */
async function usuarioDe(db: Database, auth: AuthContext): Promise<UsuarioAcesso> {
  return {
    id: auth.usuarioId ?? 0,
    administrador: auth.administrador,
    tipoCliente: auth.tipoCliente,
    permissoes: [...auth.permissoes],
    // plus `demonstracao`, on in the demo tenants only (their history screen, #27.16)
    flags: {
      ...(await lerFlags(db, auth.assinanteId)),
      demonstracao: await assinanteDeDemonstracao(db, auth.assinanteId),
    },
  };
}

/** Keeps only entries the caller may still open, in the saved order, without duplicates. */
export function normalizarMeuMenu(salvas: readonly { rota?: string }[], menu: readonly MenuEntry[]): MenuEntry[] {
  const folhas = new Map(folhasMenu(menu).map(({ entry }) => [entry.rota, entry]));
  const vistas = new Set<string>();
  const out: MenuEntry[] = [];
  for (const s of salvas) {
    const f = s.rota ? folhas.get(s.rota) : undefined;
    if (!f?.rota || vistas.has(f.rota)) continue;
    vistas.add(f.rota);
    out.push({ id: f.id, descricao: f.descricao, rota: f.rota });
  }
  return out;
}

export async function menuRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const response = { 200: menu };
  app.get(
    '/v1/menu',
    { config: { access: {} }, schema: { tags, summary: 'Menu do usuário', response } },
    async (request) => montarMenu(await usuarioDe(opts.db, authOf(request))),
  );

  app.get(
    '/v1/meu-menu',
    { config: { access: {} }, schema: { tags, summary: 'Meu menu', response } },
    async (request) => {
      const auth = authOf(request);
      if (auth.usuarioId === null) return [];
      const { rows } = await opts.db.withTenant(auth.assinanteId, (trx) =>
        sql<{
          entradas: { rota?: string }[];
        }>`select entradas from meu_menu where usuario_id = ${auth.usuarioId}`.execute(trx),
      );
      return normalizarMeuMenu(rows[0]?.entradas ?? [], montarMenu(await usuarioDe(opts.db, auth)));
    },
  );

  app.put(
    '/v1/meu-menu',
    { config: { access: {} }, schema: { tags, summary: 'Salva meu menu', body: meuMenuEntrada, response } },
    async (request) => {
      const auth = authOf(request);
      if (auth.usuarioId === null) throw new ApiError(403, 'Somente usuários têm um menu próprio.');
      const entradas = normalizarMeuMenu(request.body, montarMenu(await usuarioDe(opts.db, auth)));
      if (entradas.length > MAX_ENTRADAS) {
        throw new ApiError(422, MSG.validacao, [`O meu menu aceita no máximo ${MAX_ENTRADAS} entradas.`]);
      }
      await opts.db.withTenant(auth.assinanteId, (trx) =>
        sql`insert into meu_menu (assinante_id, usuario_id, entradas)
            values (${auth.assinanteId}, ${auth.usuarioId}, ${JSON.stringify(entradas)}::jsonb)
            on conflict (assinante_id, usuario_id)
            do update set entradas = excluded.entradas, alterado_em = now()`.execute(trx),
      );
      return entradas;
    },
  );
}
