import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, dec, somar } from '../decimal';
import {
  errosPlanoPagamento,
  gerarParcelas,
  type Parcela,
  previaDoPlano,
  somaPercentuais,
  valoresDasParcelas,
} from './plano-pagamento.regras';

/** n positive percentages of 2 places (in hundredths) that add up to exactly 100.00 %. */
const grade = fc.integer({ min: 1, max: 99 }).chain((n) =>
  fc.uniqueArray(fc.integer({ min: 1, max: 9_999 }), { minLength: n - 1, maxLength: n - 1 }).map((cortes) => {
    const pontos = [0, ...cortes.sort((a, b) => a - b), 10_000];
    return pontos.slice(1).map(
      (p, i): Parcela => ({
        numero: i + 1,
        dias: 30 * (i + 1),
        percentual: Decimal.deUnidades(BigInt(p - pontos[i]!), 2).texto(2),
      }),
    );
  }),
);
const total = fc.integer({ min: 1, max: 100_000_000 }).map((c) => Decimal.deUnidades(BigInt(c), 2));

describe('plano de pagamento: money of the parcels', () => {
  it('any total R$ 0,01–1.000.000,00 in 1–99 parcels of any grid of 100.00 %: adds up to the cent, none negative', () => {
    fc.assert(
      fc.property(total, grade, (t, parcelas) => {
        expect(somaPercentuais(parcelas).igual('100')).toBe(true);
        const valores = valoresDasParcelas(t, parcelas);
        expect(valores).toHaveLength(parcelas.length);
        expect(somar(valores).texto(2)).toBe(t.texto(2));
        for (const v of valores) expect(v.sinal()).toBeGreaterThanOrEqual(0);
        // every parcel but the last is its share rounded down: the last takes the rounding
        const exatas = parcelas.map((x) => t.vezes(x.percentual).divididoPor(dec('100'), 6));
        valores.slice(0, -1).forEach((v, i) => {
          expect(v.comparar(exatas[i]!)).toBeLessThanOrEqual(0);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('the generated grid of any 1–99 parcels (with or without an entry) adds up to 100.00 % and its money to the total', () => {
    fc.assert(
      fc.property(
        total,
        fc.integer({ min: 1, max: 99 }),
        fc.option(fc.integer({ min: 1, max: 9_999 }), { nil: undefined }),
        (t, n, entrada) => {
          const parcelas = gerarParcelas({
            quantidadeParcelas: n,
            diasPrimeiraParcela: 30,
            intervaloDias: 30,
            percentualEntrada: entrada ? Decimal.deUnidades(BigInt(entrada), 2).texto(2) : null,
          });
          expect(parcelas).toHaveLength(n + (entrada ? 1 : 0));
          expect(somaPercentuais(parcelas).texto(2)).toBe('100.00');
          const valores = valoresDasParcelas(t, parcelas);
          expect(somar(valores).texto(2)).toBe(t.texto(2));
          for (const v of valores) expect(v.sinal()).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('R$ 1.000,00 in 3x: the equal split, the last takes the rounding, due dates from the store-local day', () => {
    const parcelas = gerarParcelas({ quantidadeParcelas: 3, diasPrimeiraParcela: 30, intervaloDias: 30 });
    expect(parcelas.map((x) => x.percentual)).toEqual(['33.33', '33.33', '33.34']);
    expect(previaDoPlano('1000', '2026-11-27', parcelas)).toBe(
      'R$ 1.000,00 em 3x: 333,33 + 333,33 + 333,34, vencimentos 27/12, 26/01, 25/02',
    );
    const crediario = gerarParcelas({
      quantidadeParcelas: 3,
      diasPrimeiraParcela: 30,
      intervaloDias: 30,
      percentualEntrada: '20',
    });
    expect(crediario.map((x) => [x.numero, x.dias, x.percentual])).toEqual([
      [0, 0, '20.00'],
      [1, 30, '26.66'],
      [2, 60, '26.66'],
      [3, 90, '26.68'],
    ]);
    expect(valoresDasParcelas('100', crediario).map((v) => v.texto(2))).toEqual(['20.00', '26.66', '26.66', '26.68']);
  });
});

describe('plano de pagamento: checks', () => {
  const base = {
    operacao: 'VENDA',
    tipoPagamento: 'CREDIARIO',
    quantidadeParcelas: 3,
    possuiEntrada: false,
    parcelas: gerarParcelas({ quantidadeParcelas: 3, diasPrimeiraParcela: 30, intervaloDias: 30 }),
  };

  it('a grid of 99.99 % or 100.01 % names the difference on the grid', () => {
    const menos = base.parcelas.map((x, i) => (i === 2 ? { ...x, percentual: '33.33' } : x));
    expect(errosPlanoPagamento({ ...base, parcelas: menos })).toEqual([
      { campo: 'parcelas', mensagem: 'a soma dos percentuais é 99,99 %: faltam 0,01 % para 100,00 %.' },
    ]);
    const mais = base.parcelas.map((x, i) => (i === 2 ? { ...x, percentual: '33.35' } : x));
    expect(errosPlanoPagamento({ ...base, parcelas: mais })[0]?.mensagem).toBe(
      'a soma dos percentuais é 100,01 %: passa 0,01 % de 100,00 %.',
    );
    expect(errosPlanoPagamento(base)).toEqual([]);
  });

  it('the grid matches the count, cards need the acquirer, purchases take no sale terms', () => {
    expect(errosPlanoPagamento({ ...base, quantidadeParcelas: 4 })[0]?.campo).toBe('parcelas');
    expect(errosPlanoPagamento({ ...base, tipoPagamento: 'CARTAO_CREDITO' })).toEqual([
      { campo: 'agenteFinanceiroId', mensagem: 'informe a adquirente dos cartões.' },
    ]);
    expect(
      errosPlanoPagamento({ ...base, operacao: 'COMPRA', jurosMensal: '2', disponivelPdv: true }).map((e) => e.campo),
    ).toEqual(['jurosMensal', 'disponivelPdv']);
  });
});
