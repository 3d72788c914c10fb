/**
 * The POS upload's rules added after the first cut: the NFC-e chave's check digit (a wrong one is the cupom's own
 * 422, nothing of it stored), a return whose goods go back into another store (`lojaDestinoId`), and the offer
 * flags (the POS's own flag, else the store's offer active on the sale's day).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { cupom, enviar, prepararPdv, q, ref } from './pdv-vendas.support';

let t: TestApp;
let ana: LoginResult;
let fabio: LoginResult; // Gerência de loja, BV02 only

beforeAll(async () => {
  t = await createTestApp();
  [ana, fabio] = await Promise.all([login(t, 'ana.admin'), login(t, 'fabio.gerente')]);
  await prepararPdv(t);
});
afterAll(async () => t?.close());

const get = (who: LoginResult, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });

const estoque = async (lojaId: number, produtoId: number) =>
  Number(
    (
      await q<{ q: string }>(
        `select coalesce(sum(quantidade), 0)::text as q from movimento_estoque where loja_id = $1 and produto_id = $2
           and documento_tipo = 'CUPOM_FISCAL'`,
        [lojaId, produtoId],
      )
    )[0]!.q,
  );

const CHAVE_BOA = '41261141553872000164650010000004561000004565';

describe('the NFC-e chave check digit', () => {
  it('a wrong digit is the cupom own 422 naming the field; nothing of it stored; the batch goes on', async () => {
    const ruim = cupom({ nfce: { chave: `${CHAVE_BOA.slice(0, 43)}7`, cStat: 100 } });
    const boa = cupom({ nfce: { chave: CHAVE_BOA, cStat: 100 } });
    const r = await enviar(ana, [ruim, boa]);
    expect(r.statusCode, r.body).toBe(200);
    const [a, b] = r.json().resultados;
    expect(a).toMatchObject({ situacao: 'REJEITADO', status: 422 });
    expect(a.erros).toContainEqual(
      expect.objectContaining({ campo: 'cupons.0.nfce.chave', mensagem: expect.stringMatching(/dígito verificador/) }),
    );
    expect(b.situacao).toBe('ACEITO');
    expect(await q(`select 1 from cupom_fiscal_chave where sequencial = $1`, [ruim.sequencial])).toHaveLength(0);
    expect(await q(`select 1 from subida_venda_transacao where numero_cupom = $1`, [ruim.sequencial])).toHaveLength(0);
    expect(await q(`select 1 from documento_nfce where chave = $1`, [CHAVE_BOA])).toHaveLength(1);
  });
});

describe('a return to another store (lojaDestinoId)', () => {
  const devolucao = (extra: Record<string, unknown> = {}) =>
    cupom({
      tipo: 'DEVOLUCAO',
      cooVenda: 555,
      valor: '10.00',
      finalizacoes: [],
      itensVenda: [{ sequencia: 1, produtoId: ref.p1, quantidadeVenda: '1', valorUnidade: '10', valorTotal: '10.00' }],
      ...extra,
    });

  it('posts the goods into the destination store; the sale figures stay with the store of the cupom', async () => {
    const [bv01, bv02] = [await estoque(ref.BV01, ref.p1), await estoque(ref.BV02, ref.p1)];
    const dev = devolucao({ lojaDestinoId: ref.BV02 });
    const r = await enviar(ana, [dev]);
    expect(r.json().resultados[0], r.body).toMatchObject({ situacao: 'ACEITO' });
    expect(await estoque(ref.BV01, ref.p1)).toBe(bv01);
    expect((await estoque(ref.BV02, ref.p1)) - bv02).toBe(1);
    const [mov] = await q<{ tipo: string; local: number }>(
      `select m.tipo, m.local_id as local from movimento_estoque m join cupom_fiscal c on c.id = m.documento_id
        where m.documento_tipo = 'CUPOM_FISCAL' and c.sequencial = $1`,
      [dev.sequencial],
    );
    expect(mov!.tipo).toBe('DEVOLUCAO_VENDA');
    const [local] = await q<{ loja: number }>(`select loja_id as loja from local_estoque where id = $1`, [mov!.local]);
    expect(local!.loja).toBe(ref.BV02);
    const trocas = await get(ana, '/api/v1/pdv/trocas-devolucoes?q=id =gt= 0&sort=id&count=500');
    const lida = trocas
      .json()
      .items.find((x: { sequencialDaTransacao: number }) => x.sequencialDaTransacao === dev.sequencial);
    expect(lida).toMatchObject({ lojaId: ref.BV01, lojaDestinoId: ref.BV02, localId: mov!.local });
  });

  it('a destination only on a return, and only among the caller stores', async () => {
    const venda = cupom({ lojaDestinoId: ref.BV02 });
    const r = await enviar(ana, [venda, cupom()]);
    expect(r.json().resultados[0], r.body).toMatchObject({ situacao: 'REJEITADO', status: 422 });
    expect(r.json().resultados[0].erros).toContainEqual(expect.objectContaining({ campo: 'cupons.0.lojaDestinoId' }));
    expect(r.json().resultados[1].situacao).toBe('ACEITO');
    // fabio holds BV02 only: a BV02 return sent to BV01 is out of his reach (alone in its batch: the batch's 422)
    const fora = await enviar(fabio, [devolucao({ lojaId: ref.BV02, numeroCaixa: 21, lojaDestinoId: ref.BV01 })]);
    expect(fora.statusCode, fora.body).toBe(422);
    expect(fora.json().reasons.join(' ')).toMatch(new RegExp(`loja ${ref.BV01}\\b`));
  });

  it('a closed period of the destination store makes the return pending (MOVIMENTO_FECHADO)', async () => {
    await q(
      `insert into fechamento_estoque (loja_id, fechado_ate) values ($1, '2026-11-25')
       on conflict (assinante_id, loja_id) do update set fechado_ate = excluded.fechado_ate`,
      [ref.BV02],
    );
    try {
      const antes = await estoque(ref.BV02, ref.p1);
      const r = await enviar(ana, [devolucao({ lojaDestinoId: ref.BV02 })]);
      expect(r.json().resultados[0]).toMatchObject({ situacao: 'PENDENTE', tipoErro: 'MOVIMENTO_FECHADO' });
      expect(await estoque(ref.BV02, ref.p1)).toBe(antes);
    } finally {
      await q(`update fechamento_estoque set fechado_ate = null where loja_id = $1`, [ref.BV02]);
    }
  });
});

describe('the offer flags', () => {
  it('from the store offer active on the sale day, or the POS own flag; the cupom flags any item', async () => {
    await q(
      `update preco set preco_oferta1 = 9.00, inicio_oferta = '2026-11-19', fim_oferta = '2026-11-22'
        where loja_id = $1 and produto_id = $2`,
      [ref.BV01, ref.p1],
    );
    await q(`update preco set preco_oferta1 = null where loja_id = $1 and produto_id = $2`, [ref.BV01, ref.p2]);
    const id = async (c: object) => {
      const r = await enviar(ana, [c]);
      expect(r.json().resultados[0].situacao, r.body).toBe('ACEITO');
      const lista = await get(
        ana,
        `/api/v1/venda/cupons-fiscais?q=identificadorId==${r.json().resultados[0].identificadorId}`,
      );
      return lista.json().items[0] as {
        temItensVendidoEmOferta: boolean;
        itensVenda: { produtoId: number; foiVendidoEmOferta: boolean }[];
      };
    };
    const dentro = await id(cupom());
    expect(dentro.temItensVendidoEmOferta).toBe(true);
    expect(dentro.itensVenda.map((i) => i.foiVendidoEmOferta)).toEqual([true, false]);
    // the day after the offer's last day: no offer
    const fora = await id(cupom({ dataHoraAberturaCupom: '2026-11-23T10:00:00', dataHoraFechamentoCupom: null }));
    expect(fora.temItensVendidoEmOferta).toBe(false);
    // the POS's own flag wins both ways
    const base = cupom();
    const doPdv = await id({
      ...base,
      itensVenda: [
        { ...base.itensVenda[0], foiVendidoEmOferta: false },
        { ...base.itensVenda[1], foiVendidoEmOferta: 'S' },
      ],
    });
    expect(doPdv.itensVenda.map((i) => i.foiVendidoEmOferta)).toEqual([false, true]);
    expect(doPdv.temItensVendidoEmOferta).toBe(true);
  });
});
