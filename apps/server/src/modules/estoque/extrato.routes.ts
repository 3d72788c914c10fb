/**
 * Extrato de estoque (domain §5): GET /api/v1/estoque/extrato (the statement on screen, paged) and
 * POST /api/v1/estoque/extrato/relatorio?formato=pdf|xlsx (the same filters as a report: 202 + Location,
 * generated as a job, opened at /visualizacao-relatorio/:blob). PERM_RELATORIO_EXTRATO_ESTOQUE_ACESSO,
 * the caller's stores only, and the franchise client type: the spec's route is BOTICARIO-only and
 * domain §11 denies it to a TODOS tenant (Mercadão), so this API refuses it too (403).
 */
import {
  extratoEstoque,
  extratoParametros,
  filtrosExtrato,
  MSG_EXTRATO,
  MSG_RELATORIO,
  perm,
  relatorioComLink,
  tamanhoDaPagina,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { FilaDeRelatorios, linkDoRelatorio } from '../relatorios';
import type { ParametrosExtratoEstoque } from './relatorios';
import { cabecalhoDoExtrato, lerExtrato } from './extrato.consulta';

const tags = ['estoque'];
const acesso = { access: { anyOf: [perm('RELATORIO_EXTRATO_ESTOQUE')], entidade: MSG_EXTRATO.entidade } };
/** a statement page: 50 lines unless asked otherwise */
const PAGINA = 50;

/** After the permission check: a tenant of type TODOS is told why (domain §11). */
async function somenteFranquia(request: FastifyRequest): Promise<void> {
  if (authOf(request).tipoCliente !== 'BOTICARIO') throw new ApiError(403, MSG_EXTRATO.tipoClienteNegado);
}

const pedidoDeRelatorio = filtrosExtrato.extend({
  formato: z.enum(['pdf', 'xlsx', 'PDF', 'XLSX'], { error: MSG_RELATORIO.formatoInvalido }).optional(),
  _: z.unknown().optional(),
});

export async function extratoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();
  // only asks (solicitar): the report area's own queue instance runs the expiry and the PDF worker
  const fila = new FilaDeRelatorios(
    db,
    () => api.tarefas,
    (m, err) => api.log.error({ err }, m),
  );

  app.get(
    '/v1/estoque/extrato',
    {
      config: acesso,
      onRequest: somenteFranquia,
      schema: {
        tags,
        summary: 'Extrato de estoque de um produto numa loja (saldo anterior, movimentos, saldo final)',
        querystring: extratoParametros,
        response: { 200: extratoEstoque },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      return db.withTenant(auth.assinanteId, (trx) =>
        lerExtrato(trx, auth, { ...q, start: q.start ?? 0, count: tamanhoDaPagina(q.count, PAGINA) }),
      );
    },
  );

  app.post(
    '/v1/estoque/extrato/relatorio',
    {
      config: acesso,
      onRequest: somenteFranquia,
      schema: {
        tags,
        summary: 'Extrato de estoque em PDF ou XLSX (gerado em segundo plano)',
        querystring: pedidoDeRelatorio,
        response: { 202: relatorioComLink },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (auth.usuarioId === null) throw new ApiError(403, MSG_RELATORIO.somenteUsuarios);
      const { formato, _, ...filtros } = request.query;
      // validated now (404/403/422 at once), generated later with the caller's stores of now
      const cab = await db.withTenant(auth.assinanteId, (trx) => cabecalhoDoExtrato(trx, auth, filtros));
      const parametros: ParametrosExtratoEstoque = { ...filtros, lojas: [...auth.lojas] };
      const r = await fila.solicitar({
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        tipo: 'EXTRATO_ESTOQUE',
        titulo: `${MSG_EXTRATO.titulo} — ${cab.produto.codigo} ${cab.produto.descricao} (${cab.loja.sigla})`,
        formato: formato?.toUpperCase() === 'XLSX' ? 'XLSX' : 'PDF',
        parametros: { ...parametros },
        requestId: request.id,
      });
      return reply
        .code(202)
        .header('location', `/api/v1/relatorios/${r.id}`)
        .send({ ...r, link: linkDoRelatorio(r.id) });
    },
  );
}
