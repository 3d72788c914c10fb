/**
 * File upload: POST /api/v1/arquivos, either multipart/form-data with the file in the field `arquivo`
 * (@fastify/multipart, registered in THIS scope only: the rest of the API keeps its JSON/XML parsers
 * and 5 MB limit), or the file's bytes as the body with their own Content-Type, the name in `?nome=` or
 * `Content-Disposition: attachment; filename="…"`. Both are streamed under UPLOAD_LIMIT_BYTES (default
 * 50 MB, Portuguese 413, nothing kept) and hashed (sha256) as they arrive; the bytes are kept in
 * PostgreSQL (any instance reads them) and the same file twice is recognised by its sha256.
 */
import type { IncomingMessage } from 'node:http';
import multipart from '@fastify/multipart';
import { arquivoEnviado, corpoDeErro, envioDeArquivo, MSG_ARQUIVO } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { authOf } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { salvarArquivo } from './arquivos';
import { type BytesLidos, grandeDemais, lerFluxo } from './fluxo';
import { arquivoDoFormulario } from './multipart';

export { type ArquivoLido, type ArquivoSalvo, lerArquivo, salvarArquivo, textoDoArquivo } from './arquivos';
export { type Codificacao, codificacaoDeclarada, decodificarTexto, detectarCodificacao } from './decodificar';

export const UPLOAD_LIMIT_PADRAO = 50 * 1024 * 1024;

export function limiteDeUpload(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.UPLOAD_LIMIT_BYTES);
  return Number.isSafeInteger(n) && n > 0 ? n : UPLOAD_LIMIT_PADRAO;
}

function nomeDe(query: string | undefined, disposicao: string | undefined): string {
  if (query) return query;
  const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposicao ?? '');
  const nome = m?.[1] ? decodeURIComponent(m[1]) : m?.[2];
  return nome?.trim().slice(0, 255) || 'arquivo';
}

export async function arquivosRoutes(
  api: FastifyInstance,
  opts: { db: Database; limiteBytes?: number },
): Promise<void> {
  const limite = opts.limiteBytes ?? limiteDeUpload();
  // in this scope every body is the file (a .json or .xml file is a file, not a request to parse)
  api.removeAllContentTypeParsers();
  // throwFileSizeLimit off: busboy stops the file at the limit and lerFluxo answers our Portuguese 413
  await api.register(multipart, { limits: { fileSize: limite }, throwFileSizeLimit: false });
  api.addContentTypeParser('*', { bodyLimit: limite }, (request, payload, done) => {
    const declarado = Number(request.headers['content-length']);
    if (declarado > limite) return done(grandeDemais(limite), undefined);
    lerFluxo(payload as IncomingMessage, limite).then(
      (b) => done(null, b),
      (e: Error) => done(e, undefined),
    );
  });
  api.withTypeProvider<ZodTypeProvider>().post(
    '/v1/arquivos',
    {
      bodyLimit: limite,
      config: { access: { entidade: 'arquivos' } },
      schema: {
        tags: ['arquivos'],
        summary: 'Envia um arquivo (multipart, campo arquivo; ou os bytes no corpo, nome em ?nome=)',
        querystring: envioDeArquivo,
        response: { 200: arquivoEnviado, 201: arquivoEnviado, 413: corpoDeErro, 422: corpoDeErro },
      },
    },
    async (request, reply) => {
      const arquivo = request.isMultipart()
        ? await arquivoDoFormulario(request, limite)
        : corpoBruto(request, request.query.nome);
      const auth = authOf(request);
      const salvo = await opts.db.withTenant(auth.assinanteId, (trx) =>
        salvarArquivo(trx, { ...arquivo, nome: request.query.nome ?? arquivo.nome, enviadoPor: auth.usuarioId }),
      );
      return reply.code(salvo.repetido ? 200 : 201).send(salvo);
    },
  );
}

/** The raw-bytes path: the body the `*` parser read (and hashed). */
function corpoBruto(request: FastifyRequest, nome: string | undefined) {
  const lido = request.body as BytesLidos | undefined;
  if (!lido?.conteudo.length) throw new ApiError(422, MSG_ARQUIVO.vazio);
  const tipo = request.headers['content-type'] ?? 'application/octet-stream';
  return { ...lido, nome: nomeDe(nome, request.headers['content-disposition']), tipoConteudo: tipo.slice(0, 255) };
}
