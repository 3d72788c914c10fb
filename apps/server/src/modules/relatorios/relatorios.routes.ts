/**
 * Reports (viewer route /visualizacao-relatorio/:blob, spec §2.2, §3 "Files in processing").
 * The spec names no report endpoint, so they follow the API's habits:
 * - POST {register list path}/relatorio?q=&sort=&formato=pdf|xlsx → 202 {id, status…}: 'Imprimir' of
 *   the list, with the register's read permission (ACESSO) and the list's filter, sort and scope;
 * - POST {register list path}/{id}/historico → 202: the record's audit trail (same permission);
 * - GET /v1/relatorios?status= (the caller's own), GET /v1/relatorios/{id} (status),
 *   GET /v1/relatorios/{id}/arquivo[?download=true] (the file): owner or tenant administrator, else 404.
 */
import {
  arquivoParametros,
  listaParametros,
  MSG_RELATORIO,
  paginaDeRelatorios,
  relatorioComLink,
  relatorioParams,
  REGISTERS,
  type RegisterDef,
  type RegisterPath,
  rotuloDoRegistro,
} from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { type AuthContext, authOf } from '../../plugins/auth';
import { defineList, parseListQuery } from '../../http/list';
import { ApiError } from '../../plugins/errors';
import { metaOf } from '../../registers/meta';
import { getRow } from '../../registers/query';
import { access, idOf, scopeOf } from '../../registers/routes';
import { prepararLista } from './lista-cadastro';
import { FilaDeRelatorios } from './relatorios.fila';
import './relatorios.tarefa'; // declares the report job kind
import { buscarRelatorio, conteudoDe, listarMeus, type Relatorio } from './relatorios.store';

const tags = ['relatórios'];
const QUALQUER = { access: { entidade: 'relatórios' } };

function usuarioDe(request: FastifyRequest): AuthContext & { usuarioId: number } {
  const auth = authOf(request);
  if (auth.usuarioId === null) throw new ApiError(403, MSG_RELATORIO.somenteUsuarios);
  return auth as AuthContext & { usuarioId: number };
}

/** 'Imprimir' of a list takes the list's filter and sort, and the file's format. */
const PEDIDO_DE_LISTA = listaParametros({ formato: z.unknown().optional() });

/** The caller's reports, newest first; `status=PROCESSANDO` is the header's "arquivos em processamento". */
const LISTA = defineList({
  extra: { status: z.enum(['PROCESSANDO', 'PRONTO', 'ERRO']).optional() },
  filter: {
    status: { column: 'status', type: 'enum', values: ['PROCESSANDO', 'PRONTO', 'ERRO'] },
    tipo: {
      column: 'tipo',
      type: 'enum',
      values: [
        'LISTA_CADASTRO',
        'HISTORICO_REGISTRO',
        'EXTRATO_ESTOQUE',
        'EXTRATO_MOVIMENTACOES',
        'SALDO_ESTOQUE',
        'ETIQUETAS',
      ],
    },
    formato: { column: 'formato', type: 'enum', values: ['PDF', 'XLSX'] },
    criadoEm: { column: 'criado_em', type: 'date' },
  },
  sort: { fields: { criadoEm: 'criado_em', concluidoEm: 'concluido_em', titulo: 'titulo' }, default: '-criadoEm' },
  defaultCount: 20,
});

/** A report request answers 202 with the request and the viewer's route. */
const response = { 202: relatorioComLink };
const aceito = (r: Relatorio) => ({ ...r, link: `/visualizacao-relatorio/${r.id}` });

function formatoDe(v: unknown): 'PDF' | 'XLSX' {
  if (v === undefined || v === '' || v === 'pdf' || v === 'PDF') return 'PDF';
  if (v === 'xlsx' || v === 'XLSX') return 'XLSX';
  throw new ApiError(400, MSG_RELATORIO.formatoInvalido);
}

