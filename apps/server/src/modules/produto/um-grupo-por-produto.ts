/** "At most one group" rule of the product groupings: a product in ≤1 família and ≤1 similar group. */
import { falhaDeCampo, MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import { ApiError, type Razao } from '../../plugins/errors';
import type { HookContext } from '../../registers/hooks';

export const invalid = (reasons: Razao[]) => new ApiError(422, MSG.validacao, reasons);

export function umGrupoPorProduto(table: string, rotulo: string) {
  return async (ctx: HookContext) => {
    const ids = ctx.value.produtosIds as number[] | undefined;
    if (!ids?.length) return;
    const r = await sql<{
      id: number;
      descricao: string;
      p: number;
    }>`select id, descricao, p from ${sql.table(table)}, unnest(produtos_ids) p
      where p = any(${ids}::int[]) and id is distinct from ${ctx.id ?? null}::int`.execute(ctx.trx);
    if (r.rows.length)
      throw invalid(
        r.rows.map((x) => falhaDeCampo('produtosIds', `o produto ${x.p} já está ${rotulo} "${x.descricao}".`)),
      );
  };
}
