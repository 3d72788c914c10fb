/**
 * Purchasing's routes: the invoice and conferência commands (nota.workflow.ts, conferencia.workflow.ts), the
 * NF-e XML entry through the upload kit, the SDK's count batch (…/conferencias/{id}/produtos/lote, ≤ 50,
 * XML or JSON), and the reads as the integrations use them (api-compat.md): GET /api/v1/compra/notas-fiscais
 * (C1: start, count, sort, q; header fields and itens[] with tax fields), …/{id}, GET …/conferencias (C3) and
 * …/{id}. Only the user's stores.
 */
import {
  conferenciaCompra,
  listaPaginada,
  MSG_CONFERENCIA,
  MSG_NOTA_COMPRA,
  notaFiscalCompra,
  perm,
  STATUS_CONFERENCIA,
  STATUS_NOTA_COMPRA,
  TIPOS_DE_ARQUIVO,
} from '@retaguarda/domain';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { cotaDoAmbiente, prepararRecebimento, receberArquivo, remetenteDe, salvarArquivo } from '../../http/upload';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { declararRaizXml } from '../../plugins/xml';
import { acessoDaRota, caminhoDoWorkflow, executarWorkflow, montarWorkflows, naoEncontrado } from '../../workflows';
import { montarLotes } from '../../workflows/lote';
import { CONFERENCIA_COLUNAS, conferenciasFrom, lerConferencia } from './conferencia.consulta';
import { abrirConferenciaCompra, contarProdutoConferencia, fecharConferenciaCompra } from './conferencia.workflow';
import { lerNotaCompra, NOTA_COLUNAS, notasFrom } from './nota.consulta';
import { confirmarNotaCompra, incluirNotaCompra, incluirNotaCompraXml } from './nota.workflow';

const tags = ['compra'];
const KIND = TIPOS_DE_ARQUIVO['nfe-compra'];
const id32 = z.coerce.number().int().positive().max(2_147_483_647);
const acessoNotas = { access: { anyOf: [perm('NOTA_FISCAL_COMPRA')], entidade: MSG_NOTA_COMPRA.entidade } };
const acessoConferencias = {
  access: { anyOf: [perm('CONFERENCIA_COMPRA')], entidade: MSG_CONFERENCIA.entidade },
};

export const NOTAS = defineList({
  filter: {
    id: { column: 'n.id', type: 'number' },
    lojaId: { column: 'n.loja_id', type: 'number' },
    fornecedorId: { column: 'n.fornecedor_id', type: 'number' },
    status: { column: 'n.status', type: 'enum', values: STATUS_NOTA_COMPRA },
    numeroNota: { column: 'n.numero_nota', type: 'number' },
    serie: { column: 'n.serie', type: 'text' },
    chaveDaNfe: { column: 'n.chave_da_nfe', type: 'text' },
    // the supplier's local date and time, compared as written
    dataEmissao: { column: 'n.data_emissao', type: 'day' },
    dataEntrada: { column: 'n.data_entrada', type: 'date' },
  },
  sort: {
    fields: { id: 'n.id', dataEmissao: 'n.data_emissao', dataEntrada: 'n.data_entrada', numeroNota: 'n.numero_nota' },
    default: '-id',
    id: 'n.id',
  },
});

const CONFERENCIAS = defineList({
  filter: {
    id: { column: 'c.id', type: 'number' },
    lojaId: { column: 'c.loja_id', type: 'number' },
    notaFiscalId: { column: 'c.nota_id', type: 'number' },
    status: { column: 'c.status', type: 'enum', values: STATUS_CONFERENCIA },
  },
  sort: { fields: { id: 'c.id' }, default: '-id', id: 'c.id' },
});

