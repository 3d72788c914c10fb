/**
 * POST /api/v1/produto/impressao-etiqueta (a command answering 202 with its job): checks the stores (existing,
 * the caller's) and the products, then records the ETIQUETAS report and its job in the command's transaction —
 * the report engine's worker lays the PDF out (etiquetas.ts), the bell tells when it is ready, and
 * GET /api/v1/relatorios/{tarefaId}/arquivo downloads it.
 */
import { comandoImpressaoEtiqueta, MSG_ETIQUETA } from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Motor } from '../../jobs';
import { criarRelatorio } from '../relatorios/relatorios.store';
import { TIPO_TAREFA, linkDoRelatorio } from '../relatorios/relatorios.fila';
import { defineWorkflow, montarWorkflows, proibido, recusar } from '../../workflows';
import { registrarGerador } from '../relatorios';
import { gerarEtiquetas } from './etiquetas';

registrarGerador('ETIQUETAS', gerarEtiquetas);

const faltam = (pedidos: number[], achados: number[]) => pedidos.filter((id) => !achados.includes(id));

export function impressaoEtiqueta(motor: () => Motor) {
  return defineWorkflow(comandoImpressaoEtiqueta, {
    estadoInicial: () => ({ tarefaId: '' }),
    passos: [
      async function lojasDoPedido(ctx) {
        const { rows } = await sql<{ id: number; sigla: string }>`
          select id, sigla from loja where id = any(${ctx.entrada.lojas}::int4[])`.execute(ctx.trx);
        const sem = faltam(
          ctx.entrada.lojas,
          rows.map((r) => r.id),
        );
        if (sem.length) throw recusar('lojas', MSG_ETIQUETA.lojasNaoEncontradas(sem.join(', ')));
        const fora = rows.filter((r) => !ctx.auth.lojas.includes(r.id));
        if (fora.length) throw proibido(MSG_ETIQUETA.lojasForaDoEscopo(fora.map((r) => r.sigla).join(', ')));
      },
      async function produtosDoPedido(ctx) {
        const { rows } = await sql<{ id: number }>`
          select id from produto where id = any(${ctx.entrada.produtos}::int4[])`.execute(ctx.trx);
        const sem = faltam(
          ctx.entrada.produtos,
          rows.map((r) => r.id),
        );
        if (sem.length) throw recusar('produtos', MSG_ETIQUETA.produtosNaoEncontrados(sem.slice(0, 20).join(', ')));
      },
      async function enfileirarPdf(ctx) {
        const r = await criarRelatorio(ctx.trx, {
          assinanteId: ctx.assinanteId,
          usuarioId: ctx.auth.usuarioId ?? 0,
          tipo: 'ETIQUETAS',
          titulo: MSG_ETIQUETA.titulo,
          formato: 'PDF',
          parametros: ctx.entrada,
          instancia: motor().instancia,
        });
        // the report and its job share the id, as the report queue does
        ctx.estado.tarefaId = await ctx.enfileirar(
          TIPO_TAREFA,
          { relatorioId: r.id },
          { id: r.id, titulo: r.titulo, link: linkDoRelatorio(r.id) },
        );
      },
    ],
    resposta: (ctx) => ({ tarefaId: ctx.estado.tarefaId, message: MSG_ETIQUETA.iniciada }),
  });
}

export async function etiquetasRoutes(api: FastifyInstance, { db }: { db: Database }): Promise<void> {
  montarWorkflows(api, db, [impressaoEtiqueta(() => api.tarefas)]);
}
