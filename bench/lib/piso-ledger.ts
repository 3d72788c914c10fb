/**
 * The floor of a ledger bench: the same rows, in the same lots (one tenant transaction each), inserted by
 * ONE `insert … select unnest(…)` per lot into a copy of movimento_estoque without indexes, keys, triggers
 * or partitions — the cost of writing the rows and nothing else; the caller drops the copy after.
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

export interface Piso {
  /** inserts one lot (one tenant transaction) and answers its milliseconds */
  inserir(linhas: readonly LinhaDoPiso[], lote: number): Promise<number>;
  descartar(): Promise<void>;
}

/**
 * The unindexed copy, filled lot by lot by the caller — interleaved with the posting of the same lot, so both
 * see the same load of a shared machine (a floor measured after the whole posting saw another load: the ratio
 * moved by ×2 between runs).
 */
export async function criarPiso(rt: Runtime, owner: pg.Client, assinante: number): Promise<Piso> {
  const { sql } = await import('kysely');
  const { colunas, unnestDe } = await import('../../apps/server/src/ledger/colunas');
  await owner.query(`create table bench_piso_movimento (like movimento_estoque including defaults including identity);
    grant select, insert on bench_piso_movimento to retaguarda_app`);
  return {
    async inserir(linhas, n) {
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
      const t0 = performance.now();
      await rt.db.withTenant(assinante, (trx) =>
        sql`insert into bench_piso_movimento (assinante_id, loja_id, local_id, produto_id, data, tipo, quantidade,
              custo_unitario, custo_informado, custo_medio_apos, documento_tipo, documento_id, usuario_id, ocorrido_em)
            select (select app_assinante()), t.loja_id, t.local_id, t.produto_id, t.data, t.tipo, t.quantidade,
                   t.custo, t.quantidade > 0, t.custo, 'BENCH', ${n}::int8, null, now()
              from ${it}`.execute(trx),
      );
      return performance.now() - t0;
    },
    async descartar() {
      await owner.query('drop table if exists bench_piso_movimento');
    },
  };
}
