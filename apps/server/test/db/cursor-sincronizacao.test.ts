/**
 * The commit-safe cursor (migration 0392, src/sync/cursor.ts) on a test table that adopts it: a row
 * written by a transaction that commits after a later id was read is still seen (a naive `id > N` reader
 * misses it — shown side by side); then the property: 20 concurrent writers, some rolling back, each
 * holding its transaction open for random delays between writes, and a reader polling in small pages →
 * every committed row exactly once, no rolled-back row. Updated rows come back at their new position.
 */
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../src/db/migrate';
import { CURSOR_INICIAL, type Cursor, lerCursor, lerDesde } from '../../src/sync/cursor';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let assinante: number;
const TABELA = 'cursor_teste';

beforeAll(async () => {
  t = await createTestApp();
  assinante = (await adminQuery(t.ownerUrl, `select id from assinante order by id limit 1`)).rows[0]!.id;
  await adminQuery(
    t.ownerUrl,
    `create table ${TABELA} (
       assinante_id integer not null default app_assinante() references assinante (id),
       id serial, rodada integer not null, escritor integer not null, n integer not null, valor integer not null default 0,
       primary key (assinante_id, id));
     select app_proteger_tabela('${TABELA}');
     select app_cursor_adotar('${TABELA}');
     grant select, insert, update on ${TABELA} to ${APP_ROLE};
     grant usage on sequence ${TABELA}_id_seq to ${APP_ROLE};`,
  );
}, 120_000);
afterAll(async () => t?.close());

/** A connection as the application role with the tenant set for its session (a writer of the test). */
async function escritor(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: t.appUrl });
  await c.connect();
  await c.query(`select set_config('app.assinante_id', $1, false)`, [String(assinante)]);
  return c;
}

const ler = (cursor: Cursor, limite: number) =>
  lerDesde<{ rodada: number; escritor: number; n: number; valor: number }>(t.db, assinante, TABELA, cursor, limite);

/** Reads everything committed after `cursor` (in pages of `limite`). */
async function drenar(cursor: Cursor, limite: number) {
  const linhas: { rodada: number; escritor: number; n: number; valor: number }[] = [];
  for (;;) {
    const p = await ler(cursor, limite);
    linhas.push(...p.linhas);
    cursor = p.cursor;
    if (p.linhas.length < limite) return { linhas, cursor };
  }
}

/**
 * Waits until every transaction running now has ended: the horizon the cursor reads below is the cluster's
 * oldest running transaction, and the other test files share the cluster (a transaction they hold open holds
 * back what this reader may see, as it would in production). After it, a drain sees all committed so far.
 */
