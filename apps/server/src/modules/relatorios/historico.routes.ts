/**
 * GET {register path}/{id}/historico → 200: the record's audit trail as data, for 'Histórico de
 * alterações' shown on screen (the POST of the same path asks for the PDF). Same permission as the
 * register's read (ACESSO), same store scope; a record not there (or of another tenant) is a 404.
 */
import { historicoDoRegistro, REGISTERS, type RegisterDef, rotuloDoRegistro } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { metaOf } from '../../registers/meta';
import { getRow } from '../../registers/query';
import { access, idOf, scopeOf } from '../../registers/routes';
import { lerHistorico } from './historico-registro';

export async function historicoRoutes(
  api: FastifyInstance,
  opts: { db: Database; registers?: readonly RegisterDef[] },
) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  for (const def of opts.registers ?? REGISTERS) {
    const meta = metaOf(def);
    for (const p of def.paths)
      app.get(
        `${p.path}/:id/historico`,
        {
          config: access(def, 'ACESSO'),
          schema: {
            tags: ['relatórios'],
            summary: `Histórico de ${def.label.plural} (na tela)`,
            response: { 200: historicoDoRegistro },
          },
        },
        async (request) => {
          const auth = authOf(request);
          const scope = scopeOf(meta, request, auth);
          const id = idOf(meta, (request.params as { id: string }).id);
          return opts.db.withTenant(auth.assinanteId, async (trx) => {
            const row = await getRow(trx, meta, scope, id);
            if (!row) throw new ApiError(404, def.label.naoEncontrado);
            return { registro: rotuloDoRegistro(def, row), ...(await lerHistorico(trx, def, String(id))) };
          });
        },
      );
  }
}
