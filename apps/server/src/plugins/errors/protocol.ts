/**
 * The answers Fastify and Node give before any route or error handler runs, in the API's error shape and
 * Portuguese (issue 26): a path parameter over the router's limit (Fastify answered 414
 * `FST_ERR_MAX_PARAM_LENGTH` echoing the path), a malformed URL, and what Node's HTTP parser refuses — a NUL
 * or DEL byte in a header, a header too large, a request that took too long to arrive (Node's
 * `{"error":"Bad Request","message":"Client Error"}`). Passed to Fastify as `frameworkErrors` and
 * `clientErrorHandler` (app.ts).
 */
import type { Socket } from 'node:net';
import { MSG } from '@retaguarda/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from './api-error';
import { sendError } from './handler';

export const MSG_PROTOCOLO = {
  caminhoLongo: 'O endereço da requisição é longo demais.',
  caminhoLongoMotivo: 'Um parâmetro do caminho passou do tamanho máximo.',
  urlInvalida: 'O endereço da requisição é inválido.',
  cabecalhoInvalido: 'Cabeçalho ou linha de requisição malformados (por exemplo, um caractere de controle).',
  cabecalhosGrandes: 'Os cabeçalhos da requisição excedem o tamanho máximo permitido.',
  demorou: 'A requisição demorou demais para chegar e foi encerrada.',
} as const;

/** Errors of the router, raised before the request reaches a route (no hook has run: nothing to undo). */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(reply, 414, { message: MSG_PROTOCOLO.caminhoLongo, reasons: [MSG_PROTOCOLO.caminhoLongoMotivo] });
  if (err.code === 'FST_ERR_BAD_URL') return sendError(reply, 400, { message: MSG_PROTOCOLO.urlInvalida });
  return sendError(reply, 500, { message: MSG.erroInterno });
}

function respostaDoCliente(err: NodeJS.ErrnoException): { status: number; titulo: string; body: ErrorBody } {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, titulo: 'Request Timeout', body: { message: MSG_PROTOCOLO.demorou } };
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      titulo: 'Request Header Fields Too Large',
      body: { message: MSG_PROTOCOLO.cabecalhosGrandes },
    };
  return {
    status: 400,
    titulo: 'Bad Request',
    body: { message: MSG.requisicaoInvalida, reasons: [MSG_PROTOCOLO.cabecalhoInvalido] },
  };
}

/**
 * Node's `clientError`: the request could not be parsed, so there is no request to answer through Fastify;
 * the answer is written on the socket (as Fastify's default does), then the socket is closed.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, titulo, body } = respostaDoCliente(err);
  const texto = JSON.stringify(body);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${titulo}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(texto)}\r\nConnection: close\r\n\r\n${texto}`,
    );
  socket.destroy(err);
}
