/**
 * The record a create collided with (unique violation): found through the violated index itself — its key
 * expressions (`lower(descricao)`, `upper(codigo)`…) evaluated on the rejected values and compared with the
 * table's, under its predicate (`where ativo`) — so the 409 can name it in `Location`. Best effort: any doubt
 * (another table, a child row, a value PostgreSQL cannot read back) answers undefined and the 409 goes bare.
 */
import { sql } from 'kysely';
import type { Database } from '../db/database';
import type { Meta } from './meta';

const IDENT = /^[a-z_][a-z0-9_]*$/;

export async function idDoDuplicado(
  db: Database,
  assinanteId: number,
  meta: Meta,
  err: unknown,
  cols: Record<string, unknown>,
): Promise<string | number | undefined> {
  const e = err as { code?: string; constraint?: string; table?: string };
  const tabela = meta.def.table;
  if (e.code !== '23505' || !e.constraint || e.table !== tabela || !IDENT.test(tabela) || !IDENT.test(e.constraint))
    return undefined;
  const novo = JSON.stringify(meta.def.global ? cols : { ...cols, assinante_id: assinanteId });
  try {
    return await db.withTenant(assinanteId, async (trx) => {
      const { rows } = await sql<{ def: string; pred: string | null }>`
        select pg_get_indexdef(i.indexrelid, k, true) as def, pg_get_expr(i.indpred, i.indrelid, true) as pred
          from pg_index i cross join generate_series(1, i.indnkeyatts) k
         where i.indexrelid = to_regclass(${e.constraint}) and i.indisunique order by k`.execute(trx);
      if (!rows.length) return undefined;
      const chave = sql.raw(rows.map((r) => r.def).join(', '));
      const pred = rows[0]!.pred ? sql` and (${sql.raw(rows[0]!.pred)})` : sql``;
      // the inner select reads the unqualified columns of the rejected row, the outer one the table's
      const r = await sql<{ id: string | number }>`select id from ${sql.table(tabela)}
        where (${chave}) = (select ${chave} from json_populate_record(null::${sql.table(tabela)}, ${novo}::json))
        ${pred} limit 1`.execute(trx);
      return r.rows[0]?.id;
    });
  } catch {
    return undefined;
  }
}
