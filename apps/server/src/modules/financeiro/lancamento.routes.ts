/**
 * The bank ledger's commands and reads: GET /api/v1/financeiro/contas-correntes/{id}/lancamentos?inicio&fim
 * (the statement with the balance after each entry), …/{id}/lancamentos/{lancamentoId}, …/{id}/saldo?data=.
 * The account's store must be the user's (404 unknown, 403 another store's).
 */
import {
  dataDeNegocio,
  hojeNaZona,
  lancamentoBancario,
  MSG_LANCAMENTO_BANCARIO as MSG,
  perm,
  razaoDaConta as razaoSchema,
  saldoDaConta,
  zonaDaLoja,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database, Tx } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { montarWorkflows, naoEncontrado, proibido, recusar } from '../../workflows';
import { lancamentosPorId, periodoPadrao, razaoDaConta } from './lancamento.consulta';
import { estornarLancamento, lancarNaConta, transferirEntreContas } from './lancamento.workflow';
import { saldoDaContaEm } from './razao-bancario';

const acesso = {
  anyOf: [perm('LANCAMENTO_BANCARIO'), perm('CONCILIACAO_DE_CC'), perm('CONTA_CORRENTE')],
  entidade: MSG.entidade,
};
const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The account's store today (its zone), after the scope check. */
async function contaDoUsuario(trx: Tx, lojas: readonly number[], id: number): Promise<{ hoje: string }> {
  const { rows } = await sql<{ lojaId: number; uf: string; codigoIbge: string | null }>`
    select c.loja_id, l.uf, l.codigo_ibge from conta_corrente c join loja l on l.id = c.loja_id
     where c.id = ${id}`.execute(trx);
  const c = rows[0];
  if (!c) throw naoEncontrado(MSG.contaNaoEncontrada);
  if (!lojas.includes(c.lojaId)) throw proibido(MSG.contaForaDoEscopo);
  return { hoje: hojeNaZona(zonaDaLoja(c)) };
}

const data = (campo: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const r = dataDeNegocio().safeParse(v);
      if (!r.success) {
        ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message, path: [campo] });
        return z.NEVER;
      }
      return r.data;
    });

export async function lancamentoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  montarWorkflows(api, db, [lancarNaConta, transferirEntreContas, estornarLancamento]);
  const app = api.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/financeiro/contas-correntes/:id/lancamentos',
    {
      config: { access: acesso },
      schema: {
        tags: ['financeiro'],
        summary: 'Lançamentos da conta corrente no período, com o saldo após cada um',
        params,
        querystring: z.object({ inicio: data('inicio'), fim: data('fim') }),
        response: { 200: razaoSchema },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { hoje } = await contaDoUsuario(trx, auth.lojas, request.params.id);
        const padrao = periodoPadrao(hoje);
        const inicio = request.query.inicio ?? padrao.inicio;
        const fim = request.query.fim ?? (request.query.inicio && request.query.inicio > hoje ? inicio : padrao.fim);
        if (fim < inicio) throw recusar('fim', 'a data final deve ser igual ou posterior à inicial.');
        return razaoDaConta(trx, request.params.id, inicio, fim);
      });
    },
  );

  app.get(
    '/v1/financeiro/contas-correntes/:id/lancamentos/:lancamentoId',
    {
      config: { access: acesso },
      schema: {
        tags: ['financeiro'],
        summary: 'Um lançamento da conta corrente',
        params: params.extend({ lancamentoId: z.coerce.number().int().positive() }),
        response: { 200: lancamentoBancario },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        await contaDoUsuario(trx, auth.lojas, request.params.id);
        const [l] = await lancamentosPorId(trx, [String(request.params.lancamentoId)]);
        if (!l || l.contaCorrenteId !== request.params.id) throw naoEncontrado(MSG.naoEncontrado);
        return l;
      });
    },
  );

  app.get(
    '/v1/financeiro/contas-correntes/:id/saldo',
    {
      config: { access: acesso },
      schema: {
        tags: ['financeiro'],
        summary: 'Saldo da conta corrente ao fim de uma data (padrão: hoje na loja)',
        params,
        querystring: z.object({ data: data('data') }),
        response: { 200: saldoDaConta },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { hoje } = await contaDoUsuario(trx, auth.lojas, request.params.id);
        const d = request.query.data ?? hoje;
        return { contaCorrenteId: request.params.id, data: d, saldo: await saldoDaContaEm(trx, request.params.id, d) };
      });
    },
  );
}
