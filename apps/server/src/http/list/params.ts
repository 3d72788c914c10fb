/**
 * Reading a list's query by the domain's list schema (packages/domain/src/lista.ts): one parser and one
 * set of 400 messages for the register engine and every bespoke list.
 */
import { MSG, MSG_LISTA, PAGE_SIZE_DEFAULT, parametrosAceitos, tamanhoDaPagina } from '@retaguarda/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ApiError } from '../../plugins/errors';

export interface Page {
  start: number;
  count: number;
}

/** Parameters whose schema carries the whole message (the others are named in a reason). */
const OWN_MESSAGE = new Set(['start', 'count', 'total']);

function refusal(schema: z.ZodObject, error: z.ZodError): ApiError {
  const unknown = error.issues.find((i) => i.code === 'unrecognized_keys');
  if (unknown) {
    const aceitos = parametrosAceitos(schema);
    return new ApiError(
      400,
      MSG_LISTA.parametroNaoAceito,
      unknown.keys.map((k) => MSG_LISTA.parametroDesconhecido(k, aceitos)),
    );
  }
  const issue = error.issues[0]!;
  const name = String(issue.path[0] ?? '');
  if (name === 'q') return new ApiError(400, MSG_LISTA.filtroInvalido, [MSG_LISTA.filtroRepetido]);
  if (OWN_MESSAGE.has(name)) return new ApiError(400, issue.message);
  return new ApiError(400, MSG.requisicaoInvalida, [name ? `${name}: ${issue.message}` : issue.message]);
}

/** The query read by a list's schema (`listaParametros(extra)`); anything refused is a 400 of the contract. */
export function parseListQuery<S extends z.ZodObject>(schema: S, query: unknown): z.output<S> {
  const r = schema.safeParse(query ?? {});
  if (!r.success) throw refusal(schema, r.error);
  return r.data;
}

/** Offset and page size: count 0 or absent → the list's default page (never an empty one), at most 1000. */
export function pageOf(p: { start?: number; count?: number }, defaultCount = PAGE_SIZE_DEFAULT): Page {
  return { start: p.start ?? 0, count: tamanhoDaPagina(p.count, defaultCount) };
}

/**
 * Route option of a bespoke list (`validatorCompiler`): its query schema still documents the route and
 * types `request.query`, but is read by parseListQuery, so its refusals are the same as the engine's.
 */
export const listValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  if (route.httpPart !== 'querystring') return validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  const schema = route.schema as unknown as z.ZodObject;
  return (data: unknown) => {
    try {
      return { value: parseListQuery(schema, data) };
    } catch (error) {
      return { error: error as Error };
    }
  };
};
