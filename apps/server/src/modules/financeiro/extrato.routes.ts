/**
 * Bank statements: POST /api/v1/financeiro/extratos receives the file through the upload kit (multipart
 * `arquivo` or the raw body; the tenant's setting financeiro.extratoLimiteMb, 20 MB by default, up to the uploads'
 * 50: 413 past it) and runs the import command — its preview unless `?confirmar=true`. A confirmed file above
 * LIMITE_SINCRONO_EXTRATO_BYTES (or any with `?tarefa=true`; never with `?tarefa=false`) is kept by the upload
 * kit and imported by a job: 202 + the job, whose result is the same answer (extrato.tarefa.ts);
 * POST …/extratos/tarefa always answers so. GET …/extratos[?contaCorrenteId=], GET …/extratos/{id}/linhas; DELETE …/{id}.
 * Only the user's stores' accounts are listed.
 */
import {
  comandoImportarExtrato,
  comandoImportarExtratoEmTarefa,
  decodificarOfx,
  extratoResumo,
  LIMITE_MAXIMO_EXTRATO_MB,
  LIMITE_SINCRONO_EXTRATO_BYTES,
  linhaExtratoBancario,
  MSG_EXTRATO_BANCARIO as MSG,
  perm,
  TIPOS_DE_ARQUIVO,
} from '@retaguarda/domain';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { lerParametro } from '../../configuracoes';
import type { Database } from '../../db/database';
import { cotaDoAmbiente, prepararRecebimento, receberArquivo, remetenteDe, salvarArquivo } from '../../http/upload';
import { authOf } from '../../plugins/auth';
import {
  acessoDaRota,
  caminhoDoWorkflow,
  executarWorkflow,
  montarWorkflows,
  naoEncontrado,
  proibido,
} from '../../workflows';
import { importarExtratoEmTarefa } from './extrato.tarefa';
import { excluirImportacao, importarExtrato } from './extrato.workflow';

const KIND = TIPOS_DE_ARQUIVO['extrato-bancario'];
const MB = 1024 * 1024;
const leitura = { anyOf: [perm('MANUTENCAO_OFX'), perm('CONCILIACAO_DE_CC')], entidade: MSG.entidade };
const id32 = z.coerce.number().int().positive().max(2_147_483_647);

