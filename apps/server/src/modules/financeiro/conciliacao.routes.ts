/**
 * The bank reconciliation: its commands, and GET /api/v1/financeiro/contas-correntes/{id}/conciliacao?inicio&fim
 * — the pending statement lines (future ones and ignored ones out) and ledger entries of the period (≤ 31 days),
 * the suggestions (domain rule, the tenant's date window), the system balance at `fim` against the statement's.
 */
import {
  centavosDe,
  consultaConciliacao,
  MAX_DIAS_CONCILIACAO,
  MSG_CONCILIACAO,
  MSG_LANCAMENTO_BANCARIO as MSG,
  painelConciliacao,
  perm,
  somarDias,
  sugerirConciliacoes,
  hojeNaZona,
  zonaDaLoja,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { lerParametroNaTransacao } from '../../configuracoes';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { conflito, montarWorkflows, naoEncontrado, proibido, recusar } from '../../workflows';
import {
  conciliarConta,
  desconciliarConta,
  fecharContaCorrente,
  gerarLancamentoDaLinha,
  ignorarLinhaDoExtrato,
} from './conciliacao.workflow';
import { saldoDaContaEm } from './razao-bancario';

type Painel = z.output<typeof painelConciliacao>;

export async function conciliacaoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  montarWorkflows(api, db, [
    conciliarConta,
    desconciliarConta,
    gerarLancamentoDaLinha,
    ignorarLinhaDoExtrato,
    fecharContaCorrente,
  ]);
  api.withTypeProvider<ZodTypeProvider>().get(
    '/v1/financeiro/contas-correntes/:id/conciliacao',
    {
      config: { access: { anyOf: [perm('CONCILIACAO_DE_CC')], entidade: MSG_CONCILIACAO.entidade } },
      schema: {
        tags: ['financeiro'],
        summary: 'Linhas e lançamentos pendentes do período, sugestões e saldos (conciliação)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: consultaConciliacao,
        response: { 200: painelConciliacao },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const conta = request.params.id;
      const { inicio, fim } = request.query;
      if (fim < inicio) throw recusar('fim', MSG_CONCILIACAO.fimAntes);
      if (somarDias(inicio, MAX_DIAS_CONCILIACAO - 1) < fim) throw recusar('fim', MSG_CONCILIACAO.periodoLongo);
      return db.withTenant(auth.assinanteId, async (trx): Promise<Painel> => {
        const { rows: c } = await sql<{ lojaId: number; utiliza: boolean; uf: string; codigoIbge: string | null }>`
          select c.loja_id, c.utiliza_conciliacao as utiliza, l.uf, l.codigo_ibge
            from conta_corrente c join loja l on l.id = c.loja_id where c.id = ${conta}`.execute(trx);
        if (!c[0]) throw naoEncontrado(MSG.contaNaoEncontrada);
        if (!auth.lojas.includes(c[0].lojaId)) throw proibido(MSG.contaForaDoEscopo);
        if (!c[0].utiliza) throw conflito(MSG_CONCILIACAO.naoUtiliza);
        const hoje = hojeNaZona(zonaDaLoja(c[0]));
        const janelaDias = Number(await lerParametroNaTransacao(trx, 'financeiro.conciliacaoJanelaDias'));
        const { rows: linhas } = await sql<Painel['linhas'][number]>`
          select l.id::text as id, to_char(l.data, 'YYYY-MM-DD') as data, l.valor::text as valor, l.descricao,
                 l.numero_documento, l.tipo_transacao as tipo
            from extrato_linha l
           where l.conta_corrente_id = ${conta} and l.data between ${inicio}::date and least(${fim}::date, ${hoje}::date)
             and not l.ignorado
             and not exists (select 1 from conciliacao_linha cl where cl.linha_id = l.id and cl.ativo)
           order by l.data, l.id`.execute(trx);
        const { rows: lancamentos } = await sql<Painel['lancamentos'][number]>`
          select e.id::text as id, to_char(e.data, 'YYYY-MM-DD') as data,
                 (case when e.tipo = 'CREDITO' then e.valor else -e.valor end)::text as valor,
                 concat_ws(' — ', h.descricao, e.complemento) as descricao, e.numero_documento, e.origem
            from lancamento_bancario e left join historico_padrao h on h.id = e.historico_padrao_id
           where e.conta_corrente_id = ${conta} and e.data between ${inicio}::date and ${fim}::date
             and e.estorno_de is null
             and not exists (select 1 from lancamento_bancario r where r.assinante_id = e.assinante_id and r.estorno_de = e.id)
             and not exists (select 1 from conciliacao_lancamento cl where cl.lancamento_id = e.id and cl.ativo)
           order by e.data, e.id`.execute(trx);
        const item = (x: { id: string; data: string; valor: string; numeroDocumento: string | null }) => ({
          id: x.id,
          data: x.data,
          centavos: centavosDe(x.valor),
          numeroDocumento: x.numeroDocumento,
        });
        const sugestoes = sugerirConciliacoes(linhas.map(item), lancamentos.map(item), { janelaDias });
        const saldoSistema = await saldoDaContaEm(trx, conta, fim);
        const { rows: s } = await sql<{ saldo: string; data: string; diferenca: string }>`
          select e.saldo_extrato::text as saldo, to_char(e.data_saldo, 'YYYY-MM-DD') as data,
                 (${saldoSistema}::numeric - e.saldo_extrato)::numeric(15, 2)::text as diferenca
            from extrato_bancario e
           where e.conta_corrente_id = ${conta} and e.saldo_extrato is not null and e.data_saldo <= ${fim}::date
           order by e.data_saldo desc, e.id desc limit 1`.execute(trx);
        return {
          contaCorrenteId: conta,
          inicio,
          fim,
          janelaDias,
          linhas,
          lancamentos,
          sugestoes,
          saldoSistema,
          saldoExtrato: s[0]?.saldo ?? null,
          dataSaldoExtrato: s[0]?.data ?? null,
          diferenca: s[0]?.diferenca ?? null,
        };
      });
    },
  );
}
