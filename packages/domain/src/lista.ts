/**
 * The one list contract (api-compat.md "Pagination", architecture §3): `start` row offset, `count`
 * page size (0 or absent → the list's default page, at most PAGE_SIZE_MAX), `sort=campo,-campo,+campo`,
 * `q` RSQL; the answer `{start, count, total, items}` where `count` is the number of items returned.
 * The server parses every list with these schemas; the web builds its queries and reads its pages by them.
 */
import { z } from 'zod';
import { PAGE_SIZE_MAX } from './constants';

/**
 * `total=limitado` (the list screen) counts a filter's matches only up to this many: beyond it the
 * answer carries `totalLimitado: true` ("mais de 10.000"). Integrations never send it: their total is exact.
 */
export const LIMITE_CONTAGEM = 10_000;

/** Messages of list parameters, in the wording the register engine has always answered. */
export const MSG_LISTA = {
  parametroNaoAceito: 'Parâmetro de consulta não aceito.',
  parametroDesconhecido: (nome: string, aceitos: readonly string[]) =>
    `${nome}: parâmetro desconhecido (aceitos: ${aceitos.join(', ')}).`,
  inteiroInvalido: (nome: string) => `Parâmetro ${nome} inválido: informe um número inteiro não negativo.`,
  totalInvalido: 'Parâmetro total inválido: use exato ou limitado.',
  ordenacaoInvalida: (campo: string) => `Ordenação inválida: o campo '${campo}' não pode ser usado para ordenar.`,
  filtroInvalido: 'Filtro (q) inválido.',
  filtroRepetido: 'Informe o parâmetro q uma única vez.',
} as const;

/** A non-negative integer: a number from code, or its digits from a query string ('' = absent). */
function naoNegativo(nome: string) {
  const error = MSG_LISTA.inteiroInvalido(nome);
  return z
    .union(
      [
        z.int({ error }).min(0, { error }).max(999_999_999, { error }),
        z
          .string({ error })
          .regex(/^\s*\d{1,9}\s*$/, { error })
          .transform((s) => Number(s)),
        z.literal('').transform(() => undefined),
      ],
      { error },
    )
    .optional();
}

/** The parameters every list takes; `_` is the browsers' cache-buster. */
const BASE = {
  start: naoNegativo('start'),
  count: naoNegativo('count'),
  // `sort=a&sort=b` reads as `sort=a,b`
  sort: z.union([z.string(), z.array(z.string()).transform((a) => a.join(','))]).optional(),
  q: z.string({ error: MSG_LISTA.filtroRepetido }).optional(),
  _: z.unknown().optional(),
};

/** `total=exato` (default) or `limitado` (count up to LIMITE_CONTAGEM). */
export const modoTotalSchema = z
  .union([z.enum(['exato', 'limitado']), z.literal('').transform(() => undefined)], {
    error: MSG_LISTA.totalInvalido,
  })
  .optional();

/**
 * The query of a list: the common parameters plus the list's own (`extra`, e.g. `naoLidas`), and nothing
 * else: an unknown (e.g. misspelt) parameter is refused, never a silently unfiltered list.
 */
export function listaParametros<E extends z.ZodRawShape = Record<never, never>>(extra?: E) {
  return z.strictObject({ ...BASE, ...(extra ?? ({} as E)) });
}

/** The names a list accepts, for the "parâmetro desconhecido" reason (the cache-buster goes unnamed). */
export function parametrosAceitos(schema: z.ZodObject): string[] {
  return Object.keys(schema.shape).filter((k) => k !== '_');
}

/** The register lists' query (and the list screen's): the common parameters and `total`. */
export const parametrosListaSchema = listaParametros({ total: modoTotalSchema });
/** What a client sends (numbers or their text); the server reads `z.output` of the same schema. */
export type ParametrosLista = z.input<typeof parametrosListaSchema>;

/** The page size a list serves for an asked `count`: 0 or absent → its default page, never more than the cap. */
export function tamanhoDaPagina(pedido: number | undefined, padrao: number): number {
  return !pedido ? padrao : Math.min(pedido, PAGE_SIZE_MAX);
}

/** The answer of every paged list. */
export function listaPaginada<T extends z.ZodType>(item: T) {
  return z.object({
    start: z.int().min(0),
    count: z.int().min(0),
    total: z.int().min(0),
    /** present (true) only when `total=limitado` stopped counting at LIMITE_CONTAGEM */
    totalLimitado: z.literal(true).optional(),
    items: z.array(item),
  });
}

export interface ListaPaginada<T> {
  start: number;
  count: number;
  total: number;
  totalLimitado?: true;
  items: T[];
}
