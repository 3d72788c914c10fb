/**
 * multipart/form-data uploads: the file is the part named `arquivo`. @fastify/multipart is registered
 * only in the upload route's scope; busboy stops the file at the limit and we answer 413 (nothing kept).
 */
import { CAMPO_ARQUIVO, falhaDeCampo, MSG, MSG_ARQUIVO } from '@retaguarda/domain';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../plugins/errors';
import { type BytesLidos, lerFluxo } from './fluxo';

export interface ArquivoDoFormulario extends BytesLidos {
  nome: string;
  tipoConteudo: string;
}

const semArquivo = () => new ApiError(422, MSG.validacao, [falhaDeCampo(CAMPO_ARQUIVO, MSG_ARQUIVO.semArquivo)]);

/** Reads every part (so busboy finishes), keeping the first `arquivo` file; other parts are drained. */
export async function arquivoDoFormulario(request: FastifyRequest, limite: number): Promise<ArquivoDoFormulario> {
  try {
    return await lerFormulario(request, limite);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    // busboy's own failures (no boundary, truncated parts) are the client's malformed form, never a 500
    throw new ApiError(400, MSG_ARQUIVO.formularioMalformado);
  }
}

async function lerFormulario(request: FastifyRequest, limite: number): Promise<ArquivoDoFormulario> {
  let achado: ArquivoDoFormulario | undefined;
  const partes = request.parts({ limits: { fileSize: limite, files: 5, fields: 20, fieldSize: 64 * 1024 } });
  for await (const parte of partes) {
    if (parte.type !== 'file') continue;
    if (parte.fieldname !== CAMPO_ARQUIVO || achado) {
      parte.file.resume();
      continue;
    }
    const lido = await lerFluxo(parte.file, limite, () => parte.file.truncated);
    achado = {
      ...lido,
      nome: parte.filename?.trim().slice(0, 255) || CAMPO_ARQUIVO,
      tipoConteudo: (parte.mimetype || 'application/octet-stream').slice(0, 255),
    };
  }
  if (!achado?.conteudo.length) throw semArquivo();
  return achado;
}
