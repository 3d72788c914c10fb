/**
 * The upload kit (README.md here) and its general route: POST /api/v1/arquivos?tipo=<kind> takes the
 * file (multipart field `arquivo`, or the raw bytes) for a kind declared in the domain
 * (`TIPOS_DE_ARQUIVO`: who may send it, what it may be, how long it is kept); GET /api/v1/arquivos/{id}
 * streams back one's own upload. Parsers live only in this scope: the rest of the API keeps JSON/XML and 5 MB.
 */
import {
  arquivoEnviado,
  corpoDeErro,
  envioDeArquivo,
  MSG,
  PERMISSOES_DE_ENVIO,
  TIPOS_DE_ARQUIVO,
  type TipoDeArquivo,
} from '@retaguarda/domain';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { authOf, enforce } from '../../plugins/auth';
import { ApiError } from '../../plugins/errors';
import { type ArquivoAberto, abrirArquivo, remetenteDe, salvarArquivo } from './arquivos';
import { type Cota, cotaDoAmbiente, verificarCota } from './cota';
import { tipoDeImagemDoArquivo } from './imagem';
import { prepararRecebimento, receberArquivo } from './receber';

const MSG_IMAGEM = {
  naoEImagem: (rotulo: string) => `O arquivo enviado não é uma imagem PNG, JPEG ou WebP (${rotulo}).`,
};

export {
  type ArquivoAberto,
  type ArquivoSalvo,
  abrirArquivo,
  liberarArquivos,
  remetenteDe,
  salvarArquivo,
  textoDoArquivo,
  vincularArquivo,
} from './arquivos';
export { type Cota, cotaDoAmbiente, verificarCota } from './cota';
export { sniffImage, type TipoDeImagem, tipoDeImagemDoArquivo } from './imagem';
export { type Codificacao, codificacaoDeclarada, decodificarTexto, detectarCodificacao } from './decodificar';
export { type ArquivoRecebido, type OpcoesDeRecebimento, prepararRecebimento, receberArquivo } from './receber';
export { agendaDeRetencao, varrerArquivos, varrerAssinante } from './retencao';
export { type ChaveDeSegredos, chaveDeSegredos, guardarSegredo, lerSegredo } from './segredos';

export const UPLOAD_LIMIT_PADRAO = 50 * 1024 * 1024;

/** The server-wide ceiling (UPLOAD_LIMIT_BYTES); each kind has its own limit under it. */
export function limiteDeUpload(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.UPLOAD_LIMIT_BYTES);
  return Number.isSafeInteger(n) && n > 0 ? n : UPLOAD_LIMIT_PADRAO;
}

const ENTIDADE = 'arquivos';

export async function arquivosRoutes(
  api: FastifyInstance,
  opts: { db: Database; limiteBytes?: number; cota?: Cota },
): Promise<void> {
  const teto = opts.limiteBytes ?? limiteDeUpload();
  const cota = opts.cota ?? cotaDoAmbiente();
  await prepararRecebimento(api, teto);
  const rotas = api.withTypeProvider<ZodTypeProvider>();
  rotas.post(
    '/v1/arquivos',
    {
      bodyLimit: teto,
      // the first gate (read-only users stop here, before a byte is read); then the kind's own permissions
      config: { access: { anyOf: [...PERMISSOES_DE_ENVIO], entidade: ENTIDADE } },
      onRequest: async (request) => {
        const tipo = (request.query as { tipo?: string }).tipo;
        const def = tipo && Object.hasOwn(TIPOS_DE_ARQUIVO, tipo) ? TIPOS_DE_ARQUIVO[tipo as 'coletor'] : undefined;
        if (def) enforce({ anyOf: [...def.permissoes], entidade: def.rotulo }, authOf(request), undefined);
      },
      schema: {
        tags: ['arquivos'],
        summary: 'Envia um arquivo de um tipo (multipart, campo arquivo; ou os bytes no corpo, nome em ?nome=)',
        querystring: envioDeArquivo,
        response: { 201: arquivoEnviado, 413: corpoDeErro, 415: corpoDeErro, 422: corpoDeErro, 429: corpoDeErro },
      },
    },
    async (request, reply) => {
      const def: TipoDeArquivo = TIPOS_DE_ARQUIVO[request.query.tipo];
      const auth = authOf(request);
      const remetente = remetenteDe(auth);
      const declarado = Number(request.headers['content-length']) || 0;
      // over the quota already by the declared size: refused before the body is read
      await opts.db.withTenant(auth.assinanteId, (trx) => verificarCota(trx, remetente, declarado, cota));
      const limiteBytes = Math.min(def.limiteBytes, teto);
      const arquivo = await receberArquivo(request, {
        limiteBytes,
        extensoes: def.extensoes,
        rotulo: def.rotulo,
        nome: request.query.nome,
      });
      try {
        // a picture kind checks the content itself: a renamed PDF is not an image
        if (def.assinatura === 'imagem' && !(await tipoDeImagemDoArquivo(arquivo.caminho)))
          throw new ApiError(415, MSG_IMAGEM.naoEImagem(def.rotulo));
        const salvo = await opts.db.withTenant(auth.assinanteId, (trx) =>
          salvarArquivo(trx, arquivo, { tipo: request.query.tipo, remetente, enviadoPor: auth.usuarioId, cota }),
        );
        return reply.code(201).header('location', `/api/v1/arquivos/${salvo.id}`).send(salvo);
      } finally {
        await arquivo.descartar();
      }
    },
  );
  rotas.get(
    '/v1/arquivos/:id',
    {
      config: { access: { anyOf: [...PERMISSOES_DE_ENVIO], entidade: ENTIDADE } },
      schema: {
        tags: ['arquivos'],
        summary: 'Baixa um arquivo que o próprio usuário enviou',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const remetente = remetenteDe(auth);
      // the bytes are read inside the transaction, chunk by chunk: it stays open while the answer streams
      const saida = new PassThrough();
      const a = await new Promise<ArquivoAberto>((pronto, falhou) => {
        opts.db
          .withTenant(auth.assinanteId, async (trx) => {
            const aberto = await abrirArquivo(trx, request.params.id);
            // another user's upload is not even said to exist
            if (!aberto || aberto.remetente !== remetente) throw new ApiError(404, MSG.recursoNaoEncontrado);
            pronto(aberto);
            for await (const parte of aberto.partes) {
              if (saida.destroyed) break;
              if (!saida.write(parte)) await new Promise((r) => saida.once('drain', r).once('close', r));
            }
            saida.end();
          })
          // before the answer: its error; during it: the stream stops (the client sees a short body)
          .catch((e: Error) => (saida.listenerCount('error') ? saida.destroy(e) : falhou(e)));
      });
      return reply
        .header('content-type', a.tipoConteudo)
        .header('content-length', a.tamanho)
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(a.nome)}`)
        .send(saida);
    },
  );
}
