/**
 * The settings API (issue #25.6): `GET /api/v1/configuracoes?area=&lojaId=` lists an area's declared
 * parameters with their values; the commands `PUT /api/v1/configuracoes/{chave}` (the tenant's value) and
 * `PUT …/{chave}/lojas/{lojaId}` (a store's) are in valor.workflow.ts; `GET /api/v1/configuracoes/flags` gives every signed-in
 * user the route flags (`especial.featureFlag`) the web guard reads.
 */
import {
  consultaDeParametros,
  flagsDoAssinante,
  listaDeParametros,
  MSG,
  MSG_CONFIGURACOES,
  parametrosDaArea,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database, Tx } from '../db/database';
import { type AuthContext, authOf } from '../plugins/auth';
import { ApiError, naoEncontrado, proibido } from '../plugins/errors';
import { montarWorkflows } from '../workflows';
import { podeLer } from './acesso';
import { linhasDoAssinante } from './armazem';
import { lerFlags } from './ler';
import { alterarValorDaEmpresa, alterarValorDaLoja, itemConfigurado } from './valor.workflow';

const ACESSO = { entidade: MSG_CONFIGURACOES.entidade };

/** 404 for an unknown store, 403 for one outside the caller's stores. */
async function conferirLoja(trx: Tx, auth: AuthContext, lojaId: number): Promise<void> {
  const { rows } = await sql`select 1 from loja where id = ${lojaId}`.execute(trx);
  if (!rows.length) throw naoEncontrado(MSG_CONFIGURACOES.lojaNaoEncontrada);
  if (!auth.lojas.includes(lojaId)) throw proibido(MSG_CONFIGURACOES.lojaForaDoEscopo);
}

export async function configuracoesRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/configuracoes/flags',
    {
      config: { access: ACESSO },
      schema: {
        tags: ['plataforma'],
        summary: 'Flags de rota da empresa (guarda das telas)',
        response: { 200: flagsDoAssinante },
      },
    },
    async (request) => {
      return { flags: await lerFlags(db, authOf(request).assinanteId) };
    },
  );

  r.get(
    '/v1/configuracoes',
    {
      config: { access: ACESSO },
      schema: {
        tags: ['plataforma'],
        summary: 'Parâmetros declarados de uma área, com valores da empresa ou da loja',
        querystring: consultaDeParametros,
        response: { 200: listaDeParametros },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { area, lojaId } = request.query;
      const todos = parametrosDaArea(area);
      if (!todos.length) throw naoEncontrado(MSG_CONFIGURACOES.areaDesconhecida(area));
      const visiveis = todos.filter((d) => podeLer(auth, d));
      if (!visiveis.length) throw new ApiError(403, MSG.semPermissao(MSG_CONFIGURACOES.entidade));
      const linhas = await db.withTenant(auth.assinanteId, async (trx) => {
        if (lojaId !== undefined) await conferirLoja(trx, auth, lojaId);
        return linhasDoAssinante(
          trx,
          visiveis.map((d) => d.chave),
        );
      });
      return {
        area,
        lojaId: lojaId ?? null,
        items: visiveis.map((d) => itemConfigurado(d, linhas, lojaId ?? null, auth)),
      };
    },
  );

  montarWorkflows(api, db, [alterarValorDaEmpresa, alterarValorDaLoja]);
}