export async function comprasRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  declararRaizXml('/api/v1/compra/conferencias', 'ConferenciaCompra');
  montarWorkflows(api, db, [
    incluirNotaCompra,
    confirmarNotaCompra,
    abrirConferenciaCompra,
    contarProdutoConferencia,
    fecharConferenciaCompra,
  ]);
  montarLotes(api, db, [contarProdutoConferencia]);

  // the NF-e XML entry: a scope where every body is a file
  await api.register(async (scope) => {
    await prepararRecebimento(scope, KIND.limiteBytes);
    scope.withTypeProvider<ZodTypeProvider>().post(
      caminhoDoWorkflow(incluirNotaCompraXml),
      {
        config: { access: acessoDaRota(incluirNotaCompraXml), comando: incluirNotaCompraXml.nome },
        schema: {
          tags,
          summary: incluirNotaCompraXml.resumo,
          querystring: z.object({
            lojaId: id32,
            localId: id32.optional(),
            dataEntrada: z.string().max(10).optional(),
            previa: z.enum(['true', 'false']).optional(),
            nome: z.string().max(255).optional(),
          }),
          response: { 200: notaFiscalCompra, 201: notaFiscalCompra },
        },
      },
      async (request, reply) => {
        const q = request.query;
        const recebido = await receberArquivo(request, {
          limiteBytes: KIND.limiteBytes,
          extensoes: KIND.extensoes,
          rotulo: KIND.rotulo,
          ...(q.nome ? { nome: q.nome } : {}),
        });
        try {
          // an NF-e is UTF-8 by its layout (the XML declaration says so)
          const conteudo = new TextDecoder('utf-8').decode(await readFile(recebido.caminho));
          const auth = authOf(request);
          // the entry keeps the XML as sent (the preview keeps nothing); a refused entry leaves it unclaimed,
          // swept after its kind's diasSemDocumento
          const arquivoId =
            q.previa === 'true' || !auth.lojas.includes(q.lojaId)
              ? null
              : (
                  await db.withTenant(auth.assinanteId, (trx) =>
                    salvarArquivo(trx, recebido, {
                      tipo: 'nfe-compra',
                      remetente: remetenteDe(auth),
                      enviadoPor: auth.usuarioId,
                      cota: cotaDoAmbiente(),
                    }),
                  )
                ).id;
          const r = await executarWorkflow(db, incluirNotaCompraXml, {
            entrada: {
              lojaId: q.lojaId,
              localId: q.localId ?? null,
              ...(q.dataEntrada ? { dataEntrada: q.dataEntrada } : {}),
              nomeArquivo: recebido.nome || null,
              conteudo,
              arquivoId,
            },
            auth,
            requestId: request.id,
            previa: q.previa === 'true',
            chave: request.headers['idempotency-key'] as string | undefined,
            log: request.log,
          });
          if (r.previa) reply.header('Previa', 'true');
          if (r.repetido) reply.header('Idempotent-Replayed', 'true');
          if (r.location) reply.header('Location', r.location);
          return reply
            .code(r.previa ? 200 : (r.status as 200 | 201))
            .type('application/json; charset=utf-8')
            .send(r.corpo as never);
        } finally {
          await recebido.descartar();
        }
      },
    );
  });

  const app = api.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/v1/compra/notas-fiscais',
    {
      config: acessoNotas,
      schema: {
        tags,
        summary: 'Notas fiscais de compra (das lojas do usuário), com itens e tributos',
        querystring: NOTAS.query,
        response: { 200: listaPaginada(notaFiscalCompra) },
      },
      ...NOTAS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = NOTAS.read(request.query);
      return db.withTenant(auth.assinanteId, (trx) => pagedSql(trx, notasFrom(auth.lojas, l.where), NOTA_COLUNAS, l));
    },
  );

  app.get(
    '/v1/compra/notas-fiscais/:id',
    {
      config: acessoNotas,
      schema: {
        tags,
        summary: 'Uma nota fiscal de compra com itens, tributos e parcelas',
        params: z.object({ id: id32 }),
        response: { 200: notaFiscalCompra },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const n = await db.withTenant(auth.assinanteId, (trx) => lerNotaCompra(trx, request.params.id, auth.lojas));
      if (!n) throw naoEncontrado(MSG_NOTA_COMPRA.naoEncontrada);
      return n;
    },
  );

  app.get(
    '/v1/compra/conferencias',
    {
      config: acessoConferencias,
      schema: {
        tags,
        summary: 'Conferências de compra (das lojas do usuário)',
        querystring: CONFERENCIAS.query,
        response: { 200: listaPaginada(conferenciaCompra) },
      },
      ...CONFERENCIAS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = CONFERENCIAS.read(request.query);
      return db.withTenant(auth.assinanteId, (trx) =>
        pagedSql(trx, conferenciasFrom(auth.lojas, l.where), CONFERENCIA_COLUNAS, l),
      );
    },
  );

  app.get(
    '/v1/compra/conferencias/:id',
    {
      config: acessoConferencias,
      schema: {
        tags,
        summary: 'Uma conferência de compra: quantidades da nota e contadas por produto',
        params: z.object({ id: id32 }),
        response: { 200: conferenciaCompra },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const c = await db.withTenant(auth.assinanteId, (trx) => lerConferencia(trx, request.params.id, auth.lojas));
      if (!c) throw naoEncontrado(MSG_CONFERENCIA.naoEncontrada);
      return c;
    },
  );
}
