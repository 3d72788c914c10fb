/**
 * The benchmark's server child: the real app (embedded PostgreSQL) on PORT, the minimal hand-written
 * Fastify + pg endpoint on PORT+1 running the engine's own SQL (same select list, page and exact
 * total in one statement, same tenant transaction; no session check, no Kysely, no serialisation
 * schema) — and, at `/produtos-sessao`, the same after the app's own per-request session check
 * statement (so the engine's overhead can be told apart from the price of authenticating) — and a
 * Fastify hello-world on PORT+2.
 */
import { registerByKey } from '@retaguarda/domain';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/config';
import { metaOf } from '../../apps/server/src/registers/meta';
import { startRuntime } from '../../apps/server/src/runtime';

export async function serve() {
  const port = Number(process.env.PORT);
  const rt = await startRuntime({ ...loadConfig(), logLevel: 'warn' }, () => {});
  await rt.app.listen({ port, host: '127.0.0.1' });
  const cols = sql`select ${metaOf(registerByKey('produto')!).selectList}`.compile(rt.db.kysely).sql.slice(7);
  const lista = `select ${cols}, (select count(*)::int from produto as t where t.secao_id = $1) as engine_total
      from produto as t where t.secao_id = $1 order by t.id desc limit 10 offset 0`;
  const busca = `with m as materialized (select t.id from produto as t where unaccent(t.descricao) ilike unaccent($1))
      select ${cols}, (select count(*)::int from m) as engine_total from produto as t
       where t.id in (select id from m) order by t.id desc limit 10 offset 0`;
  const pool = new pg.Pool({ connectionString: rt.target.appUrl, max: Number(process.env.DB_POOL_MAX ?? 20) });
  const mini = Fastify();
  // BENCH_SONDA=1: phases, pool waits, statements and event-loop delay, read (and reset) at GET /sonda
  if (process.env.BENCH_SONDA) {
    const { sonda } = await import('./sonda');
    const s = sonda({ app: rt.db.pool, reserva: rt.db.reserve.pool, minimo: pool });
    mini.get('/sonda', async () => s.ler(true));
  }
  // the session check of every authenticated request (apps/server/src/plugins/auth/sessions.ts)
  let versao: string | null = null;
  // (the app verifies the JWT's signature once per token and keeps it; here its session id is just read)
  const sids = new Map<string, string>();
  const sessao = async (authorization: string | undefined) => {
    const token = (authorization ?? '').replace(/^Bearer /, '');
    let sid = sids.get(token);
    if (!sid) {
      sid = String(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}').sid);
      sids.set(token, sid);
    }
    if (!/^[0-9a-f-]{36}$/.test(sid)) return false;
    const { rows } = await pool.query({
      name: 'app_sessao_viva',
      text: 'select * from app_sessao_viva($1, $2, $3, $4, $5, $6)',
      values: [1, sid, null, null, 720, versao],
    });
    if (!rows[0] || rows[0].encerrada || rows[0].expirada) return false;
    versao = rows[0].versao;
    return true;
  };
  mini.get('/produtos-sessao', async (req, reply) => {
    if (!(await sessao(req.headers.authorization))) return reply.code(401).send({ message: 'sessão' });
    return listar(req.query as { secao?: string });
  });
  mini.get('/produtos', async (req) => listar(req.query as { secao?: string; busca?: string }));
  const listar = async (q: { secao?: string; busca?: string }) => {
    const c = await pool.connect();
    try {
      await c.query(`begin; select set_config('app.assinante_id', '1', true)`);
      const r = q.busca
        ? await c.query(busca, [`%${q.busca.replace(/[\\%_]/g, (x) => `\\${x}`)}%`])
        : await c.query(lista, [Number(q.secao)]);
      await c.query('commit');
      const total = r.rows[0]?.engine_total ?? 0;
      return { start: 0, count: r.rowCount, total, items: r.rows };
    } finally {
      c.release();
    }
  };
  await mini.listen({ port: port + 1, host: '127.0.0.1' });
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: port + 2, host: '127.0.0.1' });
  // stop the embedded PostgreSQL with the child (it runs detached and would outlive it)
  process.once('SIGTERM', () => {
    void Promise.all([mini.close(), hello.close(), pool.end()])
      .then(() => rt.close())
      .finally(() => process.exit(0));
  });
  process.stdout.write(`${JSON.stringify({ ownerUrl: rt.target.ownerUrl })}\n`);
}
