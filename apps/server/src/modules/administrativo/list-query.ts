/**
 * List arithmetic of api-compat.md: `start` is a row offset, `count` the page size
 * (0 or absent → 10, at most 1000), `sort=campo,-campo,+campo`, `q` RSQL.
 */
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@retaguarda/domain';
import { z } from 'zod';
import { ApiError } from '../../plugins/errors';

export const listQuerySchema = z
  .object({
    start: z.coerce.number().int().min(0).max(10_000_000).optional(),
    count: z.coerce.number().int().min(0).optional(),
    sort: z.string().max(200).optional(),
    q: z.string().max(4000).optional(),
    _: z.string().optional(), // browsers' cache-buster
  })
  .strict(); // an unknown (e.g. misspelt) parameter is a 400, never a silently unfiltered list
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface Page {
  start: number;
  count: number;
}

export function pageOf(q: ListQuery): Page {
  const count = !q.count ? PAGE_SIZE_DEFAULT : Math.min(q.count, PAGE_SIZE_MAX);
  return { start: q.start ?? 0, count };
}

export interface SortTerm {
  column: string;
  direction: 'asc' | 'desc';
}

/** Parses `sort` against a whitelist `{ apiName: column }`; unknown fields → 400. */
export function sortOf(sort: string | undefined, columns: Record<string, string>, fallback: string): SortTerm[] {
  const terms = (sort ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!terms.length) terms.push(fallback);
  return terms.map((term) => {
    const desc = term.startsWith('-');
    const name = term.replace(/^[-+ ]/, '').trim();
    const key = Object.keys(columns).find((k) => k.toLowerCase() === name.toLowerCase());
    if (!key) throw new ApiError(400, 'Ordenação inválida.', [`Campo de ordenação desconhecido: ${name}.`]);
    return { column: columns[key]!, direction: desc ? 'desc' : 'asc' };
  });
}

export interface ListResponse<T> {
  start: number;
  count: number;
  total: number;
  items: T[];
}

export function listResponse<T>(page: Page, total: number, items: T[]): ListResponse<T> {
  return { start: page.start, count: items.length, total, items };
}
