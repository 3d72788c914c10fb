import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../decimal';
import { operacaoCaixaPdv, resumoDoCaixa } from './operacoes-caixa';

const base = { abertura: '100.00', suprimentos: '0.00', sangrias: '0.00', dinheiroVendas: '0.00' };

describe('the drawer of a day', () => {
  it.each([
    [{ ...base, declarado: null }, '100.00', null, 'ABERTO'],
    [{ ...base, declarado: '100.00' }, '100.00', '0.00', 'CONFERE'],
    [{ ...base, sangrias: '60.00', dinheiroVendas: '35.10', declarado: '75.00' }, '75.10', '-0.10', 'FALTA'],
    [{ ...base, suprimentos: '20.00', dinheiroVendas: '-5.00', declarado: '116.00' }, '115.00', '1.00', 'SOBRA'],
  ])('%o → esperado %s, diferença %s, %s', (m, esperado, diferenca, situacao) => {
    expect(resumoDoCaixa(m)).toMatchObject({ esperado, diferenca, situacao });
  });

  it('declared − expected is exact to the cent for any amounts', () => {
    const centavos = fc.integer({ min: 0, max: 10_000_000 }).map((c) => Decimal.deUnidades(BigInt(c), 2).texto(2));
    fc.assert(
      fc.property(
        centavos,
        centavos,
        centavos,
        centavos,
        centavos,
        (abertura, suprimentos, sangrias, vendas, declarado) => {
          const r = resumoDoCaixa({ abertura, suprimentos, sangrias, dinheiroVendas: vendas, declarado });
          expect(Decimal.de(r.esperado).mais(r.diferenca!).igual(declarado)).toBe(true);
          expect(r.situacao).toBe(
            Decimal.de(r.diferenca!).sinal() === 0
              ? 'CONFERE'
              : Decimal.de(r.diferenca!).sinal() > 0
                ? 'SOBRA'
                : 'FALTA',
          );
        },
      ),
    );
  });
});

describe('a cash operation as the POS sends it', () => {
  const op = {
    lojaId: '3',
    numeroCaixa: '011',
    sequencial: '12',
    tipo: 'SANGRIA',
    dataHora: '2026-08-10 15:00',
    valor: '50',
  };
  it('reads string numbers, local date-times and decimal strings', () => {
    expect(operacaoCaixaPdv.parse(op)).toMatchObject({
      lojaId: 3,
      numeroCaixa: 11,
      sequencial: 12,
      dataHora: '2026-08-10T15:00:00',
      valor: '50.00',
    });
  });
  it.each([
    [{ valor: '0' }, 'valor'],
    [{ valor: '10.001' }, 'valor'],
    [{ tipo: 'TROCO' }, 'tipo'],
    [{ numeroCaixa: 1000 }, 'numeroCaixa'],
    [{ dataHora: '10/08/2026' }, 'dataHora'],
  ])('refuses %o on %s', (extra, campo) => {
    const r = operacaoCaixaPdv.safeParse({ ...op, ...extra });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0])).toContain(campo);
  });
  it('an abertura of zero is a drawer opened without fund', () => {
    expect(operacaoCaixaPdv.safeParse({ ...op, tipo: 'ABERTURA', valor: '0' }).success).toBe(true);
  });
});
