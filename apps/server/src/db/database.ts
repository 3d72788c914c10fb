/**
 * The app's pg pools + Kysely. Tenant data is only reached through `withTenant`, which opens a
 * transaction and sets `app.assinante_id` with SET LOCAL semantics (set_config(..., true)), so RLS
 * filters every statement inside it. A second, small pool (`reserve`) serves only sign-in and the
 * health check, so whatever holds the main pool cannot lock everybody out.
 */
import { CamelCasePlugin, Kysely, PostgresDialect, type RawBuilder, sql, type Transaction } from 'kysely';
import { inlineParams } from './literal';
import { prepararNoCliente } from './preparada';
import { Semaphore } from './semaphore';
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

/** How long one statement may run (SET LOCAL statement_timeout), so a runaway query cannot hold a connection. */
export interface TxOptions {
  statementTimeoutMs?: number;
  /** how long a statement waits for a lock (SET LOCAL lock_timeout), set with the tenant: no extra round trip */
  lockTimeoutMs?: number;
}

/** The pool's settings (environment): see the README's configuration table. */
export function poolSettings(env: NodeJS.ProcessEnv = process.env) {
  const int = (v: string | undefined, d: number) =>
    v && Number.isInteger(Number(v)) && Number(v) >= 0 ? Number(v) : d;
  return {
    /** connections for everything */
    max: int(env.DB_POOL_MAX, 20),
    /** extra connections only sign-in and the health check use, so a busy main pool never locks them out */
    reserve: Math.max(1, int(env.DB_POOL_RESERVE, 3)),
    /** statement timeout of register and bespoke lists (0 = none) */
    listTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 10_000),
    /** statement timeout of exports (the COPY of a CSV, each cursor fetch of an XLSX) */
    exportTimeoutMs: int(env.DB_EXPORT_STATEMENT_TIMEOUT_MS, 300_000),
  };
}

export interface Database {
  kysely: Kysely<DB>;
  pool: pg.Pool;
  /** The same operations on the reserved connections (sign-in, health check): never waits behind the main pool. */
  reserve: Database;
  settings: ReturnType<typeof poolSettings>;
  withTenant<T>(assinanteId: number, fn: (trx: Tx) => Promise<T>, opts?: TxOptions): Promise<T>;
  /**
   * One read statement in ONE round trip: the tenant setting and the statement in a single
   * simple-protocol message (an implicit transaction: the setting ends with it, one snapshot).
   * Parameters are inlined as escaped literals; rows come back camelCased like Kysely's.
   * The list statement timeout applies unless `opts` says otherwise.
   */
  readOnce<R>(assinanteId: number, query: RawBuilder<R>, opts?: TxOptions): Promise<R[]>;
  /** The same transaction on a bare pg client, for streaming (COPY, cursors) without Kysely's per-row work. */
  withTenantClient<T>(assinanteId: number, fn: (client: pg.PoolClient) => Promise<T>, opts?: TxOptions): Promise<T>;
  resolveAssinante(host: string): Promise<Assinante | undefined>;
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The tenant (and statement timeout) settings in one select (simple protocol: the values must be checked integers). */
function tenantSql(assinanteId: number, opts?: TxOptions): string {
  if (!Number.isSafeInteger(assinanteId)) throw new Error(`assinante inválido: ${assinanteId}`);
  const ms = opts?.statementTimeoutMs;
  const timeout = ms && Number.isSafeInteger(ms) && ms > 0 ? `, set_config('statement_timeout', '${ms}', true)` : '';
  const lk = opts?.lockTimeoutMs;
  const lock = lk && Number.isSafeInteger(lk) && lk > 0 ? `, set_config('lock_timeout', '${lk}', true)` : '';
  return `select set_config('app.assinante_id', '${assinanteId}', true)${timeout}${lock}`;
}

function beginFor(assinanteId: number, opts?: TxOptions): string {
  return `begin; ${tenantSql(assinanteId, opts)}`;
}

type Lane = Pick<Database, 'kysely' | 'pool' | 'withTenant' | 'readOnce' | 'withTenantClient'>;

function laneOf(pool: pg.Pool, settings: Database['settings'], runHooks: (h: CommitHook[]) => void): Lane {
  const camel = new CamelCasePlugin();
  const kysely = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [camel] });
  const perTenant = new Map<number, Semaphore>();
  return {
    kysely,
    pool,
    async withTenant(assinanteId, fn, opts) {
      const hooks: CommitHook[] = [];
      const begin = beginFor(assinanteId, opts);
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
      runHooks(hooks);
      return result;
    },
    async readOnce<R>(assinanteId: number, query: RawBuilder<R>, opts?: TxOptions) {
      const compiled = query.compile(kysely);
      // one tenant's burst of lists takes at most half the pool; the others' lists still find connections
      let slots = perTenant.get(assinanteId);
      if (!slots) {
        slots = new Semaphore(() => Math.max(1, Math.ceil(settings.max / 2)));
        perTenant.set(assinanteId, slots);
      }
      const free = await slots.take();
      const head = tenantSql(assinanteId, opts ?? { statementTimeoutMs: settings.listTimeoutMs });
      const text = `${head}; ${inlineParams(compiled.sql, compiled.parameters)}`;
      let results: pg.QueryResult[];
      try {
        results = (await pool.query(text)) as unknown as pg.QueryResult[];
      } finally {
        free();
      }
      const rows = results[1]?.rows ?? [];
      const out = await camel.transformResult({
        result: { rows },
        queryId: { queryId: 'readOnce' },
      });
      return out.rows as R[];
    },
    async withTenantClient(assinanteId, fn, opts) {
      const begin = beginFor(assinanteId, opts);
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
  };
}

export function createDatabase(url: string, log: (err: Error) => void = () => {}): Database {
  const settings = poolSettings();
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // small and separate: whatever holds the main pool (slow exports, heavy lists) cannot take these
  const reservePool = new pg.Pool({
    connectionString: url,
    max: settings.reserve,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // a connection dropped by a server restart must not crash the process; the pool reconnects
  pool.on('error', log);
  // hot paths' fixed statements planned once per connection (db/preparada.ts)
  pool.on('connect', prepararNoCliente);
  reservePool.on('error', log);
  const runHooks = (hooks: CommitHook[]) => {
    for (const hook of hooks) {
      try {
        hook(database);
      } catch (err) {
        log(err as Error); // a failing listener must not turn a committed write into an error
      }
    }
  };
  const main = laneOf(pool, settings, runHooks);
  const spare = laneOf(reservePool, settings, runHooks);
  /** the main pool cannot lend a connection now: requests would queue behind whatever holds it */
  const saturated = () => pool.waitingCount > 0 || (pool.idleCount === 0 && pool.totalCount >= settings.max);

  const shared = {
    settings,
    async resolveAssinante(host: string) {
      // the tenant of a sign-in must resolve even while the main pool is taken
      const k = saturated() ? spare.kysely : main.kysely;
      const { rows } = await sql<Assinante>`select * from app_resolver_assinante(${host})`.execute(k);
      return rows[0];
    },
    async ping(timeoutMs = 2_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs);
      });
      // the health check says whether the database answers, not whether the main pool is busy
      const query = reservePool
        .query('select 1')
        .then(() => true)
        .catch(() => false);
      const ok = await Promise.race([query, timeout]);
      clearTimeout(timer);
      return ok;
    },
    async close() {
      await Promise.all([main.kysely.destroy(), spare.kysely.destroy()]);
    },
  };
  const database = { ...main, ...shared } as Database;
  const reserved = { ...spare, ...shared } as Database;
  database.reserve = reserved;
  reserved.reserve = reserved;
  return database;
}
