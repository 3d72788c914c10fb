/**
 * Named prepared statements for a hot path's fixed statements: PostgreSQL plans an unnamed statement on every
 * execution, and for the few wide reads and writes a command repeats hundreds of times a second (the sales
 * order's one-statement read: three JSON subqueries and two laterals) planning cost more than running. A
 * statement run through `executarPreparada` is parsed and planned once per connection (pg keeps the name per
 * client; the server re-plans it by itself after DDL). Only opted-in texts are named, so the set stays as small
 * as the statements' variants (a literal zone, an optional filter), never one per call.
 */
import type { QueryResult, RawBuilder, Transaction } from 'kysely';
import type pg from 'pg';
import type { DB } from './schema';

/** the command's transaction (database.ts's `Tx`, named here so database.ts can import this file) */
type Tx = Transaction<DB>;

/** SQL text → statement name. */
const PREPARADAS = new Map<string, string>();

export async function executarPreparada<R>(trx: Tx, nome: string, q: RawBuilder<R>): Promise<QueryResult<R>> {
  const c = q.compile(trx);
  if (!PREPARADAS.has(c.sql)) PREPARADAS.set(c.sql, `${nome}_${PREPARADAS.size}`);
  return trx.executeQuery(c);
}

type Consulta = (...a: unknown[]) => unknown;

/** A new pool client runs the opted-in texts Kysely sends (text, values) as named statements. */
export function prepararNoCliente(client: pg.PoolClient): void {
  // the prototype's query looked up at each call, not bound once: instrumentation put on pg.Client later (a
  // test's spy, a tracer) still sees every statement
  const original: Consulta = (...a) => (Object.getPrototypeOf(client).query as Consulta).apply(client, a);
  client.query = ((texto: unknown, valores?: unknown, cb?: unknown) => {
    const name = typeof texto === 'string' && cb === undefined ? PREPARADAS.get(texto) : undefined;
    return name ? original({ name, text: texto, values: valores }) : original(texto, valores, cb);
  }) as unknown as typeof client.query;
}