export async function extratoRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  montarWorkflows(api, db, [excluirImportacao]);

  // the import: a scope where every body is a file
  await api.register(async (scope) => {
    await prepararRecebimento(scope, LIMITE_MAXIMO_EXTRATO_MB * MB);
    for (const emTarefa of [false, true]) {
      const wf = emTarefa ? importarExtratoEmTarefa : importarExtrato;
      scope.withTypeProvider<ZodTypeProvider>().post(
        caminhoDoWorkflow(wf),
        {
          config: { access: acessoDaRota(wf), comando: wf.nome },
          schema: {
            tags: ['financeiro'],
            summary: emTarefa ? comandoImportarExtratoEmTarefa.resumo : comandoImportarExtrato.resumo,
            querystring: z.object({
              confirmar: z.enum(['true', 'false']).optional(),
              tarefa: z.enum(['true', 'false']).optional(),
              contaCorrenteId: id32.optional(),
              nome: z.string().max(255).optional(),
            }),
            response: {
              200: importarExtrato.saida,
              201: importarExtrato.saida,
              202: importarExtratoEmTarefa.saida,
            },
          },
        },
        async (request, reply) => {
          const limiteMb = await lerParametro(db, authOf(request).assinanteId, 'financeiro.extratoLimiteMb');
          const recebido = await receberArquivo(request, {
            limiteBytes: Math.min(limiteMb, LIMITE_MAXIMO_EXTRATO_MB) * MB,
            extensoes: KIND.extensoes,
            rotulo: KIND.rotulo,
            ...(request.query.nome ? { nome: request.query.nome } : {}),
          });
          try {
            const q = request.query;
            const auth = authOf(request);
            const tarefa =
              emTarefa ||
              (q.confirmar === 'true' &&
                (q.tarefa === 'true' || (q.tarefa !== 'false' && recebido.tamanho > LIMITE_SINCRONO_EXTRATO_BYTES)));
            if (tarefa) {
              // the job reads the file back: the upload kit keeps it (unclaimed, it is swept after its kind's days)
              const arquivo = await db.withTenant(auth.assinanteId, (trx) =>
                salvarArquivo(trx, recebido, {
                  tipo: 'extrato-bancario',
                  remetente: remetenteDe(auth),
                  enviadoPor: auth.usuarioId,
                  cota: cotaDoAmbiente(),
                }),
              );
              const r = await executarWorkflow(db, importarExtratoEmTarefa, {
                entrada: {
                  arquivoId: arquivo.id,
                  nomeArquivo: recebido.nome || null,
                  contaCorrenteId: q.contaCorrenteId,
                },
                auth,
                requestId: request.id,
                chave: request.headers['idempotency-key'] as string | undefined,
                log: request.log,
              });
              if (r.repetido) reply.header('Idempotent-Replayed', 'true');
              if (r.location) reply.header('Location', r.location);
              return reply
                .code(202)
                .type('application/json; charset=utf-8')
                .send(r.corpo as never);
            }
            const conteudo = decodificarOfx(await readFile(recebido.caminho));
            const confirmar = request.query.confirmar === 'true';
            const r = await executarWorkflow(db, importarExtrato, {
              entrada: { nomeArquivo: recebido.nome || null, conteudo, contaCorrenteId: request.query.contaCorrenteId },
              auth: authOf(request),
              requestId: request.id,
              previa: !confirmar,
              chave: request.headers['idempotency-key'] as string | undefined,
              log: request.log,
            });
            if (r.previa) reply.header('Previa', 'true');
            if (r.repetido) reply.header('Idempotent-Replayed', 'true');
            return reply
              .code(200)
              .type('application/json; charset=utf-8')
              .send(r.corpo as never);
          } finally {
            await recebido.descartar();
          }
        },
      );
    }
  });

  const app = api.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/financeiro/extratos',
    {
      config: { access: leitura },
      schema: {
        tags: ['financeiro'],
        summary: 'Importações de extrato das contas das suas lojas (as mais recentes primeiro)',
        querystring: z.object({ contaCorrenteId: id32.optional() }),
        response: { 200: z.object({ items: z.array(extratoResumo) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const conta = request.query.contaCorrenteId;
      const items = await db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<z.output<typeof extratoResumo>>`
          select e.id, e.conta_corrente_id, c.descricao as conta, e.nome_arquivo,
                 to_char(e.periodo_inicio, 'YYYY-MM-DD') as inicio, to_char(e.periodo_fim, 'YYYY-MM-DD') as fim,
                 e.saldo_extrato::text as saldo, to_char(e.data_saldo, 'YYYY-MM-DD') as data_saldo, e.importado_em,
                 n.linhas, n.conciliadas,
                 case when n.conciliadas = 0 then 'IMPORTADO'
                      when n.conciliadas + n.ignoradas < n.linhas then 'PARCIALMENTE_CONCILIADO'
                      else 'CONCILIADO' end as status
            from extrato_bancario e join conta_corrente c on c.id = e.conta_corrente_id
            cross join lateral (
              select count(*)::int as linhas, count(*) filter (where l.ignorado)::int as ignoradas,
                     count(*) filter (where exists (select 1 from conciliacao_linha cl
                                                     where cl.linha_id = l.id and cl.ativo))::int as conciliadas
                from extrato_linha l where l.extrato_id = e.id) n
           where c.loja_id = any(${auth.lojas}::int4[]) ${conta ? sql`and e.conta_corrente_id = ${conta}` : sql``}
           order by e.importado_em desc, e.id desc limit 500`.execute(trx);
        return rows;
      });
      return { items };
    },
  );

  app.get(
    '/v1/financeiro/extratos/:id/linhas',
    {
      config: { access: leitura },
      schema: {
        tags: ['financeiro'],
        summary: 'Linhas de uma importação de extrato',
        params: z.object({ id: id32 }),
        response: { 200: z.object({ items: z.array(linhaExtratoBancario) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows: e } = await sql<{ lojaId: number }>`
          select c.loja_id from extrato_bancario e join conta_corrente c on c.id = e.conta_corrente_id
           where e.id = ${request.params.id}`.execute(trx);
        if (!e[0]) throw naoEncontrado(MSG.naoEncontrado);
        if (!auth.lojas.includes(e[0].lojaId)) throw proibido(MSG.foraDoEscopo);
        const { rows } = await sql<z.output<typeof linhaExtratoBancario>>`
          select l.id::text as id, l.fit_id, to_char(l.data, 'YYYY-MM-DD') as data, l.valor::text as valor,
                 l.tipo_transacao as tipo, l.descricao, l.numero_documento, l.futura, l.ignorado,
                 exists (select 1 from conciliacao_linha cl where cl.linha_id = l.id and cl.ativo) as conciliado
            from extrato_linha l where l.extrato_id = ${request.params.id} order by l.data, l.id`.execute(trx);
        return { items: rows };
      });
    },
  );
}
