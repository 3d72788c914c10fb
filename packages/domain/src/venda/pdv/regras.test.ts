import { describe, expect, it } from 'vitest';
import { cupomPdv } from './contrato';
import { conteudoCanonico, divergenciaDoCupom, quantidadeEstoque } from './regras';

const base = {
  lojaId: 1,
  numeroCaixa: '011',
  sequencial: 7,
  dataHoraAberturaCupom: '2026-11-20T10:15:00',
  valor: '25.50',
  itensVenda: [
    { sequencia: 1, produtoId: 5, quantidadeVenda: '2', valorUnidade: '10.00', valorTotal: '20.00' },
    { sequencia: 2, codigo: '7891000000001', quantidadeVenda: 1, valorUnidade: 5.5, valorTotal: '5.50' },
  ],
  finalizacoes: [{ finalizadoraId: 3, valor: '30.00', troco: '4.50' }],
};
const ler = (x: unknown) => cupomPdv.parse(x);

describe('cupom do PDV', () => {
  it('reads the POS shape: caixa "011" as 11, finalizadoraId as the payment form, local date-time kept', () => {
    const c = ler(base);
    expect(c.numeroCaixa).toBe(11);
    expect(c.finalizacoes[0]!.formaPagamentoId).toBe(3);
    expect(c.dataHoraAberturaCupom).toBe('2026-11-20T10:15:00');
    expect(c.itensVenda[1]!.valorUnidade).toBe('5.5000');
  });

  it('totals: items − discounts + surcharges, and payments − change, must equal the cupom', () => {
    expect(divergenciaDoCupom(ler(base))).toBeUndefined();
    expect(divergenciaDoCupom(ler({ ...base, valor: '25.00' }))).toMatch(/Itens/);
    expect(divergenciaDoCupom(ler({ ...base, finalizacoes: [{ finalizadoraId: 3, valor: '25.00' }] }))).toMatch(
      /Pagamentos menos troco/,
    );
    const itemErrado = { ...base.itensVenda[0], valorTotal: '19.00' };
    expect(divergenciaDoCupom(ler({ ...base, itensVenda: [itemErrado, base.itensVenda[1]] }))).toMatch(/Item 1/);
    // a cancelled item is out of the sum; a cancelled cupom skips the payments
    const cancelado = { ...base.itensVenda[1], cancelado: true };
    expect(
      divergenciaDoCupom(
        ler({ ...base, valor: '20.00', itensVenda: [base.itensVenda[0], cancelado], finalizacoes: [] }),
      ),
    ).toBeUndefined();
  });

  it('stock: a sale takes quantity × factor out, a return puts it back', () => {
    expect(quantidadeEstoque({ tipo: 'VENDA' }, '2', '6')).toBe('-12');
    expect(quantidadeEstoque({ tipo: 'DEVOLUCAO' }, '1.5', '1')).toBe('1.5');
  });

  it('content digest text ignores key order and the XML, not the values', () => {
    const a = ler(base);
    const b = ler({ ...base, nfce: { chave: `${'4'.repeat(43)}8`, xml: '<x/>' } });
    const c = ler({ ...base, nfce: { chave: `${'4'.repeat(43)}8`, xml: '<y/>' } });
    expect(conteudoCanonico(b)).toBe(conteudoCanonico(c));
    expect(conteudoCanonico(a)).not.toBe(conteudoCanonico(b));
  });

  it('a malformed sale names its field', () => {
    const r = cupomPdv.safeParse({ ...base, itensVenda: [{ sequencia: 1, produtoId: 5, quantidadeVenda: 'x' }] });
    expect(r.success).toBe(false);
    expect(r.error!.issues.some((i) => i.path.join('.') === 'itensVenda.0.quantidadeVenda')).toBe(true);
  });

  it('fields added later count in the digest only when sent (a sale received before them stays DUPLICADO)', () => {
    const antes = conteudoCanonico(ler(base));
    expect(antes).not.toMatch(/lojaDestinoId|foiVendidoEmOferta/);
    const comOferta = {
      ...base,
      itensVenda: [{ ...base.itensVenda[0], foiVendidoEmOferta: true }, base.itensVenda[1]],
    };
    expect(conteudoCanonico(ler(comOferta))).not.toBe(antes);
    expect(conteudoCanonico(ler({ ...base, tipo: 'DEVOLUCAO', lojaDestinoId: 2 }))).toMatch(/"lojaDestinoId":2/);
  });

  it('the NFC-e chave must agree with its check digit; a destination store only on a return', () => {
    const chave = '41261141553872000164650010000004561000004565';
    expect(cupomPdv.safeParse({ ...base, nfce: { chave } }).success).toBe(true);
    const errada = cupomPdv.safeParse({ ...base, nfce: { chave: `${chave.slice(0, 43)}3` } });
    expect(errada.success).toBe(false);
    expect(errada.error!.issues[0]!.path).toEqual(['nfce', 'chave']);
    expect(cupomPdv.safeParse({ ...base, lojaDestinoId: 2 }).success).toBe(false);
  });
});
