/**
 * The ledger kit on the stock ledger, called directly (no HTTP in front of the posting): the posting function
 * itself refuses a date in a closed period and takes the store's locks; the non-throwing check answers the
 * closing date; the lock key has one builder (SQL `app_chave_trava`, mirrored by JS `chaveDeTrava`); the
 * event instant `ocorridoEm` goes in with the posting and comes back on the statement (extrato) and the
 * movements list.
 */
import { hojeNaZona, instanteLocal, somarDias } from '@retaguarda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodoAberto, verificarPeriodo } from '../../src/ledger/periodo';
import { verificarPeriodoDaLoja } from '../../src/modules/estoque/fechamento.periodo';
import { lancarMovimentos, type MovimentoALancar } from '../../src/modules/estoque/lancamento';
import { chaveFechamento, chaveSaldos, LEDGER_ESTOQUE } from '../../src/modules/estoque/razao';
import { chaveDeTrava } from '../../src/workflows/trava';
import { adminQuery, createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';

let t: TestApp;
let diego: LoginResult;
let ana: LoginResult;
const ref: Record<string, number> = {};
const ZONA = 'America/Sao_Paulo'; // the demo's BV stores (PR/SC)
const hoje = hojeNaZona(ZONA);
const dia = (n: number) => somarDias(hoje, n);

async function q<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await adminQuery<T>(t.ownerUrl, text, params)).rows;
}

const mov = (data: string, quantidade: string, extra: Partial<MovimentoALancar> = {}): MovimentoALancar => ({
  lojaId: ref.bv02!,
  localId: ref.local!,
  produtoId: ref.produto!,
  data,
  tipo: 'AJUSTE_ENTRADA',
  quantidade,
  custoUnitario: '2.00',
  ...extra,
});

const lancar = (movimentos: MovimentoALancar[], campoData?: string) =>
  t.db.withTenant(ref.assinante!, (trx) =>
    lancarMovimentos(trx, { documentoTipo: 'TESTE', documentoId: null, usuarioId: null, movimentos, campoData }),
  );

