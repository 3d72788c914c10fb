/**
 * The sales-upload inconsistency screens' reads (PERM_INCONSISTENCIA_ACESSO), from `subida_venda_transacao`:
 * - GET /api/v1/pdv/inconsistencias-subida?lojaId&dataInicio&dataFim → the pending ones per error code
 *   (descrição, quantidade, valor, lojas, first and last occurrence);
 * - GET /api/v1/pdv/inconsistencias-subida/{codigo}/transacoes?lojaId&dataInicio&dataFim&status → the code's
 *   transactions (paged), with the payload as the POS sent it.
 * Only the caller's stores; the dates are the sales' store-local business dates.
 */
import {
  DESCRICAO_ERRO_SUBIDA,
  MSG_VENDA_PDV,
  type PendenciaSubida,
  pendenciaSubida,
  perm,
  TIPOS_ERRO_SUBIDA,
  transacaoSubida,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { localIsoText, zonaDaLojaSql } from '../../time';

const acesso = { access: { anyOf: [perm('INCONSISTENCIA')], entidade: MSG_VENDA_PDV.entidadeInconsistencia } };
const dia = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'informe a data (AAAA-MM-DD).')
  .optional();
const filtros = { lojaId: z.coerce.number().int().positive().optional(), dataInicio: dia, dataFim: dia };

const TRANSACOES = defineList({
  extra: { ...filtros, status: z.enum(['PENDENTE', 'REPROCESSADA', 'DESCARTADA']).optional() },
  sort: { fields: { id: 't.id', dataHora: 't.data_hora', valor: 't.valor' }, default: '-dataHora', id: 't.id' },
});

const onde = (lojas: readonly number[], f: { lojaId?: number; dataInicio?: string; dataFim?: string }) =>
  sql`t.loja_id = any(${[...lojas]}::int4[]) ${f.lojaId ? sql`and t.loja_id = ${f.lojaId}` : sql``}
    ${f.dataInicio ? sql`and t.data_movimento >= ${f.dataInicio}::date` : sql``}
    ${f.dataFim ? sql`and t.data_movimento <= ${f.dataFim}::date` : sql``}`;

export async function pdvInconsistenciasConsultaRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['pdv'];

  app.get(
    '/v1/pdv/inconsistencias-subida',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Pendências da subida de vendas por tipo de erro',
        querystring: z.object(filtros),
        response: { 200: z.object({ items: z.array(pendenciaSubida) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { rows } = await db.withTenant(auth.assinanteId, (trx) =>
        sql<Omit<PendenciaSubida, 'descricao'>>`select t.tipo_erro, count(*)::int as quantidade,
            sum(t.valor)::numeric(15, 2)::text as valor, array_agg(distinct t.loja_id order by t.loja_id) as lojas,
            to_char(min(t.data_movimento), 'YYYY-MM-DD') as primeira, to_char(max(t.data_movimento), 'YYYY-MM-DD') as ultima
          from subida_venda_transacao t where t.status = 'PENDENTE' and ${onde(auth.lojas, request.query)}
          group by t.tipo_erro`.execute(trx),
      );
      const ordem = (t: string) => TIPOS_ERRO_SUBIDA.indexOf(t as never);
      return {
        items: rows
          .map((r) => ({ ...r, descricao: DESCRICAO_ERRO_SUBIDA[r.tipoErro] }))
          .sort((a, b) => b.quantidade - a.quantidade || ordem(a.tipoErro) - ordem(b.tipoErro)),
      };
    },
  );

  app.get(
    '/v1/pdv/inconsistencias-subida/:codigo/transacoes',
    {
      config: acesso,
      schema: {
        tags,
        summary: 'Transações de um tipo de erro da subida de vendas',
        params: z.object({ codigo: z.enum(TIPOS_ERRO_SUBIDA) }),
        querystring: TRANSACOES.query,
        response: {
          200: z.object({ start: z.number(), count: z.number(), total: z.number(), items: z.array(transacaoSubida) }),
        },
      },
      ...TRANSACOES.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = TRANSACOES.read(request.query);
      const p = l.params as { status?: string; lojaId?: number; dataInicio?: string; dataFim?: string };
      const r = await db.withTenant(auth.assinanteId, (trx) =>
        pagedSql<z.infer<typeof transacaoSubida> & { id: string }>(
          trx,
          sql`from subida_venda_transacao t join loja l on l.id = t.loja_id
            where t.tipo_erro = ${request.params.codigo} and t.status = ${p.status ?? 'PENDENTE'} and ${onde(auth.lojas, p)}`,
          sql`t.id::int8 as id, t.loja_id, t.pdv, t.numero_cupom::float8 as numero_cupom, t.chave,
            to_char(t.data_movimento, 'YYYY-MM-DD') as data_movimento,
            ${localIsoText(sql.ref('t.data_hora'), zonaDaLojaSql('l'))} as data_hora, t.operador,
            t.valor::text as valor, t.tipo_erro, t.mensagem, t.status, t.tentativas, t.motivo_descarte, t.payload`,
          l,
        ),
      );
      return { ...r, items: r.items.map((i) => ({ ...i, id: Number(i.id) })) };
    },
  );
}
