/**
 * Maintenance of the official tables known to be old or incomplete (CFOP, CEST, NF-e cStat — SOURCES.md).
 * - GET  /v1/fiscal/tabelas-oficiais → their version, load date, rows added by hand and the notice
 *   the screens show (any signed-in user).
 * - POST /v1/fiscal/tabelas-oficiais/cfop {codigo, descricao} and
 *   POST /v1/fiscal/tabelas-oficiais/cest {codigo, ncm, segmento, descricao} and
 *   POST /v1/fiscal/tabelas-oficiais/cstat {codigo, descricao, tipo}: administrators only, commands
 *   (tabelas-oficiais.workflow.ts).
 */
import { AVISO_TABELA, situacaoDasTabelas, type TabelaIncompleta } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { montarWorkflows } from '../../workflows';
import { naturezaReceitaRoutes } from './natureza-receita.routes';
import { WORKFLOWS_TABELAS_OFICIAIS } from './tabelas-oficiais.workflow';

const tags = ['fiscal'];
const TABELA_SQL: Record<TabelaIncompleta, string> = { cfop: 'cfop_oficial', cest: 'cest_codigo', cstat: 'nfe_cstat' };
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

  montarWorkflows(api, db, WORKFLOWS_TABELAS_OFICIAIS);
}
