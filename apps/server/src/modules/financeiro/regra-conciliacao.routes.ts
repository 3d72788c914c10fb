/**
 * The reconciliation rules: their commands, GET /api/v1/financeiro/regras-conciliacao (the user's: tenant-wide
 * ones and those of her stores' accounts) and GET …/propostas — the learned rules: what the user resolved by hand
 * the same way three times or more (an entry generated with one histórico, or a match to one origin), not yet
 * taken by a rule, each with its 90-day preview.
 */
import {
  compilarCondicoes,
  listaRegras,
  MSG_REGRA_CONCILIACAO as MSG,
  normalizarMemo,
  perm,
  proporRegras,
  propostasRegras,
  type RegraConciliacao,
  type Resolucao,
  centavosDe,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { lerParametroNaTransacao } from '../../configuracoes';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { montarWorkflows } from '../../workflows';
import { previaDeRegra } from './regra-conciliacao.passos';
import {
  alterarRegraConciliacao,
  aplicarRegrasConciliacao,
  excluirRegraConciliacao,
  incluirRegraConciliacao,
} from './regra-conciliacao.workflow';

/** How far back the learned proposal looks at the user's own reconciliations. */
const DIAS_APRENDIZADO = 180;

export async function regraConciliacaoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  montarWorkflows(api, db, [
    incluirRegraConciliacao,
    alterarRegraConciliacao,
    excluirRegraConciliacao,
    aplicarRegrasConciliacao,
  ]);
  const acesso = { access: { anyOf: [perm('REGRA_CONCILIACAO')], entidade: MSG.entidade } };
  const lerRegras = (lojas: readonly number[]) => sql<RegraConciliacao>`
    select r.id, r.descricao, r.conta_corrente_id, r.prioridade, r.ativo, r.confirmar_automatico, r.condicoes, r.acao
      from regra_conciliacao r left join conta_corrente c on c.id = r.conta_corrente_id
     where r.conta_corrente_id is null or c.loja_id = any(${lojas}::int4[])
     order by r.prioridade, r.id`;

  api.withTypeProvider<ZodTypeProvider>().get(
    '/v1/financeiro/regras-conciliacao',
    {
      config: acesso,
      schema: {
        tags: ['financeiro'],
        summary: 'Regras de conciliação (por prioridade)',
        response: { 200: listaRegras },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => ({
        regras: (await lerRegras(auth.lojas).execute(trx)).rows,
      }));
    },
  );

  api.withTypeProvider<ZodTypeProvider>().get(
    '/v1/financeiro/regras-conciliacao/propostas',
    {
      config: acesso,
      schema: {
        tags: ['financeiro'],
        summary: 'Regras propostas pelo que o usuário resolveu do mesmo jeito três vezes (com a prévia de 90 dias)',
        response: { 200: propostasRegras },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        // one line to one entry, by hand (no rule): generated in the same transaction (lancado_em = criado_em:
        // both are now()) → by its histórico; otherwise a match → by the entry's origin
        const { rows } = await sql<{
          linhaId: string;
          contaCorrenteId: number;
          descricao: string | null;
          valor: string;
          gerado: boolean;
          historicoPadraoId: number | null;
          origem: string;
        }>`
          select l.id::text as linha_id, l.conta_corrente_id, l.descricao, l.valor::text as valor,
                 e.lancado_em = c.criado_em as gerado, e.historico_padrao_id, e.origem
            from conciliacao c
            join conta_corrente cc on cc.id = c.conta_corrente_id and cc.loja_id = any(${auth.lojas}::int4[])
            join conciliacao_linha cl on cl.conciliacao_id = c.id and cl.ativo
            join extrato_linha l on l.id = cl.linha_id
            join conciliacao_lancamento ce on ce.conciliacao_id = c.id and ce.ativo
            join lancamento_bancario e on e.id = ce.lancamento_id
           where c.ativo and c.regra_id is null and c.criado_em > now() - make_interval(days => ${DIAS_APRENDIZADO})
             and (select count(*) from conciliacao_linha x where x.conciliacao_id = c.id) = 1
             and (select count(*) from conciliacao_lancamento x where x.conciliacao_id = c.id) = 1
           order by c.id desc limit 5000`.execute(trx);
        const resolucoes: Resolucao[] = rows.flatMap((r) => {
          const acao: Resolucao['acao'] | null =
            r.gerado && r.historicoPadraoId
              ? { tipo: 'GERAR_LANCAMENTO', historicoPadraoId: r.historicoPadraoId }
              : r.gerado
                ? null
                : { tipo: 'CONCILIAR', origem: r.origem };
          return acao
            ? [
                {
                  linhaId: r.linhaId,
                  contaCorrenteId: r.contaCorrenteId,
                  descricao: r.descricao,
                  centavos: centavosDe(r.valor),
                  acao,
                },
              ]
            : [];
        });
        const janela = Number(await lerParametroNaTransacao(trx, 'financeiro.conciliacaoJanelaDias'));
        const existentes = (await lerRegras(auth.lojas).execute(trx)).rows.map((r) =>
          compilarCondicoes({ ...r, contaCorrenteId: r.contaCorrenteId }),
        );
        const porLinha = new Map(resolucoes.map((r) => [r.linhaId, r]));
        const propostas = [];
        for (const p of proporRegras(resolucoes, Math.min(janela, 15))) {
          // already taught: an existing rule's conditions take every line it was learned from
          const ja = existentes.some((teste) =>
            p.linhas.every((id) => {
              const r = porLinha.get(id)!;
              const linha = {
                id,
                contaCorrenteId: r.contaCorrenteId,
                data: '2000-01-03',
                centavos: r.centavos,
                descricao: r.descricao,
              };
              return teste(linha, normalizarMemo(r.descricao), 0);
            }),
          );
          if (ja) continue;
          const regra: RegraConciliacao = {
            id: null,
            descricao: p.descricao,
            contaCorrenteId: p.contaCorrenteId,
            prioridade: 100,
            ativo: true,
            confirmarAutomatico: true,
            condicoes: {
              memoContem: null,
              memoComecaCom: p.condicoes.memoComecaCom ?? null,
              memoRegex: null,
              valorMinimo: null,
              valorMaximo: null,
              sinal: p.condicoes.sinal,
              diasSemana: null,
            },
            acao:
              p.acao.tipo === 'GERAR_LANCAMENTO'
                ? {
                    tipo: 'GERAR_LANCAMENTO',
                    historicoPadraoId: p.acao.historicoPadraoId,
                    complemento: p.acao.complemento ?? null,
                  }
                : p.acao,
          };
          propostas.push({ regra, linhas: p.linhas, previa: await previaDeRegra(trx, auth.lojas, regra) });
        }
        return { propostas };
      });
    },
  );
}
