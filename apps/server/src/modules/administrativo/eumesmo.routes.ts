/** GET /api/v1/eumesmo (spec §3 "Current user"): who is calling, with effective rights and stores. */
import { euMesmo, zonaDaLoja } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { lerFlags } from '../../configuracoes';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { lojasDoUsuario } from './usuarios.service';

export async function euMesmoRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.get(
    '/v1/eumesmo',
    {
      config: { access: { passwordResetAllowed: true } },
      schema: { tags: ['usuários'], summary: 'Usuário atual', response: { 200: euMesmo } },
    },
    async (request) => {
      const auth = authOf(request);
      const permissoes = [...auth.permissoes].sort();
      const flags = await lerFlags(opts.db, auth.assinanteId);
      return opts.db.withTenant(auth.assinanteId, async (trx) => {
        if (auth.usuarioId === null) {
          // an integration key: its own name, rights and stores
          const lojas = await trx
            .selectFrom('loja')
            .select(['id', 'ativo', 'sigla', 'numeroDoDocumento', 'fantasia', 'nome', 'uf', 'codigoIbge'])
            .where('id', 'in', auth.lojas.length ? [...auth.lojas] : [0])
            .orderBy('id')
            .execute();
          return {
            id: null,
            nome: auth.username,
            username: auth.username,
            administrador: false,
            tipoCliente: auth.tipoCliente,
            permissoes,
            lojasUsuario: lojas.map((l) => ({ ...l, zona: zonaDaLoja(l), principal: l.id === auth.lojaPrincipal })),
            forcePasswordReset: false,
            flags,
          };
        }
        const u = await trx
          .selectFrom('usuario')
          .select([
            'id',
            'nome',
            'username',
            'email',
            'administrador',
            'tipoCliente',
            'forcePasswordReset',
            'setorId',
            'avatarUuid',
            'ultimoAcesso',
          ])
          .where('id', '=', auth.usuarioId)
          .executeTakeFirstOrThrow();
        const lojasUsuario = (await lojasDoUsuario(trx, u.id)).map(({ lojaId: _l, ...l }) => ({
          ...l,
          zona: zonaDaLoja(l),
        }));
        return { ...u, permissoes, lojasUsuario, flags };
      });
    },
  );
}
