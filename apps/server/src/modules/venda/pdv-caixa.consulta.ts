/**
 * Reads of the POS cash operations (VENDA_PDV ACESSO, only the caller's stores):
 * - GET /api/v1/pdv/operacoes-caixa: the operations as received (list contract: `q` on data, lojaId,
 *   numeroCaixa, tipo; `dataInicio`/`dataFim` store-local days);
 * - GET /api/v1/pdv/caixas/resumo?lojaId&data: each drawer of a store-local day — abertura, suprimentos,
 *   sangrias, cash taken in sales (tPag 01, less change; returns subtract), the expected cash, the declared
 *   fechamento and the quebra de caixa (`resumoDoCaixa`, exact Decimal).
 */
import { hojeNaZona, MSG_CAIXA_PDV, perm, resumoDoCaixa, TIPOS_OPERACAO_CAIXA } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { zonaDaLojaId } from '../../time';

const acesso = { access: { anyOf: [perm('VENDA_PDV')], entidade: MSG_CAIXA_PDV.entidade } };
const dia = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'informe a data (AAAA-MM-DD).');

const OPERACOES = defineList({
  extra: { dataInicio: dia.optional(), dataFim: dia.optional() },
  filter: {
    id: { column: 'o.id', type: 'number' },
    lojaId: { column: 'o.loja_id', type: 'number' },
    numeroCaixa: { column: 'o.numero_caixa', type: 'number' },
    sequencial: { column: 'o.sequencial', type: 'number' },
    tipo: { column: 'o.tipo', type: 'text' },
    data: { column: 'o.data', type: 'day' },
  },
  sort: {
    fields: { id: 'o.id', data: 'o.data', dataHora: 'o.data_hora', numeroCaixa: 'o.numero_caixa' },
    default: '-dataHora',
    id: 'o.id',
  },
});

export async function pdvCaixaConsultaRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/v1/pdv/operacoes-caixa',
    {
      config: acesso,
      schema: { tags: ['pdv'], summary: 'Operações de caixa recebidas do PDV', querystring: OPERACOES.query },
      ...OPERACOES.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = OPERACOES.read(request.query);
      const { dataInicio, dataFim } = request.query as { dataInicio?: string; dataFim?: string };
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(
          trx,
          sql`from operacao_caixa_pdv o left join funcionario f on f.id = o.funcionario_id
               where o.loja_id = any(${[...auth.lojas]}::int4[]) and ${l.where}
                 and (${dataInicio ?? null}::date is null or o.data >= ${dataInicio ?? null}::date)
                 and (${dataFim ?? null}::date is null or o.data <= ${dataFim ?? null}::date)`,
          sql`o.id::int8 as id, o.loja_id as "lojaId", o.numero_caixa as "numeroCaixa", o.sequencial::int8 as sequencial,
              o.tipo, to_char(o.data, 'YYYY-MM-DD') as data, to_char(o.data_hora, 'YYYY-MM-DD"T"HH24:MI:SS') as "dataHora",
              o.funcionario_id as "funcionarioId", f.nome as "funcionarioNome", o.supervisor_id as "supervisorId",
              o.valor::text as valor, o.observacao, o.recebido_em as "recebidoEm"`,
          l,
        ),
      );
    },
  );

  app.get(
    '/v1/pdv/caixas/resumo',
    {
      config: acesso,
      schema: {
        tags: ['pdv'],
        summary: 'Resumo de cada caixa da loja no dia: fundo, suprimentos, sangrias, dinheiro das vendas e quebra',
        querystring: z.object({
          lojaId: z.coerce.number({ error: 'informe a loja.' }).int().positive('informe a loja.'),
          data: dia.optional(),
        }),
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { lojaId } = request.query;
      if (!auth.lojas.includes(lojaId))
        throw new ApiError(403, MSG_CAIXA_PDV.lojaForaDoEscopo(lojaId), [MSG_CAIXA_PDV.lojaForaDoEscopo(lojaId)]);
      return db.withTenant(auth.assinanteId, async (trx) => {
        // without a date: the store's own today
        const data = request.query.data ?? hojeNaZona(await zonaDaLojaId(trx, lojaId));
        const { rows } = await sql<{
          numeroCaixa: number;
          abertura: string;
          suprimentos: string;
          sangrias: string;
          dinheiroVendas: string;
          declarado: string | null;
          operacoes: number;
        }>`
          with ops as (
            select numero_caixa,
                   coalesce(sum(valor) filter (where tipo = 'ABERTURA'), 0) as abertura,
                   coalesce(sum(valor) filter (where tipo = 'SUPRIMENTO'), 0) as suprimentos,
                   coalesce(sum(valor) filter (where tipo = 'SANGRIA'), 0) as sangrias,
                   -- the day's last fechamento is the one that counts (a recount replaces the first)
                   (array_agg(valor order by data_hora desc, sequencial desc) filter (where tipo = 'FECHAMENTO'))[1] as declarado,
                   count(*) as operacoes
              from operacao_caixa_pdv where loja_id = ${lojaId} and data = ${data}::date group by numero_caixa),
          dinheiro as (
            select r.numero_caixa, sum(r.valor) as dinheiro
              from recebimento_pdv r join forma_pagamento f on f.id = r.forma_pagamento_id and f.tipo_pagamento = '01'
             where r.loja_id = ${lojaId} and r.data = ${data}::date group by r.numero_caixa)
          select coalesce(o.numero_caixa, d.numero_caixa) as "numeroCaixa", coalesce(o.abertura, 0)::text as abertura,
                 coalesce(o.suprimentos, 0)::text as suprimentos, coalesce(o.sangrias, 0)::text as sangrias,
                 coalesce(d.dinheiro, 0)::text as "dinheiroVendas", o.declarado::text as declarado,
                 coalesce(o.operacoes, 0)::int as operacoes
            from ops o full join dinheiro d on d.numero_caixa = o.numero_caixa
           order by 1`.execute(trx);
        return {
          lojaId,
          data,
          tipos: TIPOS_OPERACAO_CAIXA,
          caixas: rows.map(({ numeroCaixa, operacoes, ...m }) => ({ numeroCaixa, operacoes, ...resumoDoCaixa(m) })),
        };
      });
    },
  );
}
