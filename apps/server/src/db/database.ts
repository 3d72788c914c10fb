/**
 * One pg pool + Kysely for the whole app. Tenant data is only reached through
 * `withTenant`, which opens a transaction and sets `app.assinante_id` with SET LOCAL
 * semantics (set_config(..., true)), so RLS filters every statement inside it.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, type RawBuilder, sql, type Transaction } from 'kysely';
import { inlineParams } from './literal';
import pg from 'pg';
import type { DB } from './schema';

// bigint (int8, e.g. count(*)) as number; ids stay well below 2^53
pg.types.setTypeParser(20, (v) => Number(v));
// numeric as string: money and quantities never become binary floats
pg.types.setTypeParser(1700, (v) => v);

export type Tx = Transaction<DB>;

type CommitHook = (db: Database) => void;
const commitHooks = new WeakMap<Tx, CommitHook[]>();

/**
 * Runs `fn` once the surrounding `withTenant` transaction has committed (never on rollback), so
 * realtime events and pushes never announce data that was rolled back.
 */
export function afterCommit(trx: Tx, fn: CommitHook): void {
  const hooks = commitHooks.get(trx);
  if (!hooks) throw new Error('afterCommit chamado fora de withTenant');
  hooks.push(fn);
}

export interface Assinante {
  id: number;
  nome: string;
  tipoCliente: string;
  tema: string;
  criadoEm: Date;
}

export interface Database {
  kysely: Kysely<DB>;
  pool: pg.Pool;
  withTenant<T>(assinanteId: number, fn: (trx: Tx) => Promise<T>): Promise<T>;
  /**
   * One read statement in ONE round trip: the tenant setting and the statement in a single
   * simple-protocol message (an implicit transaction: the setting ends with it, one snapshot).
   * Parameters are inlined as escaped literals; rows come back camelCased like Kysely's.
   */
  readOnce<R>(assinanteId: number, query: RawBuilder<R>): Promise<R[]>;
  /** The same transaction on a bare pg client, for streaming (COPY, cursors) without Kysely's per-row work. */
  withTenantClient<T>(assinanteId: number, fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  resolveAssinante(host: string): Promise<Assinante | undefined>;
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** BEGIN and the tenant setting in one round trip (simple protocol: the id must be a checked integer). */
function tenantSql(assinanteId: number): string {
  if (!Number.isSafeInteger(assinanteId)) throw new Error(`assinante inválido: ${assinanteId}`);
  return `select set_config('app.assinante_id', '${assinanteId}', true)`;
}

function beginFor(assinanteId: number): string {
  return `begin; ${tenantSql(assinanteId)}`;
}

export function createDatabase(url: string, log: (err: Error) => void = () => {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_MAX ?? 20),
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // a connection dropped by a server restart must not crash the process; the pool reconnects
  pool.on('error', log);
  const camel = new CamelCasePlugin();
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [camel] });

  const database: Database = {
    kysely,
    pool,
    async withTenant(assinanteId, fn) {
      const hooks: CommitHook[] = [];
      const begin = beginFor(assinanteId);
      const result = await kysely.connection().execute(async (conn) => {
        const trx = conn as unknown as Tx;
        await sql.raw(begin).execute(conn);
        let value: Awaited<ReturnType<typeof fn>>;
        try {
          commitHooks.set(trx, hooks);
          value = await fn(trx);
        } catch (err) {
          await sql.raw('rollback').execute(conn);
          throw err;
        }
        await sql.raw('commit').execute(conn);
        return value;
      });
      for (const hook of hooks) {
        try {
          hook(database);
        } catch (err) {
          log(err as Error); // a failing listener must not turn a committed write into an error
        }
      }
      return result;
    },
    async readOnce<R>(assinanteId: number, query: RawBuilder<R>) {
      const compiled = query.compile(kysely);
      const text = `${tenantSql(assinanteId)}; ${inlineParams(compiled.sql, compiled.parameters)}`;
      const results = (await pool.query(text)) as unknown as pg.QueryResult[];
      const rows = results[1]?.rows ?? [];
      const out = await camel.transformResult({
        result: { rows },
        queryId: { queryId: 'readOnce' },
      });
      return out.rows as R[];
    },
    async withTenantClient(assinanteId, fn) {
      const begin = beginFor(assinanteId);
      const client = await pool.connect();
      try {
        await client.query(begin);
        const value = await fn(client);
        await client.query('commit');
        client.release();
        return value;
      } catch (err) {
        // a client cut mid-COPY or mid-cursor is not reusable: destroy it instead of a rollback
        client.release(err as Error);
        throw err;
      }
    },
    async resolveAssinante(host) {
      const { rows } = await sql<Assinante>`select * from app_resolver_assinante(${host})`.execute(kysely);
      return rows[0];
    },
    async ping(timeoutMs = 2_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      const query = pool
        .query('select 1')
        .then(() => true)
        .catch(() => false);
      const ok = await Promise.race([query, timeout]);
      clearTimeout(timer);
      return ok;
    },
    async close() {
      await kysely.destroy();
    },
  };
  return database;
}
