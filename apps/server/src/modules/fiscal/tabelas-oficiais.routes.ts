/**
 * Maintenance of the official tables known to be old or incomplete (CFOP, CEST, NF-e cStat — SOURCES.md).
 * - GET  /v1/fiscal/tabelas-oficiais → their version, load date, rows added by hand and the notice
 *   the screens show (any signed-in user).
 * - POST /v1/fiscal/tabelas-oficiais/cfop {codigo, descricao} and
 *   POST /v1/fiscal/tabelas-oficiais/cest {codigo, ncm, segmento, descricao} and
 *   POST /v1/fiscal/tabelas-oficiais/cstat {codigo, descricao, tipo}: administrators only.
 * Added codes are GLOBAL (the codes are national law and other tables reference cfop_oficial by key),
 * insert-only through SECURITY DEFINER functions (migration 0085): an official row is never changed,
 * an existing code answers 409. Each addition is marked on the row and audited in the tenant's trail.
 */
import {
  AVISO_TABELA,
  cestEntrada,
  cestIncluido,
  cfopEntrada,
  cfopIncluido,
  cstatEntrada,
  cstatIncluido,
  falhaDeCampo,
  MSG,
  situacaoDasTabelas,
  type TabelaIncompleta,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { audit } from '../../db/audit';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { naturezaReceitaRoutes } from './natureza-receita.routes';

const tags = ['fiscal'];
const TABELA_SQL: Record<TabelaIncompleta, string> = { cfop: 'cfop_oficial', cest: 'cest_codigo', cstat: 'nfe_cstat' };
const ADMIN = { access: { adminOnly: true, entidade: 'tabelas fiscais oficiais' } };
const SESSAO = { access: { entidade: 'tabelas fiscais oficiais' } };

export async function tabelasOficiaisRoutes(api: FastifyInstance, opts: { db: Database }) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  // the SPED natureza da receita tables are official tables an administrator loads, too
  await api.register(naturezaReceitaRoutes, opts);

  const situacao = { tags, response: { 200: situacaoDasTabelas } };
  app.get('/v1/fiscal/tabelas-oficiais', { config: SESSAO, schema: situacao }, async (request) => {
    const auth = authOf(request);
    return db.withTenant(auth.assinanteId, async (trx) => {
      const r = await sql<{ tabela: string; versao: string; carregadaEm: string; manuais: number }>`
        select v.tabela, v.versao, to_char(v.carregada_em, 'YYYY-MM-DD"T"HH24:MI:SS') as carregada_em,
               case v.tabela when 'cfop_oficial' then (select count(*) from cfop_oficial where incluido_manualmente)
                             when 'cest_codigo' then (select count(*) from cest_codigo where incluido_manualmente)
                             else (select count(*) from nfe_cstat where incluido_manualmente) end::int as manuais
          from tabela_oficial_versao v where v.tabela = any(${Object.values(TABELA_SQL)}::text[])`.execute(trx);
      return {
        items: (Object.keys(TABELA_SQL) as TabelaIncompleta[]).map((t) => {
          const row = r.rows.find((x) => x.tabela === TABELA_SQL[t]);
          return {
            tabela: t,
            versao: row?.versao ?? null,
            carregadaEm: row?.carregadaEm ?? null,
            incluidosManualmente: row?.manuais ?? 0,
            aviso: AVISO_TABELA[t],
          };
        }),
      };
    });
  });

  async function incluir<T extends Record<string, string>>(
    request: Parameters<typeof authOf>[0],
    entidade: TabelaIncompleta,
    dados: T,
    fn: ReturnType<typeof sql<{ ok: boolean }>>,
  ) {
    const auth = authOf(request);
    return db.withTenant(auth.assinanteId, async (trx) => {
      const ok = (await fn.execute(trx)).rows[0]?.ok;
      const jaExiste =
        entidade === 'cest'
          ? `O CEST ${dados.codigo} já está na tabela para o NCM ${dados.ncm}.`
          : `O ${entidade === 'cfop' ? 'CFOP' : 'cStat'} ${dados.codigo} já existe na tabela.`;
      if (!ok) throw new ApiError(409, jaExiste, [falhaDeCampo('codigo', 'valor já cadastrado.')]);
      await audit(trx, {
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        entidade: `${entidade}Oficial`,
        entidadeId: dados.codigo!,
        operacao: 'INCLUSAO',
        depois: dados,
        requestId: request.id,
      });
      return dados;
    });
  }

  app.post(
    '/v1/fiscal/tabelas-oficiais/cfop',
    { config: ADMIN, schema: { tags, body: cfopEntrada, response: { 201: cfopIncluido } } },
    async (request, reply) => {
      const b = request.body;
      const out = await incluir(
        request,
        'cfop',
        b,
        sql<{ ok: boolean }>`select app_incluir_cfop(${b.codigo}, ${b.descricao}) as ok`,
      );
      return reply.code(201).header('location', `/api/v1/fiscal/tabelas-oficiais/cfop/${b.codigo}`).send(out);
    },
  );

  app.post(
    '/v1/fiscal/tabelas-oficiais/cstat',
    { config: ADMIN, schema: { tags, body: cstatEntrada, response: { 201: cstatIncluido } } },
    async (request, reply) => {
      const b = request.body;
      const out = await incluir(
        request,
        'cstat',
        b,
        sql<{ ok: boolean }>`select app_incluir_cstat(${b.codigo}, ${b.descricao}, ${b.tipo}) as ok`,
      );
      return reply.code(201).header('location', `/api/v1/fiscal/tabelas-oficiais/cstat/${b.codigo}`).send(out);
    },
  );

  app.post(
    '/v1/fiscal/tabelas-oficiais/cest',
    { config: ADMIN, schema: { tags, body: cestEntrada, response: { 201: cestIncluido } } },
    async (request, reply) => {
      const b = request.body;
      const existe = await db.withTenant(authOf(request).assinanteId, (trx) =>
        sql`select 1 from ncm_oficial where codigo like ${b.ncm} || '%' limit 1`.execute(trx),
      );
      if (!existe.rows.length)
        throw new ApiError(422, MSG.validacao, [falhaDeCampo('ncm', `nenhum NCM começa por ${b.ncm}.`)]);
      const out = await incluir(
        request,
        'cest',
        b,
        sql<{ ok: boolean }>`select app_incluir_cest(${b.codigo}, ${b.ncm}, ${b.segmento}, ${b.descricao}) as ok`,
      );
      return reply.code(201).header('location', `/api/v1/fiscal/tabelas-oficiais/cest/${b.codigo}`).send(out);
    },
  );
}
