/** The server's typed read of a parameter: `await lerParametro(db, assinanteId, 'estoque.inventarioHabilitado')`. */
import { type ChaveParametro, PARAMETROS, parametroPorChave, type ValorDoParametro } from '@retaguarda/domain';
import type { Database, Tx } from '../db/database';
import { chaveDaLinha, linhasDoAssinante, resolver } from './armazem';
import { cacheDeParametros } from './cache';

function declaracao(chave: string) {
  const d = parametroPorChave(chave);
  if (!d) throw new Error(`parâmetro ${chave} não declarado`);
  return d;
}

/** Cached per instance (invalidated across instances); a store-scoped key with `lojaId` gives that store's value. */
export async function lerParametro<C extends ChaveParametro>(
  db: Database,
  assinanteId: number,
  chave: C,
  lojaId?: number,
): Promise<ValorDoParametro<C>> {
  const d = declaracao(chave);
  const linhas = await cacheDeParametros(db).linhas(assinanteId);
  return resolver(d, linhas, lojaId ?? null).valor as ValorDoParametro<C>;
}

/** The same read inside a transaction, uncached (a command that must see its own transaction's values). */
export async function lerParametroNaTransacao<C extends ChaveParametro>(
  trx: Tx,
  chave: C,
  lojaId?: number,
): Promise<ValorDoParametro<C>> {
  const d = declaracao(chave);
  const rows = await linhasDoAssinante(trx, [chave]);
  const linhas = new Map(rows.map((r) => [chaveDaLinha(r.chave, r.lojaId), { valor: r.valor }]));
  return resolver(d, linhas, lojaId ?? null).valor as ValorDoParametro<C>;
}

/**
 * The tenant's route flags (`especial.featureFlag` → on/off) from the boolean parameters that declare a `flag`:
 * what the web guard passes as `usuario.flags` and what a server-side guard checks (cached like any read).
 */
export async function lerFlags(db: Database, assinanteId: number): Promise<Record<string, boolean>> {
  const linhas = await cacheDeParametros(db).linhas(assinanteId);
  const flags: Record<string, boolean> = {};
  for (const d of PARAMETROS)
    if (d.flag && d.tipo === 'booleano') flags[d.flag] = resolver(d, linhas, null).valor === true;
  return flags;
}
