/**
 * The upload kit's entry: any route (a command, the general POST /api/v1/arquivos) calls
 * `receberArquivo(request, { limiteBytes, extensoes })` and gets the file as a temporary file on disk,
 * with its size and sha256 computed while it streamed in — never whole in memory. The file comes as the
 * multipart field `arquivo` (other parts are drained) or as the raw body (name in `?nome=` or
 * Content-Disposition). The route's scope must be prepared once with `prepararRecebimento`.
 * The caller stores it (`salvarArquivo`) or reads it, then calls `descartar()` (in a finally).
 */
import multipart from '@fastify/multipart';
import { CAMPO_ARQUIVO, falhaDeCampo, MSG, MSG_ARQUIVO } from '@retaguarda/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../plugins/errors';
import { descartar, type Gravado, grandeDemais, gravarTemporario } from './fluxo';

export interface ArquivoRecebido extends Gravado {
  nome: string;
  /** the Content-Type the client declared */
  tipo: string;
  descartar(): Promise<void>;
}

export interface OpcoesDeRecebimento {
  limiteBytes: number;
  /** accepted name endings (lower case, with the dot); absent: any */
  extensoes?: readonly string[];
  /** what the file is, in the refusal ("arquivo de coletor") */
  rotulo?: string;
  /** the name when the client sent none in the body (e.g. a validated `?nome=`) */
  nome?: string;
}

/**
 * In this (encapsulated) scope every body is a file: multipart is parsed by the handler (busboy, only
 * here), any other body is left unread for `receberArquivo` (a .json or .xml file is a file).
 */
export async function prepararRecebimento(scope: FastifyInstance, limiteBytes: number): Promise<void> {
  scope.removeAllContentTypeParsers();
  // throwFileSizeLimit off: busboy stops the file at the limit and gravarTemporario answers our 413
  await scope.register(multipart, { limits: { fileSize: limiteBytes }, throwFileSizeLimit: false });
  scope.addContentTypeParser('*', { bodyLimit: limiteBytes }, (_request, _payload, done) => done(null));
}

export async function receberArquivo(request: FastifyRequest, opts: OpcoesDeRecebimento): Promise<ArquivoRecebido> {
  const declarado = Number(request.headers['content-length']);
  if (declarado > opts.limiteBytes + 64 * 1024) throw grandeDemais(opts.limiteBytes);
  if (request.isMultipart()) return doFormulario(request, opts);
  const nome = opts.nome ?? nomeDaDisposicao(request.headers['content-disposition']);
  exigirExtensao(nome, opts);
  const gravado = await gravarTemporario(request.raw, opts.limiteBytes);
  const tipo = (request.headers['content-type'] ?? 'application/octet-stream').slice(0, 255);
  return recebido(gravado, nome, tipo);
}

function recebido(g: Gravado, nome: string, tipo: string): ArquivoRecebido {
  if (!g.tamanho) {
    void descartar(g.caminho);
    throw new ApiError(422, MSG_ARQUIVO.vazio);
  }
  return { ...g, nome, tipo, descartar: () => descartar(g.caminho) };
}

function exigirExtensao(nome: string, opts: OpcoesDeRecebimento): void {
  if (!opts.extensoes?.length) return;
  const minusculo = nome.toLowerCase();
  if (!opts.extensoes.some((e) => minusculo.endsWith(e)))
    throw new ApiError(415, MSG_ARQUIVO.extensaoRecusada(opts.rotulo ?? 'arquivo', opts.extensoes));
}

export function nomeDaDisposicao(disposicao: string | undefined): string {
  const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(disposicao ?? '');
  let nome = m?.[2];
  try {
    if (m?.[1]) nome = decodeURIComponent(m[1]);
  } catch {
    // a malformed escape: the plain filename (or the default) is used
  }
  return nome?.trim().slice(0, 255) || 'arquivo';
}

const semArquivo = () => new ApiError(422, MSG.validacao, [falhaDeCampo(CAMPO_ARQUIVO, MSG_ARQUIVO.semArquivo)]);

/** Reads every part (so busboy finishes), keeping the first `arquivo` file; other parts are drained. */
async function doFormulario(request: FastifyRequest, opts: OpcoesDeRecebimento): Promise<ArquivoRecebido> {
  let achado: ArquivoRecebido | undefined;
  try {
    const partes = request.parts({
      limits: { fileSize: opts.limiteBytes, files: 5, fields: 20, fieldSize: 64 * 1024 },
    });
    for await (const parte of partes) {
      if (parte.type !== 'file') continue;
      if (parte.fieldname !== CAMPO_ARQUIVO || achado) {
        parte.file.resume();
        continue;
      }
      const nome = opts.nome ?? (parte.filename?.trim().slice(0, 255) || CAMPO_ARQUIVO);
      exigirExtensao(nome, opts);
      const g = await gravarTemporario(parte.file, opts.limiteBytes, () => parte.file.truncated);
      if (!g.tamanho) await descartar(g.caminho);
      else achado = recebido(g, nome, (parte.mimetype || 'application/octet-stream').slice(0, 255));
    }
  } catch (e) {
    await achado?.descartar();
    if (e instanceof ApiError) throw e;
    // busboy's own failures (no boundary, truncated parts) are the client's malformed form, never a 500
    throw new ApiError(400, MSG_ARQUIVO.formularioMalformado);
  }
  if (!achado) throw semArquivo();
  return achado;
}