export async function relatoriosRoutes(
  api: FastifyInstance,
  opts: { db: Database; registers?: readonly RegisterDef[] },
) {
  const { db } = opts;
  const fila = new FilaDeRelatorios(
    db,
    () => api.tarefas,
    (m, err) => api.log.error({ err }, m),
  );
  api.addHook('onReady', async () => fila.iniciar());
  api.addHook('onClose', async () => fila.encerrar());

  function rotasDoCadastro(def: RegisterDef, p: RegisterPath) {
    const meta = metaOf(def);
    const pedido = (summary: string) => ({ config: access(def, 'ACESSO'), schema: { tags, summary, response } });
    api.post(`${p.path}/relatorio`, pedido(`Imprimir a lista: ${def.label.plural}`), async (request, reply) => {
      const auth = usuarioDe(request);
      const q = parseListQuery(PEDIDO_DE_LISTA, request.query);
      const formato = formatoDe(q.formato);
      const parametros = prepararLista(def, scopeOf(meta, request, auth).fixed, q, auth);
      const r = await fila.solicitar({
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        tipo: 'LISTA_CADASTRO',
        titulo: def.label.plural,
        formato,
        parametros: { ...parametros },
        requestId: request.id,
      });
      return reply.code(202).header('location', `/api/v1/relatorios/${r.id}`).send(aceito(r));
    });
    api.post(`${p.path}/:id/historico`, pedido(`Histórico de ${def.label.plural}`), async (request, reply) => {
      const auth = usuarioDe(request);
      const scope = scopeOf(meta, request, auth);
      const id = idOf(meta, (request.params as { id: string }).id);
      const row = await db.withTenant(auth.assinanteId, (trx) => getRow(trx, meta, scope, id));
      if (!row) throw new ApiError(404, def.label.naoEncontrado);
      const registro = rotuloDoRegistro(def, row);
      const r = await fila.solicitar({
        assinanteId: auth.assinanteId,
        usuarioId: auth.usuarioId,
        tipo: 'HISTORICO_REGISTRO',
        titulo: `Histórico de alterações — ${def.label.singular} ${registro}`,
        formato: 'PDF',
        parametros: { cadastro: def.key, id: String(id), registro },
        requestId: request.id,
      });
      return reply.code(202).header('location', `/api/v1/relatorios/${r.id}`).send(aceito(r));
    });
  }
  for (const def of opts.registers ?? REGISTERS) for (const p of def.paths) rotasDoCadastro(def, p);

  const app = api.withTypeProvider<ZodTypeProvider>();
  const porId = { params: relatorioParams };

  app.get(
    '/v1/relatorios',
    {
      config: QUALQUER,
      schema: {
        tags,
        summary: 'Relatórios do usuário (status=PROCESSANDO: os arquivos em processamento)',
        querystring: LISTA.query,
        response: { 200: paginaDeRelatorios },
      },
      ...LISTA.route,
    },
    async (request) => {
      const u = usuarioDe(request);
      const lista = LISTA.read(request.query);
      const { status } = request.query;
      const where = status ? sql<SqlBool>`status = ${status} and ${lista.where}` : lista.where;
      return db.withTenant(u.assinanteId, (trx) => listarMeus(trx, u.usuarioId, { ...lista, where }));
    },
  );

  app.get(
    '/v1/relatorios/:id',
    {
      config: QUALQUER,
      schema: { tags, summary: 'Situação de um relatório', ...porId, response: { 200: relatorioComLink } },
    },
    async (request) => {
      const u = usuarioDe(request);
      const r = await db.withTenant(u.assinanteId, (trx) => buscarRelatorio(trx, request.params.id, u));
      if (!r) throw new ApiError(404, MSG_RELATORIO.naoEncontrado);
      return aceito(r);
    },
  );

  app.get(
    '/v1/relatorios/:id/arquivo',
    {
      config: QUALQUER,
      schema: {
        tags,
        summary: 'O arquivo de um relatório pronto (download=true: como anexo)',
        ...porId,
        querystring: arquivoParametros,
      },
    },
    async (request, reply) => {
      const u = usuarioDe(request);
      const { r, conteudo } = await db.withTenant(u.assinanteId, async (trx) => {
        const r = await buscarRelatorio(trx, request.params.id, u);
        const conteudo = r?.status === 'PRONTO' ? await conteudoDe(trx, db, u.assinanteId, r.id, u) : undefined;
        return { r, conteudo };
      });
      if (!r) throw new ApiError(404, MSG_RELATORIO.naoEncontrado);
      if (r.status === 'PROCESSANDO') throw new ApiError(409, MSG_RELATORIO.processando);
      if (r.status === 'ERRO' || !conteudo)
        throw new ApiError(409, MSG_RELATORIO.falhou, r.mensagemErro ? [r.mensagemErro] : undefined);
      const disposicao = request.query.download === 'true' || r.formato !== 'PDF' ? 'attachment' : 'inline';
      return (
        reply
          .type(r.mimeType ?? 'application/octet-stream')
          .header('content-disposition', `${disposicao}; filename="${r.nomeArquivo}"`)
          .header('cache-control', 'private, no-store')
          // a file in parts goes out as they are read: its length is known beforehand
          .header('content-length', Buffer.isBuffer(conteudo) ? conteudo.length : (r.tamanho ?? undefined))
          .send(conteudo)
      );
    },
  );
}