async function esperarHorizonte(prazoMs = 60_000) {
  const { rows } = await adminQuery<{ marca: string }>(
    t.ownerUrl,
    'select pg_snapshot_xmax(pg_current_snapshot())::text as marca',
  );
  const limite = Date.now() + prazoMs;
  for (;;) {
    const r = await adminQuery<{ passou: boolean }>(
      t.ownerUrl,
      'select pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 as passou',
      [rows[0]!.marca],
    );
    if (r.rows[0]!.passou) return;
    if (Date.now() > limite) throw new Error('o horizonte de transações não avançou em 60 s');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('commit-safe cursor', () => {
  it('sees a row whose transaction commits after a later id was read; id > N misses it', async () => {
    const [a, b] = [await escritor(), await escritor()];
    try {
      const { cursor: inicio } = await drenar(CURSOR_INICIAL, 100);
      const ultimoId = Number(lerCursor(inicio)!.id);
      await a.query('begin');
      await a.query(`insert into ${TABELA} (rodada, escritor, n) values (0, 1, 1)`); // takes the lower id
      await b.query(`insert into ${TABELA} (rodada, escritor, n) values (0, 2, 1)`); // commits first
      const ingenuo1 = await adminQuery(t.ownerUrl, `select id, escritor from ${TABELA} where id > $1 order by id`, [
        ultimoId,
      ]);
      const cursor1 = await drenar(inicio, 100);
      await a.query('commit');
      const maior = Math.max(...ingenuo1.rows.map((r) => r.id as number));
      const ingenuo2 = await adminQuery(t.ownerUrl, `select escritor from ${TABELA} where id > $1`, [maior]);
      await esperarHorizonte();
      const cursor2 = await drenar(cursor1.cursor, 100);
      // the naive reader saw writer 2's row, then nothing: writer 1's row (lower id) is lost to it
      expect(ingenuo1.rows.map((r) => r.escritor)).toEqual([2]);
      expect(ingenuo2.rows).toEqual([]);
      // the cursor held both back while writer 1 was open, then returns both, each once
      expect(cursor1.linhas).toEqual([]);
      expect(cursor2.linhas.map((r) => r.escritor).sort()).toEqual([1, 2]);
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
  });

  it('an updated row comes back once, at its new position', async () => {
    const { cursor } = await drenar(CURSOR_INICIAL, 1000);
    const c = await escritor();
    try {
      await c.query(`update ${TABELA} set valor = 7 where rodada = 0 and escritor = 1`);
    } finally {
      await c.end();
    }
    await esperarHorizonte();
    const depois = await drenar(cursor, 1000);
    expect(depois.linhas.map((r) => [r.escritor, r.valor])).toEqual([[1, 7]]);
    expect((await drenar(depois.cursor, 1000)).linhas).toEqual([]);
  });

  it('rejects a malformed cursor before any SQL', async () => {
    for (const c of ['', '1', 'a:b', '1:2:3', '-1:0', `${2n ** 64n}:0`]) expect(lerCursor(c)).toBeNull();
    await expect(ler('x', 10)).rejects.toThrow(RangeError);
  });

  it('20 concurrent writers (some rolling back, transactions held open) → every committed row exactly once', async () => {
    let rodada = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            transacoes: fc.integer({ min: 1, max: 4 }),
            linhas: fc.integer({ min: 1, max: 3 }),
            atrasoMs: fc.integer({ min: 0, max: 25 }),
            desfazCada: fc.integer({ min: 2, max: 4 }),
          }),
          { minLength: 20, maxLength: 20 },
        ),
        fc.integer({ min: 1, max: 9 }),
        async (planos, limite) => {
          rodada++;
          const { cursor: inicio } = await drenar(CURSOR_INICIAL, 1000);
          const confirmadas = new Set<string>();
          const desfeitas = new Set<string>();
          const clientes = await Promise.all(planos.map(() => escritor()));
          let ativos = planos.length;
          const vistas: string[] = [];
          const leitor = (async () => {
            let cursor = inicio;
            // polls while writers run, then once more after the last one ended
            for (let fim = false; !fim; ) {
              fim = ativos === 0;
              if (fim) await esperarHorizonte();
              const p = await drenar(cursor, limite);
              cursor = p.cursor;
              vistas.push(...p.linhas.map((r) => `${r.escritor}.${r.n}`));
              await new Promise((r) => setImmediate(r));
            }
          })();
          await Promise.all(
            planos.map(async (plano, e) => {
              const c = clientes[e]!;
              let n = 0;
              try {
                for (let k = 0; k < plano.transacoes; k++) {
                  await c.query('begin');
                  const chaves: string[] = [];
                  for (let l = 0; l < plano.linhas; l++) {
                    n++;
                    await c.query(`insert into ${TABELA} (rodada, escritor, n) values ($1, $2, $3)`, [rodada, e, n]);
                    chaves.push(`${e}.${n}`);
                    await new Promise((r) => setTimeout(r, ((e * 7 + n * 13) % (plano.atrasoMs + 1)) + 0));
                  }
                  const desfaz = (k + e) % plano.desfazCada === 0;
                  await c.query(desfaz ? 'rollback' : 'commit');
                  for (const ch of chaves) (desfaz ? desfeitas : confirmadas).add(ch);
                }
              } finally {
                ativos--;
                await c.end();
              }
            }),
          );
          await leitor;
          const soDaRodada = vistas; // the cursor started after every earlier round's rows
          expect(new Set(soDaRodada).size).toBe(soDaRodada.length); // exactly once
          expect([...soDaRodada].sort()).toEqual([...confirmadas].sort()); // every committed row
          expect(soDaRodada.filter((v) => desfeitas.has(v))).toEqual([]); // no rolled-back row
          expect(desfeitas.size).toBeGreaterThan(0);
        },
      ),
      { numRuns: 5 },
    );
  }, 120_000);
});
