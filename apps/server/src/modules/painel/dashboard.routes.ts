/**
 * Dashboards' routes: the commands (dashboard.workflow.ts) and the reads — GET /api/v1/painel/indicadores (the
 * catalogue, with what the caller may add), GET /api/v1/painel/dashboards (mine and shared with me), GET …/{id},
 * GET …/{id}/dados (every indicator under the screen's filter: one call per render or filter change),
 * GET …/{id}/indicadores/{indicadorId}/dados and …/planilha (the table view as XLSX). No permission for one's
 * own; another's not shared → 404; cost without PERM_INDICADOR_CUSTO_ACESSO → 403; stores outside the caller's
 * → 403; a period inverted, after today or over a year → 422.
 */
import {
  CHAVES_INDICADOR,
  consultaDados,
  dadosDashboard,
  dadosIndicador,
  dashboard,
  INDICADORES,
  MSG_DASHBOARD as MSG,
  visualizacoesDe,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado } from '../../workflows';
import { nomeDoArquivo } from '../relatorios/identificacao';
import { dadosDoIndicador, lerDashboard, listarDashboards, PERM_CUSTO } from './dashboard.leitura';
import { planilhaDoIndicador } from './dashboard.planilha';
import {
  alterarDashboard,
  alterarIndicadorDashboard,
  excluirDashboard,
  excluirIndicadorDashboard,
  incluirDashboard,
  incluirIndicadorDashboard,
} from './dashboard.workflow';

const tags = ['painel'];
const id32 = z.coerce.number().int().positive().max(2_147_483_647);
const livre = { access: { entidade: MSG.entidade } };

const itemCatalogo = z.object({
  chave: z.string(),
  titulo: z.string(),
  definicao: z.string(),
  unidade: z.string(),
  custo: z.boolean(),
  linhas: z.string(),
  padrao: z.string(),
  detalhe: z.string().nullable(),
  visualizacoes: z.array(z.string()),
  permitido: z.boolean(),
});
const resumoDashboard = dashboard.omit({ indicadores: true }).extend({ indicadores: z.number() });

export async function dashboardRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  montarWorkflows(api, db, [
    incluirDashboard,
    alterarDashboard,
    excluirDashboard,
    incluirIndicadorDashboard,
    alterarIndicadorDashboard,
    excluirIndicadorDashboard,
  ]);
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/v1/painel/indicadores',
    {
      config: livre,
      schema: {
        tags,
        summary: 'O catálogo de indicadores',
        response: { 200: z.object({ items: z.array(itemCatalogo) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return {
        items: CHAVES_INDICADOR.map((c) => ({
          ...INDICADORES[c],
          limite: undefined,
          visualizacoes: [...visualizacoesDe(c)],
          permitido: !INDICADORES[c].custo || auth.permissoes.has(PERM_CUSTO),
        })),
      };
    },
  );

  // the groups a dashboard can be shared with (names only: the group register itself is for administrators)
  r.get(
    '/v1/painel/grupos',
    {
      config: livre,
      schema: {
        tags,
        summary: 'Os grupos com que um dashboard pode ser compartilhado',
        response: { 200: z.object({ items: z.array(z.object({ id: z.number(), nome: z.string() })) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => ({
        items: (
          await sql<{ id: number; nome: string }>`select id, nome from grupo where status_de_ativacao = 'ATIVO'
            order by lower(nome)`.execute(trx)
        ).rows,
      }));
    },
  );

  r.get(
    '/v1/painel/dashboards',
    {
      config: livre,
      schema: {
        tags,
        summary: 'Os dashboards do usuário e os compartilhados com seus grupos',
        response: { 200: z.object({ items: z.array(resumoDashboard) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => ({ items: await listarDashboards(trx, auth) }));
    },
  );

  r.get(
    '/v1/painel/dashboards/:id',
    {
      config: livre,
      schema: {
        tags,
        summary: 'Um dashboard e seus indicadores',
        params: z.object({ id: id32 }),
        response: { 200: dashboard },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, (trx) => lerDashboard(trx, auth, request.params.id));
    },
  );

  r.get(
    '/v1/painel/dashboards/:id/dados',
    {
      config: livre,
      schema: {
        tags,
        summary: 'Os números de todos os indicadores no período (dias da loja) e lojas pedidos',
        params: z.object({ id: id32 }),
        querystring: consultaDados,
        response: { 200: dadosDashboard },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const f = request.query;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const d = await lerDashboard(trx, auth, request.params.id);
        const indicadores = [];
        for (const i of d.indicadores) indicadores.push(await dadosDoIndicador(trx, auth, d, i, f, false));
        const primeiro = indicadores.find((x) => x.resultado)?.resultado;
        return {
          periodo: primeiro?.periodo ?? { inicio: f.inicio ?? '', fim: f.fim ?? '' },
          lojas: indicadores[0]?.lojas ?? f.lojas ?? [...auth.lojas],
          indicadores,
        };
      });
    },
  );

  const doIndicador = async (
    request: { params: { id: number; indicadorId: number }; query: z.output<typeof consultaDados> },
    auth: ReturnType<typeof authOf>,
    trx: Parameters<Parameters<Database['withTenant']>[1]>[0],
  ) => {
    const d = await lerDashboard(trx, auth, request.params.id);
    const i = d.indicadores.find((x) => x.id === request.params.indicadorId);
    if (!i) throw naoEncontrado(MSG.indicadorNaoEncontrado);
    return { d, i, dados: await dadosDoIndicador(trx, auth, d, i, request.query, true) };
  };
  const paramsIndicador = z.object({ id: id32, indicadorId: id32 });

  r.get(
    '/v1/painel/dashboards/:id/indicadores/:indicadorId/dados',
    {
      config: livre,
      schema: {
        tags,
        summary: 'Os números de um indicador (com o período anterior e o mesmo período do ano anterior)',
        params: paramsIndicador,
        querystring: consultaDados,
        response: { 200: dadosIndicador },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => (await doIndicador(request, auth, trx)).dados);
    },
  );

  r.get(
    '/v1/painel/dashboards/:id/indicadores/:indicadorId/planilha',
    {
      config: livre,
      schema: {
        tags,
        summary: 'A tabela de um indicador em XLSX',
        params: paramsIndicador,
        querystring: consultaDados,
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { titulo, arquivo } = await db.withTenant(auth.assinanteId, async (trx) => {
        const { i, dados } = await doIndicador(request, auth, trx);
        const titulo = i.titulo ?? INDICADORES[i.indicador as keyof typeof INDICADORES].titulo;
        return { titulo, arquivo: await planilhaDoIndicador(trx, auth, titulo, dados.resultado!, dados.lojas) };
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${nomeDoArquivo(titulo, 'XLSX')}"`)
        .send(arquivo);
    },
  );
}
