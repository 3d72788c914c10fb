/**
 * The error handler: an `ApiError` is answered as it is; everything else (parser, validation, database) is
 * mapped here to the one error shape, never a stack trace.
 */
import { MSG } from '@retaguarda/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, bodyOf, type ErrorBody, type Razao } from './api-error';

/** Errors that mean "the database is not answering" → 503, the app keeps running. */
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

const DATA_EXCEPTION_CODES = new Set(['22003', '22P02', '22007', '22008']);

export function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (e?.code && DB_DOWN_CODES.has(e.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    e?.message ?? '',
  );
}

function pathOf(issuePath: readonly PropertyKey[] | undefined): string {
  return (issuePath ?? []).map(String).join('.');
}

export function toErrorResponse(
  err: FastifyError | Error,
  request?: FastifyRequest,
): { status: number; body: ErrorBody } {
  if (err instanceof ApiError) return { status: err.statusCode, body: bodyOf(err) };
  const fe = err as FastifyError & { validationContext?: string };
  if (hasZodFastifySchemaValidationErrors(fe)) {
    // a body's fields are a form's fields (422 with `erros`); a query's or a path's are not (400)
    const inBody = fe.validationContext === 'body';
    const razoes = fe.validation.map((v): Razao => {
      const campo =
        pathOf((v.params?.issue as { path?: PropertyKey[] } | undefined)?.path) ||
        v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      if (!campo) return String(v.message);
      const falha = { campo, mensagem: String(v.message) };
      // a query or path parameter keeps its name: it is the API's word, not a form field
      return inBody ? falha : `${falha.campo}: ${falha.mensagem}`;
    });
    const mapped = new ApiError(inBody ? 422 : 400, inBody ? MSG.validacao : MSG.requisicaoInvalida, razoes);
    return { status: mapped.statusCode, body: bodyOf(mapped) };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { message: MSG.tipoConteudoNaoSuportado } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { message: MSG.corpoGrandeDemais } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { message: MSG.jsonInvalido } };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: { message: MSG.requisicaoInvalida } };
  }
  if (err instanceof SyntaxError && fe.statusCode === 400) return { status: 400, body: { message: MSG.jsonInvalido } };
  if (isDatabaseDown(err)) return { status: 503, body: { message: MSG.bancoIndisponivel } };
  // statement_timeout (lists, exports): the query was stopped, the connection is free again
  if (fe.code === '57014') return { status: 503, body: { message: MSG.consultaDemorada } };
  // a value from the request that PostgreSQL cannot hold (number out of range, malformed date…): the
  // caller's mistake, never a 500 (writes map these per field to 422 before they get here)
  // text PostgreSQL cannot store (a NUL byte, 22021; a character the encoding lacks, 22P05): the caller's data
  if (fe.code === '22021' || fe.code === '22P05')
    return {
      status: 400,
      body: {
        message: MSG.requisicaoInvalida,
        reasons: ['Texto com caractere inválido (por exemplo, o caractere nulo).'],
      },
    };
  if (fe.code && DATA_EXCEPTION_CODES.has(fe.code))
    return {
      status: 400,
      body: { message: MSG.requisicaoInvalida, reasons: ['Valor fora do intervalo ou em formato inválido.'] },
    };
  if (fe.statusCode === 429) return { status: 429, body: { message: MSG.muitasRequisicoes } };
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, body: { message: MSG.requisicaoInvalida } };
  }
  request?.log.error({ err }, 'erro não tratado');
  return { status: 500, body: { message: MSG.erroInterno } };
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body } = toErrorResponse(err, request);
    if (status === 503) reply.header('Retry-After', '5');
    if (err instanceof ApiError && err.headers) reply.headers(err.headers);
    return sendError(reply, status, body);
  });
}
