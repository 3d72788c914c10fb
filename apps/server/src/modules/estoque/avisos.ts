/**
 * The warnings of a stock document (issue #27.5): each balance its posting left below zero in a store that
 * allows it, named by location, product and unit (the domain's avisoSaldoNegativo). Read in the command's
 * transaction, so the preview answers them before anything is kept.
 */
import { avisoSaldoNegativo } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { SaldoNegativo } from './lancamento';

/** Most warnings one answer carries (a 1 000-line exit from an empty location says enough with these). */
const MAX_AVISOS = 50;

export async function avisosDeSaldoNegativo(trx: Tx, negativos: readonly SaldoNegativo[]): Promise<string[]> {
  const aceitos = negativos.filter((n) => !n.recusado).slice(0, MAX_AVISOS);
  if (!aceitos.length) return [];
  const { rows } = await sql<{ local: string; produto: string; unidade: string | null; quantidade: string }>`
    select le.descricao as local, p.descricao as produto, u.sigla as unidade, n.quantidade::text as quantidade
      from unnest(${aceitos.map((n) => n.localId)}::int4[], ${aceitos.map((n) => n.produtoId)}::int4[],
                  ${aceitos.map((n) => n.quantidade)}::numeric[]) with ordinality as n(local_id, produto_id, quantidade, ordem)
      join local_estoque le on le.id = n.local_id
      join produto p on p.id = n.produto_id
      left join unidade u on u.id = p.unidade_de_venda_id
     order by n.ordem`.execute(trx);
  return rows.map((r) => avisoSaldoNegativo(r));
}
