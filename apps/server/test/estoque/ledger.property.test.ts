/**
 * Property tests of the stock ledger on the real database: movements posted in any order, in any grouping,
 * with any dates → the balance at the end of each day equals the sum of the movements dated up to it
 * (domain saldoEm), and the current balance their total; replaying a command with the same key changes nothing.
 */
import { saldoEm as saldoEsperado } from '@retaguarda/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lancarMovimentos } from '../../src/modules/estoque/lancamento';
import { saldoEm } from '../../src/modules/estoque/saldos';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { login } from '../helpers/auth';

let t: TestApp;
let k: { assinante: number; lojaId: number; localId: number; produtoId: number };

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await adminQuery<{ assinante_id: number; loja_id: number; local_id: number; produto_id: number }>(
    t.ownerUrl,
    `select l.assinante_id, l.loja_id, l.id as local_id,
            (select p.id from produto p where p.assinante_id = l.assinante_id order by p.id limit 1) as produto_id
       from local_estoque l order by l.id limit 1`,
  );
  const r = rows[0]!;
  k = { assinante: r.assinante_id, lojaId: r.loja_id, localId: r.local_id, produtoId: r.produto_id };
});
afterAll(async () => t?.close());

const limpar = () =>
  adminQuery(
    t.ownerUrl,
    `delete from movimento_estoque where produto_id = $1; delete from saldo_estoque_dia where produto_id = $1;
     delete from saldo_estoque where produto_id = $1; delete from custo_medio_estoque where produto_id = $1`.replaceAll(
      '$1',
      String(k?.produtoId),
    ),
  );

const dia = (n: number) => new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10);
const movimento = fc.record({
  dia: fc.integer({ min: 0, max: 40 }),
  quantidade: fc.integer({ min: -500, max: 500 }).filter((q) => q !== 0),
  centavos: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
});

describe('razão de estoque (propriedades)', () => {
  it('saldo em cada data = soma dos movimentos até ela, em qualquer ordem e agrupamento de lançamento', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(movimento, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        async (lotes) => {
          await limpar();
          for (const lote of lotes)
            await t.db.withTenant(k.assinante, (trx) =>
              lancarMovimentos(trx, {
                documentoTipo: 'TESTE',
                documentoId: null,
                usuarioId: null,
                movimentos: lote.map((m) => ({
                  ...k,
                  data: dia(m.dia),
                  tipo: m.quantidade > 0 ? 'AJUSTE_ENTRADA' : 'AJUSTE_SAIDA',
                  quantidade: String(m.quantidade),
                  custoUnitario: m.quantidade > 0 && m.centavos ? (m.centavos / 100).toFixed(2) : null,
                })),
              }),
            );
          const todos = lotes.flat().map((m) => ({ data: dia(m.dia), quantidade: String(m.quantidade) }));
          await t.db.withTenant(k.assinante, async (trx) => {
            for (let d = -1; d <= 41; d++) {
              const obtido = await saldoEm(trx, k, dia(d));
              expect(Number(obtido), dia(d)).toBe(Number(saldoEsperado(todos, dia(d))));
            }
          });
          const { rows } = await adminQuery<{ q: string; n: number }>(
            t.ownerUrl,
            `select (select quantidade::text from saldo_estoque where produto_id = $1 and local_id = $2) as q,
                  (select count(*)::int from movimento_estoque where produto_id = $1) as n`,
            [k.produtoId, k.localId],
          );
          expect(Number(rows[0]!.q)).toBe(Number(saldoEsperado(todos, '9999-12-31')));
          expect(rows[0]!.n).toBe(todos.length);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('repetir um comando com a mesma chave não muda nada', async () => {
    const ana = await login(t, 'ana.admin');
    const { rows: tipos } = await adminQuery<{ id: number; tipo: string }>(
      t.ownerUrl,
      `select id, tipo from tipo_ajuste where assinante_id = $1 and not exige_observacao and tipo = 'ENTRADA' limit 1`,
      [k.assinante],
    );
    const { rows: ps } = await adminQuery<{ id: number }>(
      t.ownerUrl,
      `select p.id from produto p left join unidade u on u.id = p.unidade_de_venda_id
        where p.assinante_id = $1 and p.ativo and not coalesce(u.permite_fracionamento, false) order by p.id limit 5`,
      [k.assinante],
    );
    const estado = async () =>
      (
        await adminQuery(
          t.ownerUrl,
          `select (select count(*) from movimento_estoque) m, (select coalesce(sum(quantidade), 0)::text from saldo_estoque) s,
                  (select coalesce(sum(saldo), 0)::text from saldo_estoque_dia) d, (select count(*) from ajuste_estoque) a`,
        )
      ).rows[0];
    // each run its own key (fast-check may draw or shrink to a uuid an earlier run used with other items),
    // and each product once (an adjustment takes a product on one line only)
    let execucao = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.uuid(),
        fc.uniqueArray(fc.constantFrom(...ps.map((p) => p.id)), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 3 }),
        async (uuid, produtos, repeticoes) => {
          const chave = `${uuid}-${execucao++}`;
          const payload = {
            lojaId: k.lojaId,
            localId: k.localId,
            tipoDeOperacao: 'ENTRADA',
            tipoDeAjusteId: tipos[0]!.id,
            dataDaMovimentacao: '2025-03-01',
            confirmarDataAntiga: true,
            itens: produtos.map((produtoId) => ({ produtoId, quantidade: 2 })),
          };
          const enviar = () =>
            t.app.inject({
              method: 'POST',
              url: '/api/v1/estoque/ajustes',
              headers: { ...ana.headers, 'idempotency-key': chave },
              payload,
            });
          const primeiro = await enviar();
          expect(primeiro.statusCode, primeiro.body).toBe(201);
          const depois = await estado();
          for (let i = 0; i < repeticoes; i++) {
            const r = await enviar();
            expect(r.statusCode).toBe(201);
            expect(r.body).toBe(primeiro.body);
          }
          expect(await estado()).toEqual(depois);
        },
      ),
      { numRuns: 10 },
    );
  });
});
