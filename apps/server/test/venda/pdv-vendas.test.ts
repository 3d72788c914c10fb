/**
 * The POS sales upload through HTTP: a batch accepted (stock at the sale's date and time, receipts with
 * change, fiscal data per item, NFC-e row, identificadorId increasing), resent (DUPLICADO, nothing changes;
 * the same Idempotency-Key replays), each error type stored pending with its raw payload, a malformed sale
 * its own 422-shaped result, 422 only when none is valid, the device credential, permissions and scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { type LoginResult, login } from '../helpers/auth';
import { cupom, doDispositivo, enviar, prepararPdv, q, ref } from './pdv-vendas.support';

let t: TestApp;
let ana: LoginResult;
let fabio: LoginResult; // Gerência de loja, BV02 only
let gabi: LoginResult; // read-only

beforeAll(async () => {
  t = await createTestApp();
  [ana, fabio, gabi] = await Promise.all([login(t, 'ana.admin'), login(t, 'fabio.gerente'), login(t, 'gabi.consulta')]);
  await prepararPdv(t);
});
afterAll(async () => t?.close());

const estoque = async (produtoId: number) =>
  (
    await q<{ q: string }>(
      `select coalesce(sum(quantidade), 0)::text as q from movimento_estoque where loja_id = $1 and produto_id = $2
         and documento_tipo = 'CUPOM_FISCAL'`,
      [ref.BV01, produtoId],
    )
  )[0]!.q;

describe('POST /api/v1/pdv/vendas', () => {
  it('accepts a sale: stock at the sale time, receipts net of change, fiscal data, NFC-e, identificadorId', async () => {
    const c = cupom({
      nfce: { modelo: '65', serie: 1, numero: 123, chave: '41261141553872000164650010000001231000001230', cStat: 100 },
    });
    const antes = [await estoque(ref.p1), await estoque(ref.p2)];
    const r = await enviar(ana, [c]);
    expect(r.statusCode, r.body).toBe(200);
    const [res] = r.json().resultados;
    expect(res).toMatchObject({ situacao: 'ACEITO', sequencial: c.sequencial });
    expect(res.identificadorId).toBeGreaterThan(0);
    expect(Number(await estoque(ref.p1)) - Number(antes[0])).toBe(-2);
    expect(Number(await estoque(ref.p2)) - Number(antes[1])).toBe(-1);
    const mov = await q<{ data: string; tipo: string; ocorrido: string }>(
      `select to_char(data, 'YYYY-MM-DD') as data, tipo, to_char(ocorrido_em at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') as ocorrido
         from movimento_estoque where documento_tipo = 'CUPOM_FISCAL' and produto_id = $1 order by id desc limit 1`,
      [ref.p1],
    );
    expect(mov[0]).toMatchObject({ data: '2026-11-20', tipo: 'VENDA', ocorrido: '2026-11-20T10:16:30' });
    const rec = await q<{ valor: string; troco: string }>(
      `select r.valor::text, r.troco::text from recebimento_pdv r join cupom_fiscal c on c.id = r.cupom_id
        where c.identificador_id = $1`,
      [res.identificadorId],
    );
    expect(rec).toEqual([{ valor: '25.50', troco: '4.50' }]);
    const itens = await q<{ cfop: string | null; ncm: string | null }>(
      `select i.cfop, i.ncm from item_cupom_fiscal i join cupom_fiscal c on c.id = i.cupom_id where c.identificador_id = $1`,
      [res.identificadorId],
    );
    expect(itens).toHaveLength(2);
    expect(itens.every((i) => i.cfop && i.ncm)).toBe(true);
    expect(await q(`select 1 from documento_nfce where chave = $1`, [c.nfce.chave])).toHaveLength(1);
  });

  it('a resent sale answers DUPLICADO and changes nothing; the same key replays; other content is CUPOM_DUPLICADO', async () => {
    const c = cupom();
    const r1 = await enviar(ana, [c], 'lote-1');
    expect(r1.json().resultados[0].situacao).toBe('ACEITO');
    const depois = await estoque(ref.p1);
    const r2 = await enviar(ana, [c], 'lote-1');
    expect(r2.headers['idempotent-replayed']).toBe('true');
    const r3 = await enviar(ana, [c]);
    expect(r3.json().resultados[0]).toMatchObject({ situacao: 'DUPLICADO', identificadorId: r1.json().resultados[0].identificadorId });
    expect(await estoque(ref.p1)).toBe(depois);
    const r4 = await enviar(ana, [{ ...c, valor: '20.00', itensVenda: [c.itensVenda[0]], finalizacoes: [] }]);
    expect(r4.json().resultados[0]).toMatchObject({ situacao: 'PENDENTE', tipoErro: 'CUPOM_DUPLICADO' });
    expect(await estoque(ref.p1)).toBe(depois);
  });

  it('identificadorId is strictly increasing in acceptance order', async () => {
    const r = await enviar(ana, [cupom(), cupom(), cupom()]);
    const ids = r.json().resultados.map((x: { identificadorId: number }) => x.identificadorId);
    expect(ids[1]).toBe(ids[0] + 1);
    expect(ids[2]).toBe(ids[1] + 1);
  });

  const casos: [string, () => Record<string, unknown>][] = [
    ['PRODUTO_NAO_CADASTRADO', () => cupom({ valor: '10.00', finalizacoes: [], itensVenda: [{ sequencia: 1, codigo: '7890000000000', quantidadeVenda: '1', valorUnidade: '10', valorTotal: '10.00' }] })],
    ['FINALIZADORA_NAO_CADASTRADA', () => cupom({ finalizacoes: [{ finalizadoraId: 99999, valor: '25.50' }] })],
    ['OPERADOR_NAO_CADASTRADO', () => cupom({ funcionarioId: 99999 })],
    ['PDV_NAO_CADASTRADO', () => cupom({ numeroCaixa: 77 })],
    ['TOTAL_DIVERGENTE', () => cupom({ finalizacoes: [{ finalizadoraId: ref.forma, valor: '25.00' }] })],
    ['CLIENTE_NAO_CADASTRADO', () => cupom({ clienteId: 99999 })],
  ];
  for (const [tipo, fazer] of casos)
    it(`stores ${tipo} pending with its raw payload, and a resend answers DUPLICADO`, async () => {
      const c = fazer();
      const r = await enviar(ana, [c]);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().resultados[0]).toMatchObject({ situacao: 'PENDENTE', tipoErro: tipo });
      const linhas = await q<{ payload: { sequencial: number }; status: string }>(
        `select payload, status from subida_venda_transacao where numero_cupom = $1 and loja_id = $2`,
        [c.sequencial, ref.BV01],
      );
      expect(linhas).toHaveLength(1);
      expect(linhas[0]!.payload.sequencial).toBe(c.sequencial);
      const de_novo = await enviar(ana, [c]);
      expect(de_novo.json().resultados[0].situacao).toBe('DUPLICADO');
    });

  it('a malformed sale gets its own 422-shaped result; the batch goes on; none valid → 422', async () => {
    const boa = cupom();
    const r = await enviar(ana, [{ ...cupom(), itensVenda: [{ sequencia: 1, produtoId: ref.p1, quantidadeVenda: 'x' }] }, boa]);
    expect(r.statusCode).toBe(200);
    const [ruim, ok] = r.json().resultados;
    expect(ruim).toMatchObject({ situacao: 'REJEITADO', status: 422 });
    expect(ruim.erros.some((e: { campo: string }) => e.campo === 'cupons.0.itensVenda.0.quantidadeVenda')).toBe(true);
    expect(ok.situacao).toBe('ACEITO');
    const nenhum = await enviar(ana, [{ lojaId: ref.BV01 }]);
    expect(nenhum.statusCode).toBe(422);
  });

  it('the POS device credential uploads its store sales; users need VENDA_PDV INCLUIR and the store', async () => {
    const r = await enviar(doDispositivo(), [cupom()]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().resultados[0].situacao).toBe('ACEITO');
    expect((await enviar(gabi, [cupom()])).statusCode).toBe(403);
    const fora = await enviar(fabio, [cupom()]);
    expect(fora.statusCode).toBe(422);
  });
});
