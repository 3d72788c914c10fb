/**
 * Monitoramento de documentos eletrônicos (NFC-e, domain §3.8), reads under
 * PERM_MONITORAMENTO_DOCUMENTO_ELETRONICO_ACESSO over the caller's stores (the spec names no path for them):
 * - GET /v1/fiscal/nfce/documentos?<filtro>&start&count&sort → the grid (the list contract); the filter is
 *   the spec's (lojas, dataInicio/dataFim or the cards' dataInicial/dataFinal, status, tipoPesquisaNota,
 *   frenteDeLoja, caixas, chaveNfce, motivosRejeicao, numeroDocumentoMinimo/Maximo); no period = last 7 days;
 * - GET /v1/fiscal/nfce/cartoes?<filtro> → count and value per status under the same filter (status ignored);
 * - GET /v1/fiscal/nfce/motivos-rejeicao?<filtro> → the rejection codes present (the multi-select);
 * - GET /v1/fiscal/nfce/faixas?<filtro> → the gaps per store and série (numbers to void) and voided ranges;
 * - GET /v1/fiscal/nfce/documentos/{chave} → informações do cupom; …/xml → the XML; …/danfe → 80 mm PDF;
 * - GET /v1/fiscal/nfce/opcoes → the PDVs and caixas of the caller's stores (the filter's pickers);
 * - POST /v1/fiscal/nfce/documentos/relatorio?<filtro>&sort&formato=pdf|xlsx → 202, the export (report engine);
 * - GET /v1/fiscal/nfce/rejeitadas → {total}: rejected notes in the caller's stores (the Painel's card);
 * - GET /v1/fiscal/nfce/motivos-cancelamento → the motivos a NFC-e may be cancelled with (aplicação
 *   CUPOM_NFCE, active, ≥ 15 characters): the cancel dialog's choices, for whoever follows the documents
 *   without access to the financial register.
 * The SEFAZ actions (consultar, reenviar, cancelar, inutilizar) are commands of their own module.
 */
import {
  cartoesNfce,
  chaveAcessoValida,
  detalheNfce,
  documentoNfceLinha,
  faixaNfce,
  falhaDeCampo,
  MSG,
  MSG_LISTA,
  MSG_RELATORIO,
  MIN_JUSTIFICATIVA_SEFAZ,
  motivosRejeicaoNfce,
  opcoesMonitorNfce,
  ORDENACOES_NFCE,
  parametrosMonitorNfce,
  perm,
  relatorioComLink,
  STATUS_NFCE,
  totalDeContador,
} from '@retaguarda/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { defineList, pagedSql } from '../../http/list';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { FilaDeRelatorios, linkDoRelatorio } from '../relatorios';
import { gerarDanfeNfce } from './nfce-danfe';
import { lerDetalheNfce, lerXmlNfce } from './nfce-detalhe.consulta';
import { analisarFaixa } from './nfce-faixa.consulta';
import {
  COLUNAS_NFCE,
  cartoesNfce as lerCartoes,
  consultaDaRequisicao,
  fromNfce,
  MSG_NFCE_MONITOR,
  motivosRejeicaoNfce as lerMotivos,
  ORDEM_NFCE,
  ordemNfce,
  totalRejeitadas,
} from './nfce-monitor.consulta';
import { type ParametrosRelatorioNfce, TIPO_RELATORIO_NFCE } from './nfce-relatorio';

const tags = ['fiscal'];
const leitura = {
  access: { anyOf: [perm('MONITORAMENTO_DOCUMENTO_ELETRONICO')], entidade: MSG_NFCE_MONITOR.entidade },
};
const filtro = z.object(parametrosMonitorNfce);

const DOCUMENTOS = defineList({
  extra: parametrosMonitorNfce,
  sort: {
    fields: Object.fromEntries(ORDENACOES_NFCE.map((c) => [c, ORDEM_NFCE[c]])),
    default: '-emissao',
    id: 'd.chave',
  },
});

