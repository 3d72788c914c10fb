/**
 * The idle poll of the POS change feed in ONE statement (a terminal polls every 30 s, and most polls find
 * nothing): the store (scope and zone), the store's high-water mark in its change log (the position of the
 * last change it gets: its own rows and the tenant-wide ones, two probes of the (loja_id, cursor_tx, id) index
 * of migration 0445) and the transaction counter. A marker at or past the mark has nothing new: the route answers
 * it back without reading the feed. Otherwise the feed is read as before (which also refuses a marker from the
 * future: one at or past the counter never takes this path).
 *
 * Read in the request's own snapshot, not cached: a change committed before the poll is always seen (a cache
 * invalidated by the log's NOTIFY would answer "nothing new" while the notification is still on its way, and a
 * terminal woken by the realtime push of that very change could fetch too early). A committed change the
 * feed's horizon still hides keeps the mark above the marker: those polls read the feed, which waits for it.
 */
import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { lerCursor } from '../../sync/cursor';

export interface LojaComMarca {
  id: number;
  sigla: string;
  uf: string;
  codigoIbge: string | null;
  /** whether `marcador` already holds everything the store's log has */
  nadaNovo: boolean;
  /** whether changes after `marcador` were pruned (carga.poda.ts): the terminal must take the full load again */
  expirado: boolean;
}

export async function lojaComMarca(
  db: Database,
  assinanteId: number,
  lojaId: number,
  marcador: string,
): Promise<LojaComMarca | undefined> {
  const c = lerCursor(marcador);
  if (!c) return undefined;
  const [l] = await db.readOnce(
    assinanteId,
    sql<
      Omit<LojaComMarca, 'nadaNovo' | 'expirado'> & {
        ultimaTx: string | null;
        ultimaId: string | null;
        xmax: string;
        expirado: boolean;
      }
    >`
      with ultima as (
        select u.cursor_tx, u.id from (
          (select t.cursor_tx, t.id from carga_alteracao t where t.loja_id = ${lojaId}
            order by t.cursor_tx desc, t.id desc limit 1)
          union all
          (select t.cursor_tx, t.id from carga_alteracao t where t.loja_id is null
            order by t.cursor_tx desc, t.id desc limit 1)) u
        order by u.cursor_tx desc, u.id desc limit 1)
      select l.id, l.sigla, l.uf, l.codigo_ibge, (select cursor_tx::text from ultima) as ultima_tx,
             (select id::text from ultima) as ultima_id, pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
             exists (select 1 from carga_poda p where p.loja_id in (0, ${lojaId})
                        and (p.cursor_tx, p.id) > (${c.tx}::xid8, ${c.id}::bigint)) as expirado
        from loja l where l.id = ${lojaId}`,
  );
  if (!l) return undefined;
  const { ultimaTx, ultimaId, xmax, expirado, ...loja } = l;
  const tx = BigInt(c.tx);
  const id = BigInt(c.id);
  const mTx = BigInt(ultimaTx ?? '0');
  const mId = BigInt(ultimaId ?? '0');
  const nadaNovo = !expirado && tx < BigInt(xmax) && (tx > mTx || (tx === mTx && id >= mId));
  return { ...loja, nadaNovo, expirado };
}
