/**
 * The stock reports' requests (spec: Estoque > Relatórios; report framework README):
 * - POST /v1/estoque/extrato-movimentacoes/relatorio (PERM_RELATORIO_EXTRATO_MOVIMENTACOES)
 * - POST /v1/estoque/saldo-estoque/relatorio (PERM_RELATORIO_SALDO_ESTOQUE_ACESSO)
 *   body: the filters (domain estoque/relatorios contrato) → 202 + Location, the report PROCESSANDO;
 *   checked at once: 422 per field, 403 for a store outside the caller's stores.
 * - GET /v1/estoque/relatorios/opcoes: sections, brands and suppliers for the filter forms, and
 *   GET /v1/estoque/relatorios/produtos?busca=: products by code or description (a stock user need not
 *   read those registers to filter by them).
 */
import {
  falhaDeCampo,
  MSG,
  MSG_RELATORIO,
  MSG_RELATORIO_ESTOQUE as M,
  opcoesDeFiltroDeProduto,
  pedidoExtratoMovimentacoes,
  pedidoSaldoEstoque,
  perm,
  relatorioComLink,
  ROTULOS_RELATORIO_ESTOQUE,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/database';
import { authOf } from '../../../plugins/auth';
import type { AuthContext } from '../../../plugins/auth/context';
import { ApiError } from '../../../plugins/errors';
import type { FiltrosDeProduto } from './filtros';
import { TIPO_EXTRATO_MOVIMENTACOES } from './movimentacoes';
import { TIPO_SALDO_ESTOQUE } from './saldo';
import { FilaDeRelatorios, linkDoRelatorio, type Relatorio } from '../../relatorios';

const tags = ['estoque'];
const MOVIMENTACOES = 'PERM_RELATORIO_EXTRATO_MOVIMENTACOES';
const SALDO = perm('RELATORIO_SALDO_ESTOQUE');
const acesso = (anyOf: string[], entidade: string) => ({ access: { anyOf, entidade } });

/** 422 with one reason per field ("Data final: Deve ser igual ou posterior à data inicial."). */
function validar<T extends z.ZodType>(schema: T, corpo: unknown): z.output<T> {
  const r = schema.safeParse(corpo ?? {});
  if (r.success) return r.data;
  throw new ApiError(
    422,
    MSG.validacao,
    r.error.issues.map((i) => {
      const campo = i.path.map(String).join('.') || 'corpo';
      return falhaDeCampo(campo, i.message, ROTULOS_RELATORIO_ESTOQUE[String(i.path[0] ?? '')]);
    }),
  );
}

/** The stores the report reads: the ones asked (all must exist, 422; all must be the caller's, 403) or all of the caller's. */
async function lojasDoPedido(
  db: Database,
  auth: AuthContext,
  pedidas: number[],
): Promise<Pick<FiltrosDeProduto, 'lojas' | 'todasAsLojas'>> {
  if (!pedidas.length) {
    if (!auth.lojas.length) throw new ApiError(403, M.semLojas);
    return { lojas: [...auth.lojas], todasAsLojas: true };
  }
  const existentes = await db.withTenant(auth.assinanteId, async (trx) => {
    const { rows } = await sql<{ id: number; sigla: string }>`
      select id, sigla from loja where id = any(${pedidas}::int4[])`.execute(trx);
    return new Map(rows.map((r) => [r.id, r.sigla]));
  });
  const faltam = pedidas.filter((id) => !existentes.has(id));
  if (faltam.length)
    throw new ApiError(422, MSG.validacao, [falhaDeCampo('lojas', M.lojaNaoEncontrada(faltam.join(', ')), 'Lojas')]);
  const fora = pedidas.filter((id) => !auth.lojas.includes(id));
  if (fora.length)
    throw new ApiError(
      403,
      M.lojasForaDoEscopo(
        fora
          .map((id) => existentes.get(id))
          .sort()
          .join(', '),
      ),
    );
  return { lojas: pedidas, todasAsLojas: false };
}

export async function relatoriosEstoqueRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const fila = new FilaDeRelatorios(
    db,
    () => api.tarefas,
    (m, err) => api.log.error({ err }, m),
  );
  const app = api.withTypeProvider<ZodTypeProvider>();
  const usuario = (request: FastifyRequest) => {
    const auth = authOf(request);
    if (auth.usuarioId === null) throw new ApiError(403, MSG_RELATORIO.somenteUsuarios);
    return auth as AuthContext & { usuarioId: number };
  };
  const aceito = (r: Relatorio) => ({ ...r, link: linkDoRelatorio(r.id) });

  app.post(
    '/v1/estoque/extrato-movimentacoes/relatorio',
    {
      config: acesso([MOVIMENTACOES], M.entidadeMovimentacoes),
      schema: {
        tags,
        summary: 'Extrato de movimentações (PDF ou XLSX, gerado em segundo plano)',
        response: { 202: relatorioComLink },
      },
    },
    async (request, reply) => {
      const auth = usuario(request);
      const { formato, ...f } = validar(pedidoExtratoMovimentacoes, request.body);
      const lojas = await lojasDoPedido(db, auth, f.lojas);
      const r = await fila.solicitar({
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        tipo: TIPO_EXTRATO_MOVIMENTACOES,
        titulo: M.tituloMovimentacoes,
        formato,
        parametros: { ...f, ...lojas },
        requestId: request.id,
      });
      return reply.code(202).header('location', `/api/v1/relatorios/${r.id}`).send(aceito(r));
    },
  );

  app.post(
    '/v1/estoque/saldo-estoque/relatorio',
    {
      config: acesso([SALDO], M.entidadeSaldo),
      schema: {
        tags,
        summary: 'Saldo de estoque numa data (PDF ou XLSX, gerado em segundo plano)',
        response: { 202: relatorioComLink },
      },
    },
    async (request, reply) => {
      const auth = usuario(request);
      const { formato, ...f } = validar(pedidoSaldoEstoque, request.body);
      const lojas = await lojasDoPedido(db, auth, f.lojas);
      const r = await fila.solicitar({
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        tipo: TIPO_SALDO_ESTOQUE,
        titulo: M.tituloSaldo,
        formato,
        parametros: { ...f, ...lojas },
        requestId: request.id,
      });
      return reply.code(202).header('location', `/api/v1/relatorios/${r.id}`).send(aceito(r));
    },
  );

  const qualquer = acesso([MOVIMENTACOES, SALDO], 'relatórios de estoque');
  app.get(
    '/v1/estoque/relatorios/opcoes',
    {
      config: qualquer,
      schema: {
        tags,
        summary: 'Seções, marcas e fornecedores ativos para os filtros dos relatórios de estoque',
        response: { 200: opcoesDeFiltroDeProduto },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const ler = async (de: ReturnType<typeof sql>) =>
          (await sql<{ id: number; descricao: string }>`${de}`.execute(trx)).rows;
        return {
          secoes: await ler(sql`select id, descricao from secao where ativo order by descricao limit 2000`),
          marcas: await ler(sql`select id, descricao from marca where ativo order by descricao limit 2000`),
          fornecedores: await ler(
            sql`select id, fantasia as descricao from fornecedor where ativo order by fantasia limit 2000`,
          ),
        };
      });
    },
  );

  app.get(
    '/v1/estoque/relatorios/produtos',
    {
      config: qualquer,
      schema: {
        tags,
        summary: 'Produtos por código ou descrição (até 20) para o filtro dos relatórios de estoque',
        querystring: z.object({ busca: z.string().max(100).optional() }),
        response: { 200: z.array(z.object({ id: z.number(), codigo: z.string(), descricao: z.string() })) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const busca = (request.query.busca ?? '').trim();
      const padrao = `%${busca.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<{ id: number; codigo: string; descricao: string }>`
          select id, coalesce(codigo_interno, id::text) as codigo, descricao from produto
           where ativo and (${busca} = '' or codigo_interno = ${busca}
                 or unaccent(descricao) ilike unaccent(${padrao}))
           order by descricao limit 20`.execute(trx);
        return rows;
      });
    },
  );
}