/** 44 digits with the right check digit, else 422 before any read. */
const porChave = z.object({ chave: z.string() });
function chaveValida(chave: string): string {
  if (!/^\d{44}$/.test(chave) || !chaveAcessoValida(chave))
    throw new ApiError(422, MSG.validacao, [
      falhaDeCampo('chave', 'chave de acesso inválida: 44 dígitos com o dígito verificador correto.', 'Chave NFC-e'),
    ]);
  return chave;
}

export async function nfceRoutes(api: FastifyInstance, opts: { db: Database }): Promise<void> {
  const { db } = opts;
  const app = api.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/fiscal/nfce/documentos',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'NFC-e das lojas do usuário pelo filtro do monitor (padrão: rejeitadas dos últimos 7 dias)',
        querystring: DOCUMENTOS.query,
        response: {
          200: z.object({
            start: z.number(),
            count: z.number(),
            total: z.number(),
            items: z.array(documentoNfceLinha),
          }),
        },
      },
      ...DOCUMENTOS.route,
    },
    async (request) => {
      const auth = authOf(request);
      const l = DOCUMENTOS.read(request.query);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const c = await consultaDaRequisicao(trx, auth, l.params);
        // the spec's default screen asks for REJEITADA; the query string without status lists every status
        return pagedSql<z.input<typeof documentoNfceLinha>>(trx, fromNfce(c), COLUNAS_NFCE, l);
      });
    },
  );

  const fila = new FilaDeRelatorios(
    db,
    () => api.tarefas,
    (m, err) => api.log.error({ err }, m),
  );
  app.post(
    '/v1/fiscal/nfce/documentos/relatorio',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Exporta as NFC-e do filtro (PDF ou XLSX, gerado em segundo plano)',
        querystring: z.object({
          ...parametrosMonitorNfce,
          sort: z.string().max(200).optional(),
          formato: z.enum(['pdf', 'xlsx', 'PDF', 'XLSX']).default('pdf'),
        }),
        response: { 202: relatorioComLink },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (auth.usuarioId === null) throw new ApiError(403, MSG_RELATORIO.somenteUsuarios);
      const { formato, sort, ...parametros } = request.query;
      const ordem = ordemNfce(sort);
      if (!ordem) throw new ApiError(400, MSG_LISTA.ordenacaoInvalida(String(sort)));
      const consulta = await db.withTenant(auth.assinanteId, (trx) => consultaDaRequisicao(trx, auth, parametros));
      const parametrosRelatorio: ParametrosRelatorioNfce = { consulta, ordem };
      const r = await fila.solicitar({
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        tipo: TIPO_RELATORIO_NFCE,
        titulo: 'Documentos NFC-e',
        formato: formato.toUpperCase() as 'PDF' | 'XLSX',
        parametros: parametrosRelatorio as unknown as Record<string, unknown>,
        requestId: request.id,
      });
      return reply
        .code(202)
        .header('location', `/api/v1/relatorios/${r.id}`)
        .send({ ...r, link: linkDoRelatorio(r.id) });
    },
  );

  app.get(
    '/v1/fiscal/nfce/cartoes',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Quantidade e valor de NFC-e por status sob o mesmo filtro (cartões do monitor)',
        querystring: filtro,
        response: { 200: cartoesNfce },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const c = await consultaDaRequisicao(trx, auth, request.query);
        const linhas = new Map((await lerCartoes(trx, c)).map((r) => [r.status, r]));
        // every status has its card, zero included
        return {
          items: STATUS_NFCE.map((status) => ({
            status,
            quantidade: linhas.get(status)?.quantidade ?? 0,
            valor: linhas.get(status)?.valor ?? '0.00',
          })),
        };
      });
    },
  );

  app.get(
    '/v1/fiscal/nfce/motivos-rejeicao',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Códigos de rejeição (cStat) presentes nas NFC-e rejeitadas sob o filtro',
        querystring: filtro,
        response: { 200: motivosRejeicaoNfce },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const c = await consultaDaRequisicao(trx, auth, request.query);
        return { items: await lerMotivos(trx, c) };
      });
    },
  );

  app.get(
    '/v1/fiscal/nfce/faixas',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Análise de faixa: números nunca usados por loja e série (a inutilizar) e faixas inutilizadas',
        querystring: filtro,
        response: { 200: faixaNfce },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const c = await consultaDaRequisicao(trx, auth, { ...request.query, tipoPesquisaNota: 'faixa' });
        return analisarFaixa(trx, c);
      });
    },
  );

  app.get(
    '/v1/fiscal/nfce/opcoes',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'PDVs e caixas das lojas do usuário para os filtros do monitor',
        response: { 200: opcoesMonitorNfce },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const lojas = auth.lojas.length ? [...auth.lojas] : [-1];
      return db.withTenant(auth.assinanteId, async (trx) => {
        // a fiscal user picks PDVs without access to the devices register
        const { rows } = await sql<{ id: number; lojaId: number; nome: string; numeroCaixa: number }>`
          select p.id::int as id, p.loja_id, p.nome, p.numero_caixa from dispositivo p
           where p.loja_id = any(${lojas}::int4[]) and p.numero_caixa is not null and p.status <> 'REVOGADO'
           order by p.loja_id, p.numero_caixa, p.id`.execute(trx);
        return { pdvs: rows, caixas: [...new Set(rows.map((r) => r.numeroCaixa))].sort((a, b) => a - b) };
      });
    },
  );

  app.get(
    '/v1/fiscal/nfce/rejeitadas',
    {
      config: leitura,
      schema: { tags, summary: 'Total de NFC-e rejeitadas nas lojas do usuário', response: { 200: totalDeContador } },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => ({ total: await totalRejeitadas(trx, auth) }));
    },
  );

  app.get(
    '/v1/fiscal/nfce/motivos-cancelamento',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Motivos de cancelamento de NFC-e (aplicação CUPOM_NFCE, ao menos 15 caracteres)',
        response: { 200: z.object({ items: z.array(z.object({ id: z.number(), descricao: z.string() })) }) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return db.withTenant(auth.assinanteId, async (trx) => {
        const { rows } = await sql<{ id: number; descricao: string }>`
          select id, trim(descricao) as descricao from motivo_cancelamento
           where ativo and 'CUPOM_NFCE' = any(aplicacao) and char_length(trim(descricao)) >= ${MIN_JUSTIFICATIVA_SEFAZ}
           order by descricao`.execute(trx);
        return { items: rows };
      });
    },
  );

  app.get(
    '/v1/fiscal/nfce/documentos/:chave',
    {
      config: leitura,
      schema: {
        tags,
        summary: 'Informações do cupom: cabeçalho, itens com tributos, pagamentos, consumidor, QR code e eventos',
        params: porChave,
        response: { 200: detalheNfce },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const chave = chaveValida(request.params.chave);
      const d = await db.withTenant(auth.assinanteId, (trx) => lerDetalheNfce(trx, auth, chave));
      if (!d) throw new ApiError(404, MSG_NFCE_MONITOR.documentoNaoEncontrado);
      return d;
    },
  );

  app.get(
    '/v1/fiscal/nfce/documentos/:chave/xml',
    { config: leitura, schema: { tags, summary: 'XML da NFC-e (como o PDV enviou)', params: porChave } },
    async (request, reply) => {
      const auth = authOf(request);
      const chave = chaveValida(request.params.chave);
      const r = await db.withTenant(auth.assinanteId, (trx) => lerXmlNfce(trx, auth, chave));
      if (!r) throw new ApiError(404, MSG_NFCE_MONITOR.documentoNaoEncontrado);
      if (!r.xml) throw new ApiError(404, MSG_NFCE_MONITOR.semXml);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${chave}-nfce.xml"`)
        .send(r.xml);
    },
  );

  app.get(
    '/v1/fiscal/nfce/documentos/:chave/danfe',
    {
      config: leitura,
      schema: { tags, summary: 'DANFE NFC-e 80 mm (PDF com QR code) para reimpressão', params: porChave },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const chave = chaveValida(request.params.chave);
      const d = await db.withTenant(auth.assinanteId, (trx) => lerDetalheNfce(trx, auth, chave));
      if (!d) throw new ApiError(404, MSG_NFCE_MONITOR.documentoNaoEncontrado);
      const pdf = await gerarDanfeNfce(d);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="danfe-nfce-${d.documento.numero ?? chave}.pdf"`)
        .send(pdf);
    },
  );
}
