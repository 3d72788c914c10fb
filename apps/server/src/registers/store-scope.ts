/**
 * Store scope of writes (architecture §1 "per-store scope"), once for every register whose
 * declaration names a store field (`lojaField`: one store or a store list). A record reaches the
 * stores of that field; an empty list or no store means every store. A user who is not an
 * administrator may change a record only within their stores: they may not remove stores they do
 * not hold, widen it to stores (or to every store) they do not hold, nor change or delete a record
 * that reaches other stores (it is read-only for them, architecture §7.12). Reading is scoped by query.ts (a record of none of the user's stores is 404).
 */
import { falhaDeCampo, MSG } from '@retaguarda/domain';
import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { ApiError } from '../plugins/errors';
import type { EngineAuth } from './context';
import type { Meta } from './meta';

/** The stores a record reaches; `todas` for an empty list or no store. */
type Alcance = readonly number[] | 'todas';

function alcanceDe(v: unknown): Alcance {
  const ids = Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];
  return ids.length ? ids.map(Number) : 'todas';
}

interface Escopo {
  /** the stores the record reaches, `todas` expanded to the tenant's stores */
  expandir(a: Alcance): Promise<number[]>;
  siglas(ids: readonly number[]): Promise<string>;
}

function escopoDe(trx: Tx): Escopo {
  let todas: number[] | undefined;
  return {
    async expandir(a) {
      if (a !== 'todas') return [...a];
      todas ??= (await sql<{ id: number }>`select id from loja order by id`.execute(trx)).rows.map((r) => r.id);
      return todas;
    },
    async siglas(ids) {
      const r = await sql<{ id: number; sigla: string }>`select id, sigla from loja where id = any(${[...ids]}::int[])
        order by sigla`.execute(trx);
      const porId = new Map(r.rows.map((l) => [l.id, l.sigla]));
      return ids
        .map((i) => porId.get(i) ?? String(i))
        .sort()
        .join(', ');
    },
  };
}

const fora = (ids: readonly number[], auth: EngineAuth) => ids.filter((i) => !auth.lojas.includes(i));
const menos = (a: readonly number[], b: readonly number[]) => a.filter((i) => !b.includes(i));

/**
 * A create or update: `before` is the stored record (undefined on create), `value` the validated
 * changes (the store field may be absent from a partial PUT: then nothing changes).
 */
export async function checkStoreScopeOfWrite(
  trx: Tx,
  meta: Meta,
  auth: EngineAuth,
  value: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): Promise<void> {
  const lf = meta.def.lojaField;
  if (!lf || auth.administrador) return;
  const escopo = escopoDe(trx);
  if (lf in value) await checkStores(escopo, lf, meta, auth, value, before);
  // a record reaching stores the user does not hold is read-only for them, whatever field changes
  if (!before) return;
  const alcance = alcanceDe(before[lf]);
  const outras = fora(await escopo.expandir(alcance), auth);
  if (!outras.length) return;
  throw new ApiError(
    403,
    alcance === 'todas' ? MSG.edicaoTodasAsLojas : MSG.edicaoOutrasLojas(await escopo.siglas(outras), outras.length),
  );
}

async function checkStores(
  escopo: Escopo,
  lf: string,
  meta: Meta,
  auth: EngineAuth,
  value: Record<string, unknown>,
  before: Record<string, unknown> | undefined,
): Promise<void> {
  const rotulo = meta.byName.get(lf)?.field.label ?? 'Lojas';
  const depois = alcanceDe(value[lf]);
  const antes = before ? await escopo.expandir(alcanceDe(before[lf])) : [];
  const novas = await escopo.expandir(depois);
  const removidas = fora(menos(antes, novas), auth);
  if (removidas.length) {
    const msg = MSG.lojasRemovidasForaDoEscopo(await escopo.siglas(removidas), removidas.length);
    throw new ApiError(403, msg, [falhaDeCampo(lf, msg)]);
  }
  const incluidas = fora(menos(novas, antes), auth);
  if (!incluidas.length) return;
  const msg =
    depois === 'todas'
      ? MSG.todasAsLojasForaDoEscopo(rotulo)
      : MSG.lojasIncluidasForaDoEscopo(await escopo.siglas(incluidas), incluidas.length);
  throw new ApiError(403, msg, [falhaDeCampo(lf, msg)]);
}

/** A delete: the record may reach only the user's stores. */
export async function checkStoreScopeOfDelete(
  trx: Tx,
  meta: Meta,
  auth: EngineAuth,
  before: Record<string, unknown>,
): Promise<void> {
  const lf = meta.def.lojaField;
  if (!lf || auth.administrador) return;
  const escopo = escopoDe(trx);
  const alcance = alcanceDe(before[lf]);
  const outras = fora(await escopo.expandir(alcance), auth);
  if (!outras.length) return;
  throw new ApiError(
    403,
    alcance === 'todas'
      ? MSG.exclusaoTodasAsLojas
      : MSG.exclusaoOutrasLojas(await escopo.siglas(outras), outras.length),
  );
}
