/**
 * SPED natureza da receita tables (4.3.10–4.3.16), loaded per tenant by an administrator:
 * - GET  /v1/fiscal/naturezas-receita[?cst=04] → {tabelas[{tabela, titulo, csts, versao|null}], items}
 *   (codes of the latest version of each table, in force today, limited to the tables of the CST).
 * - POST /v1/fiscal/naturezas-receita/tabelas {tabela, arquivo, conteudo} (a command, administrators): the
 *   official file's text, parsed and validated line by line (422 naming the lines), stored as a new version.
 * The natureza PIS/COFINS register checks its `naturezaReceita` against them once loaded (hook).
 */
import crypto from 'node:crypto';
import { comandoCarregarTabelaNatureza, perm, TABELAS_NATUREZA_RECEITA } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database, Tx } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { defineWorkflow, montarWorkflows } from '../../workflows';
import { lerTabelaNatureza } from './natureza-receita';

const tags = ['fiscal'];
const ENTIDADE = 'tabelas da natureza da receita';
export interface CodigoNatureza {
  codigo: string;
  descricao: string;
  tabela: string;
  ncm: string | null;
  dataInicio: string | null;
  dataFim: string | null;
}

/** Codes in force of the latest version of each table (optionally only the tables serving `cst`). */
export async function codigosNatureza(trx: Tx, cst?: string, codigo?: string): Promise<CodigoNatureza[]> {
  const tabelas = cst ? TABELAS_NATUREZA_RECEITA.filter((t) => (t.csts as readonly string[]).includes(cst)) : [];
  const filtro = cst ? sql`and v.tabela = any(${tabelas.map((t) => t.tabela)}::text[])` : sql``;
  const porCodigo = codigo ? sql`and n.codigo = ${codigo}` : sql``;
  const r = await sql<CodigoNatureza>`
    select n.codigo, n.descricao, v.tabela, n.ncm, to_char(n.data_inicio, 'YYYY-MM-DD') as data_inicio,
           to_char(n.data_fim, 'YYYY-MM-DD') as data_fim
      from natureza_receita n
      join natureza_receita_versao v on v.id = n.versao_id
     where v.id in (select distinct on (tabela) id from natureza_receita_versao order by tabela, id desc)
       and (n.data_fim is null or n.data_fim >= current_date) and (n.data_inicio is null or n.data_inicio <= current_date)
       ${filtro} ${porCodigo}
     order by n.codigo, v.tabela`.execute(trx);
  return r.rows;
}

export async function tabelasCarregadas(trx: Tx): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from natureza_receita_versao`.execute(trx);
  return r.rows[0]?.n ?? 0;
}

export async function naturezaReceitaRoutes(api: FastifyInstance, opts: { db: Database }) {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/v1/fiscal/naturezas-receita',
    {
      config: { access: { anyOf: [perm('NATUREZA_IMPOSTO')], entidade: ENTIDADE } },
      schema: {
        tags,
        querystring: z.object({
          cst: z
            .string()
            .regex(/^\d{2}$/)
            .optional(),
        }),
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const versoes = await sql<{ tabela: string; id: number; arquivo: string; linhas: number; carregadaEm: string }>`
          select distinct on (tabela) tabela, id, arquivo, linhas,
                 to_char(carregada_em, 'YYYY-MM-DD"T"HH24:MI:SS') as carregada_em
            from natureza_receita_versao order by tabela, id desc`.execute(trx);
        return {
          tabelas: TABELAS_NATUREZA_RECEITA.map((t) => {
            const v = versoes.rows.find((x) => x.tabela === t.tabela);
            return {
              ...t,
              versao: v ? { id: v.id, arquivo: v.arquivo, linhas: v.linhas, carregadaEm: v.carregadaEm } : null,
            };
          }),
          items: await codigosNatureza(trx, request.query.cst),
        };
      });
    },
  );

  montarWorkflows(api, db, [carregarTabelaNatureza]);
}

/**
 * A new version of a natureza da receita table: the file parsed and validated line by line (422 naming the
 * lines), stored whole as the tenant's latest version (the codes in force are read from the latest).
 */
export const carregarTabelaNatureza = defineWorkflow(comandoCarregarTabelaNatureza, {
  estadoInicial: () => ({ id: 0, linhas: 0, sha256: '' }),
  passos: [
    async (ctx) => {
      const { tabela, arquivo, conteudo } = ctx.entrada;
      const { linhas, erros } = lerTabelaNatureza(conteudo);
      if (erros.length) throw new ApiError(422, `O arquivo da tabela ${tabela} não foi carregado.`, erros);
      const sha256 = crypto.createHash('sha256').update(conteudo).digest('hex');
      const v = await sql<{
        id: number;
      }>`insert into natureza_receita_versao (tabela, arquivo, sha256, linhas, usuario_id)
        values (${tabela}, ${arquivo}, ${sha256}, ${linhas.length}, ${ctx.usuarioId}) returning id`.execute(ctx.trx);
      const id = v.rows[0]!.id;
      await sql`insert into natureza_receita (versao_id, codigo, descricao, ncm, data_inicio, data_fim)
        select ${id}, x.codigo, x.descricao, x.ncm, x.ini::date, x.fim::date
          from unnest(${linhas.map((l) => l.codigo)}::text[], ${linhas.map((l) => l.descricao)}::text[],
                      ${linhas.map((l) => l.ncm)}::text[], ${linhas.map((l) => l.dataInicio)}::text[],
                      ${linhas.map((l) => l.dataFim)}::text[]) as x(codigo, descricao, ncm, ini, fim)`.execute(ctx.trx);
      ctx.estado = { id, linhas: linhas.length, sha256 };
      ctx.auditoria = {
        entidade: 'naturezaReceitaTabela',
        entidadeId: id,
        operacao: 'INCLUSAO',
        depois: { tabela, arquivo, sha256, linhas: linhas.length },
      };
    },
  ],
  resposta: (ctx) => ({ ...ctx.estado, tabela: ctx.entrada.tabela, arquivo: ctx.entrada.arquivo }),
});
