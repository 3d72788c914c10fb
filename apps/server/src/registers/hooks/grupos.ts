/** "At most one group" rules: a product in ≤1 família and ≤1 similar group; an NCM in ≤1 grupo NCM. */
import { sql } from 'kysely';
import { ApiError } from '../../plugins/errors';
import type { HookContext, RegisterHooks } from '../hooks';

const invalid = (reasons: string[]) => new ApiError(422, 'Os dados enviados são inválidos.', reasons);

function umGrupoPorProduto(table: string, rotulo: string) {
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
      throw invalid(r.rows.map((x) => `produtosIds: o produto ${x.p} já está ${rotulo} "${x.descricao}".`));
  };
}

const familia = umGrupoPorProduto('familia_produto', 'na família');
const similarUnico = umGrupoPorProduto('similar_produto', 'no grupo de similares');

async function similar(ctx: HookContext) {
  const m = { ...(ctx.before ?? {}), ...ctx.value };
  const ids = (m.produtosIds as number[] | undefined) ?? [];
  const reasons: string[] = [];
  if (ids.length < 2) reasons.push('produtosIds: informe pelo menos 2 produtos.');
  if (m.produtoReferenciaId != null && !ids.includes(m.produtoReferenciaId as number))
    reasons.push('produtoReferenciaId: o produto de referência deve estar no grupo.');
  if (reasons.length) throw invalid(reasons);
  await similarUnico(ctx);
}

async function grupoNcm(ctx: HookContext) {
  const ncms = (ctx.value.ncms as { ncm: string }[] | undefined)?.map((x) => x.ncm);
  if (!ncms?.length) return;
  // two prefixes overlap when one starts with the other (3304 and 33049910)
  const r = await sql<{
    ncm: string;
    descricao: string;
  }>`select i.ncm, g.descricao from grupo_ncm_item i join grupo_ncm g on g.id = i.grupo_ncm_id
    where g.id is distinct from ${ctx.id ?? null}::int and exists (select 1 from unnest(${ncms}::text[]) n where n like i.ncm || '%' or i.ncm like n || '%')`.execute(
    ctx.trx,
  );
  if (r.rows.length) throw invalid(r.rows.map((x) => `ncms: o NCM ${x.ncm} já pertence ao grupo "${x.descricao}".`));
}

export const familiaHooks: RegisterHooks = { beforeCreate: familia, beforeUpdate: familia };
export const similarHooks: RegisterHooks = { beforeCreate: similar, beforeUpdate: similar };
export const grupoNcmHooks: RegisterHooks = { beforeCreate: grupoNcm, beforeUpdate: grupoNcm };