const movimentosDoProduto = async () =>
  (
    await q<{ n: number }>(
      'select count(*)::int as n from movimento_estoque where assinante_id = $1 and produto_id = $2',
      [ref.assinante, ref.produto],
    )
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  diego = await login(t, 'diego.estoque'); // Estoque group, store BV02 only
  ana = await login(t, 'ana.admin');
  const [l] = await q<{ id: number; assinante_id: number; bv01: number }>(
    `select l.id, l.assinante_id, (select id from loja where sigla = 'BV01' and assinante_id = l.assinante_id) as bv01
       from loja l join assinante a on a.id = l.assinante_id where l.sigla = 'BV02' and a.nome = 'Bela Vida'`,
  );
  ref.bv02 = l!.id;
  ref.bv01 = l!.bv01;
  ref.assinante = l!.assinante_id;
  const locais = await q<{ id: number; loja_id: number }>(
    `select id, loja_id from local_estoque where loja_id in ($1, $2) and tipo = 'LOJA' order by id`,
    [ref.bv02, ref.bv01],
  );
  ref.local = locais.find((x) => x.loja_id === ref.bv02)!.id;
  ref.localBv01 = locais.find((x) => x.loja_id === ref.bv01)!.id;
  const [p] = await q<{ id: number }>(
    `insert into produto (assinante_id, descricao, codigo_interno, unidade_de_venda_id)
     select p.assinante_id, 'Razão kit teste', 'RAZAO-KIT', p.unidade_de_venda_id from produto p
      where p.assinante_id = $1 and p.ativo order by p.id limit 1 returning id`,
    [ref.assinante],
  );
  ref.produto = p!.id;
  // BV02 closed up to 10 days ago, through the closing command
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/v1/estoque/lojas/${ref.bv02}/fechamento`,
    headers: diego.headers,
    payload: { fechadoAte: dia(-10) },
  });
  expect(r.statusCode, r.body).toBe(200);
});
afterAll(() => t?.close());

describe('ledger kit: the posting function guards the closed period itself', () => {
  it('refuses a movement dated in the closed period (422, the closing message), nothing posted', async () => {
    const [a, m, d] = dia(-10).split('-');
    await expect(lancar([mov(dia(-3), '1'), mov(dia(-10), '2')])).rejects.toMatchObject({
      statusCode: 422,
      erros: [
        {
          campo: 'data',
          mensagem: `O estoque da loja BV02 está fechado até ${d}/${m}/${a}: movimentos nessa data ou antes não são aceitos.`,
        },
      ],
    });
    expect(await movimentosDoProduto()).toBe(0);
    const saldos = await q('select 1 from saldo_estoque_dia where assinante_id = $1 and produto_id = $2', [
      ref.assinante,
      ref.produto,
    ]);
    expect(saldos).toEqual([]);
  });

  it('names the caller field, and a posting over two stores is refused when one of them is closed', async () => {
    await expect(lancar([mov(dia(-20), '1')], 'dataDaMovimentacao')).rejects.toMatchObject({
      statusCode: 422,
      erros: [{ campo: 'dataDaMovimentacao' }],
    });
    await expect(
      lancar([mov(dia(-20), '1', { lojaId: ref.bv01!, localId: ref.localBv01! }), mov(dia(-12), '1')]),
    ).rejects.toMatchObject({ statusCode: 422 });
    expect(await movimentosDoProduto()).toBe(0);
  });

  it('posts the day after the closing date', async () => {
    await expect(lancar([mov(dia(-9), '4')])).resolves.toEqual([]);
    expect(await movimentosDoProduto()).toBe(1);
  });

  it('the non-throwing check answers open or closed and the closing date', async () => {
    const ver = (data: string) =>
      t.db.withTenant(ref.assinante!, async (trx) => ({
        situacao: await verificarPeriodoDaLoja(trx, ref.bv02!, data),
        aberto: await periodoAberto(trx, LEDGER_ESTOQUE, ref.bv02!, data),
        outraLoja: await verificarPeriodo(trx, LEDGER_ESTOQUE, ref.bv01!, data),
      }));
    expect(await ver(dia(-10))).toEqual({
      situacao: { aberto: false, fechadoAte: dia(-10) },
      aberto: false,
      outraLoja: { aberto: true, fechadoAte: null },
    });
    expect(await ver(dia(-9))).toMatchObject({ situacao: { aberto: true, fechadoAte: dia(-10) }, aberto: true });
  });
});

describe('ledger kit: one lock key builder', () => {
  it('SQL app_chave_trava hashes the text JS chaveDeTrava builds', async () => {
    const casos: [number, string][] = [
      [ref.assinante!, chaveSaldos(ref.bv02!)],
      [ref.assinante!, chaveFechamento(ref.bv02!)],
      [7, 'conta:10'],
      [123456, 'estoque.saldo:9'],
    ];
    for (const [a, k] of casos) {
      const [r] = await q<{ sql: string; js: string }>(
        'select app_chave_trava($1, $2)::text as sql, hashtextextended($3, 0)::text as js',
        [a, k, chaveDeTrava(a, k)],
      );
      expect(r!.sql).toBe(r!.js);
    }
  });

  it('the posting holds the store balance key (exclusive) and closing key (shared) that commands lock', async () => {
    const livre = await t.db.withTenant(ref.assinante!, async (trx) => {
      await lancarMovimentos(trx, {
        documentoTipo: 'TESTE',
        documentoId: null,
        usuarioId: null,
        movimentos: [mov(dia(-1), '1')],
      });
      // another session, while the posting's transaction is open
      const [r] = await q<{ saldo: boolean; fechamento: boolean; fechamentoCompartilhado: boolean }>(
        `select pg_try_advisory_xact_lock(hashtextextended($1, 0)) as saldo,
                pg_try_advisory_xact_lock(hashtextextended($2, 0)) as fechamento,
                pg_try_advisory_xact_lock_shared(hashtextextended($2, 0)) as "fechamentoCompartilhado"`,
        [
          chaveDeTrava(ref.assinante!, chaveSaldos(ref.bv02!)),
          chaveDeTrava(ref.assinante!, chaveFechamento(ref.bv02!)),
        ],
      );
      return r;
    });
    expect(livre).toEqual({ saldo: false, fechamento: false, fechamentoCompartilhado: true });
  });
});

describe('ledger kit: ocorridoEm', () => {
  it('goes in with the posting and comes back on the statement and the movements list (local time)', async () => {
    const data = dia(-5);
    await lancar([mov(data, '3', { ocorridoEm: instanteLocal(data, ZONA, 9, 15, 30) }), mov(data, '1')]);
    const r = await t.app.inject({
      url: `/api/v1/estoque/extrato?lojaId=${ref.bv02}&produtoId=${ref.produto}&de=${data}&ate=${data}`,
      headers: ana.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
    const linhas = r.json().items as { ocorridoEm: string; instante: string; entrada: string }[];
    expect(linhas).toHaveLength(2);
    expect(linhas[0]!.ocorridoEm).toBe(`${data}T09:15:30`);
    // not known to the poster: the posting time
    expect(linhas[1]!.ocorridoEm).toBe(linhas[1]!.instante);
    expect(linhas[1]!.ocorridoEm.slice(0, 10)).toBe(hoje);
    const m = await t.app.inject({
      url: `/api/v1/estoque/movimentos?q=${encodeURIComponent(`produtoId==${ref.produto};data==${data}`)}&sort=id`,
      headers: ana.headers,
    });
    expect(m.statusCode, m.body).toBe(200);
    const itens = m.json().items as { ocorridoEm: string; lancadoEm: string }[];
    expect(itens.map((i) => i.ocorridoEm)).toEqual([`${data}T09:15:30`, itens[1]!.lancadoEm]);
  });
});
