/**
 * The settings API (issue #25.6): `GET /api/v1/configuracoes?area=&lojaId=` lists an area's declared
 * parameters with their values; `PUT /api/v1/configuracoes/{chave}` sets the tenant's value and
 * `PUT …/{chave}/lojas/{lojaId}` a store's (validated by the declaration, permission- and store-checked,
 * audited, `versao` for optimistic concurrency); `GET /api/v1/configuracoes/flags` gives every signed-in
 * user the route flags (`especial.featureFlag`) the web guard reads.
 */
import {
  consultaDeParametros,
  entradaDeParametro,
  esquemaDoValor,
  flagsDoAssinante,
  listaDeParametros,
  MSG,
  MSG_CONFIGURACOES,
  type ParametroConfigurado,
  parametroConfigurado,
  parametroPorChave,
  parametrosDaArea,
  type QualquerParametro,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { audit } from '../db/audit';
import type { Database, Tx } from '../db/database';
import { type AuthContext, authOf } from '../plugins/auth';
import { ApiError } from '../plugins/errors';
import { falhasDaEntrada, naoEncontrado, proibido, recusar } from '../plugins/errors';
import { podeAlterar, podeLer } from './acesso';
import { chaveDaLinha, gravarValor, type LinhaParametro, linhasDoAssinante, resolver } from './armazem';
import { lerFlags } from './ler';

const ACESSO = { entidade: MSG_CONFIGURACOES.entidade };
const id = z.coerce.number().int().positive().max(2_147_483_647);
const chaveParam = z.object({ chave: z.string().max(80) });

function item(d: QualquerParametro, linhas: LinhaParametro[], lojaId: number | null, auth: AuthContext) {
  const mapa = new Map(linhas.map((l) => [chaveDaLinha(l.chave, l.lojaId), l]));
  const r = resolver(d, mapa, lojaId);
  const nivel = d.escopo === 'loja' && lojaId !== null ? lojaId : null;
  const { permissao: _p, flag: _f, ...declarado } = d;
  return {
    ...declarado,
    ...r,
    versao: mapa.get(chaveDaLinha(d.chave, nivel))?.versao ?? 0,
    podeAlterar: podeAlterar(auth, d),
  } as ParametroConfigurado;
}

/** 404 for an unknown store, 403 for one outside the caller's stores. */
async function conferirLoja(trx: Tx, auth: AuthContext, lojaId: number): Promise<void> {
  const { rows } = await sql`select 1 from loja where id = ${lojaId}`.execute(trx);
  if (!rows.length) throw naoEncontrado(MSG_CONFIGURACOES.lojaNaoEncontrada);
  if (!auth.lojas.includes(lojaId)) throw proibido(MSG_CONFIGURACOES.lojaForaDoEscopo);
}

/**
 * The tenant's value of a store-scoped parameter reaches every store: a user who lacks some store may not set
 * it (architecture §7.12), 403 naming the stores.
 */
async function conferirTodasAsLojas(trx: Tx, auth: AuthContext): Promise<void> {
  const { rows } = await sql<{ sigla: string }>`
    select sigla from loja where not (id = any(${[...auth.lojas]}::int4[])) order by sigla`.execute(trx);
  if (rows.length) throw proibido(MSG_CONFIGURACOES.valorDeTodasAsLojas(rows.map((r) => r.sigla).join(', ')));
}

function declarado(chave: string): QualquerParametro {
  const d = parametroPorChave(chave);
  if (!d) throw naoEncontrado(MSG_CONFIGURACOES.parametroDesconhecido(chave));
  return d;
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
      return { area, lojaId: lojaId ?? null, items: visiveis.map((d) => item(d, linhas, lojaId ?? null, auth)) };
    },
  );

  async function alterar(auth: AuthContext, chave: string, lojaId: number | null, corpo: unknown, requestId: string) {
    const d = declarado(chave);
    if (!podeAlterar(auth, d)) throw new ApiError(403, MSG.semPermissao(MSG_CONFIGURACOES.entidade));
    if (lojaId !== null && d.escopo === 'assinante') throw recusar('lojaId', MSG_CONFIGURACOES.somenteEmpresa);
    const entrada = entradaDeParametro.safeParse(corpo);
    if (!entrada.success) throw falhasDaEntrada(entrada.error.issues);
    const { valor: bruto, versao } = entrada.data;
    if (bruto === undefined) throw recusar('valor', MSG_CONFIGURACOES.valorObrigatorio);
    let valor: unknown = null;
    if (bruto !== null) {
      const v = esquemaDoValor(d).safeParse(bruto);
      if (!v.success) throw recusar('valor', v.error.issues[0]?.message ?? MSG_CONFIGURACOES.valorObrigatorio);
      valor = v.data;
    }
    return db.withTenant(auth.assinanteId, async (trx) => {
      if (lojaId !== null) await conferirLoja(trx, auth, lojaId);
      else if (d.escopo === 'loja') await conferirTodasAsLojas(trx, auth);
      const g = await gravarValor(trx, {
        assinanteId: auth.assinanteId,
        chave,
        lojaId,
        valor,
        versao,
        usuarioId: auth.usuarioId,
      });
      await audit(trx, {
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        lojaId,
        entidade: 'configuracao',
        entidadeId: lojaId === null ? chave : `${chave}@${lojaId}`,
        operacao: 'ALTERACAO',
        antes: { valor: g.antes },
        depois: { valor },
        requestId,
      });
      return item(d, await linhasDoAssinante(trx, [chave]), lojaId, auth);
    });
  }

  r.put(
    '/v1/configuracoes/:chave',
    {
      config: { access: ACESSO },
      schema: {
        tags: ['plataforma'],
        summary: 'Define o valor de um parâmetro para a empresa (valor null volta ao padrão)',
        params: chaveParam,
        response: { 200: parametroConfigurado },
      },
    },
    async (request) => alterar(authOf(request), request.params.chave, null, request.body, request.id),
  );

  r.put(
    '/v1/configuracoes/:chave/lojas/:lojaId',
    {
      config: { access: ACESSO },
      schema: {
        tags: ['plataforma'],
        summary: 'Define o valor de um parâmetro para uma loja (valor null volta ao valor da empresa)',
        params: chaveParam.extend({ lojaId: id }),
        response: { 200: parametroConfigurado },
      },
    },
    async (request) => alterar(authOf(request), request.params.chave, request.params.lojaId, request.body, request.id),
  );
}
