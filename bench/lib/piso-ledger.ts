/**
 * The floor of a ledger bench: the same rows, in the same lots (one tenant transaction each), inserted by
 * ONE `insert … select unnest(…)` per lot into a copy of movimento_estoque without indexes, keys, triggers
 * or partitions — the cost of writing the rows and nothing else. Answers rows/s; the copy is dropped after.
 */
import type pg from 'pg';
import type { startRuntime } from '../../apps/server/src/runtime';

type Runtime = Awaited<ReturnType<typeof startRuntime>>;

export interface LinhaDoPiso {
  lojaId: number;
  localId: number;
  produtoId: number;
  data: string;
  tipo: string;
  quantidade: string;
  custo: string;
}

export async function pisoDeInsercao(
  rt: Runtime,
  owner: pg.Client,
  o: { assinante: number; lotes: number; linhas: (lote: number) => LinhaDoPiso[] },
): Promise<number> {
  const { sql } = await import('kysely');
  const { colunas, unnestDe } = await import('../../apps/server/src/ledger/colunas');
  await owner.query(`create table bench_piso_movimento (like movimento_estoque including defaults including identity);
    grant select, insert on bench_piso_movimento to retaguarda_app`);
  try {
    let total = 0;
    const t0 = performance.now();
    for (let n = 0; n < o.lotes; n++) {
      const linhas = o.linhas(n);
      const c = colunas(linhas, ['lojaId', 'localId', 'produtoId', 'data', 'tipo', 'quantidade', 'custo'] as const);
      const it = unnestDe('t', [
        { nome: 'loja_id', tipo: 'int4', valores: c.lojaId },
        { nome: 'local_id', tipo: 'int4', valores: c.localId },
        { nome: 'produto_id', tipo: 'int4', valores: c.produtoId },
        { nome: 'data', tipo: 'date', valores: c.data },
        { nome: 'tipo', tipo: 'text', valores: c.tipo },
        { nome: 'quantidade', tipo: 'numeric', valores: c.quantidade },
        { nome: 'custo', tipo: 'numeric', valores: c.custo },
      ]);
      await rt.db.withTenant(o.assinante, (trx) =>
        sql`insert into bench_piso_movimento (assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade,
              custo_unitario, custo_informado, custo_medio_apos, documento_tipo, documento_id, usuario_id, ocorrido_em)
            select (select app_assinante()), t.loja_id, t.local_id, t.produto_id, t.data, t.tipo, t.quantidade,
                   t.custo, t.quantidade > 0, t.custo, 'BENCH', ${n}::int8, null, now()
              from ${it}`.execute(trx),
      );
      total += linhas.length;
    }
    return total / ((performance.now() - t0) / 1000);
  } finally {
    await owner.query('drop table if exists bench_piso_movimento');
  }
}
