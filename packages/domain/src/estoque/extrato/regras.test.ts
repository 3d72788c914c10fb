import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../../decimal';
import { saldoEm } from '../movimento/regras';
import { falhasDoPeriodo, extratoParametros } from './contrato';
import { quantidadeExtrato } from './formato';
import { rotuloDocumento } from './mensagens';
import { calcularExtrato, linhasComSaldo, type MovimentoDoExtrato, saldoAnteriorA } from './regras';

const DIA0 = Date.UTC(2026, 0, 1);
const dia = (n: number) => new Date(DIA0 + n * 86_400_000).toISOString().slice(0, 10);

/** Movements in POSTING order (ordem = position), each dated any day: back-dated postings are the norm. */
const movimentos = fc
  .array(
    fc.record({
      dia: fc.integer({ min: 0, max: 60 }),
      // up to 4 decimals, never zero (the ledger refuses a zero movement)
      milesimos: fc.integer({ min: -500_000, max: 500_000 }).filter((v) => v !== 0),
    }),
    { maxLength: 80 },
  )
  .map((xs) =>
    xs.map(
      (x, i): MovimentoDoExtrato => ({
        data: dia(x.dia),
        ordem: i + 1,
        quantidade: Decimal.deUnidades(BigInt(x.milesimos), 4).texto(),
      }),
    ),
  );
const periodo = fc
  .tuple(fc.integer({ min: -5, max: 65 }), fc.integer({ min: 0, max: 70 }))
  .map(([a, d]) => ({ de: dia(a), ate: dia(a + d) }));

describe('extrato de estoque: saldo anterior + entradas − saídas = saldo final', () => {
  it('para qualquer período e lançamentos retroativos', () => {
    fc.assert(
      fc.property(movimentos, periodo, (movs, { de, ate }) => {
        const e = calcularExtrato(movs, de, ate);
        // the closing balance as the ledger keeps it: every movement dated on or before `ate`
        expect(e.saldoFinal).toBe(saldoEm(movs, ate));
        expect(Decimal.de(e.saldoAnterior).mais(e.entradas).menos(e.saidas).igual(e.saldoFinal)).toBe(true);
        // the last line's running balance is the closing one; no line: nothing moved
        expect(e.linhas.at(-1)?.saldoApos ?? e.saldoAnterior).toBe(e.saldoFinal);
        // lines are in date order, then posting order, and only of the period
        for (let i = 1; i < e.linhas.length; i++) {
          const [a, b] = [e.linhas[i - 1]!, e.linhas[i]!];
          expect(a.data < b.data || (a.data === b.data && a.ordem < b.ordem)).toBe(true);
        }
        expect(e.linhas.every((l) => l.data >= de && l.data <= ate)).toBe(true);
      }),
    );
  });

  it('o saldo anterior é o fechamento do dia anterior ao início', () => {
    fc.assert(
      fc.property(movimentos, periodo, (movs, { de }) => {
        const vespera = new Date(Date.parse(`${de}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        expect(saldoAnteriorA(movs, de)).toBe(saldoEm(movs, vespera));
      }),
    );
  });

  it('uma página começa do saldo anterior mais as páginas anteriores e acaba igual ao extrato inteiro', () => {
    fc.assert(
      fc.property(movimentos, periodo, fc.nat(), (movs, { de, ate }, corte) => {
        const e = calcularExtrato(movs, de, ate);
        const k = e.linhas.length ? corte % (e.linhas.length + 1) : 0;
        const antes = e.linhas
          .slice(0, k)
          .reduce((s, l) => s.mais(l.entrada).menos(l.saida), Decimal.de(e.saldoAnterior));
        const pagina = linhasComSaldo(antes.texto(), e.linhas.slice(k));
        expect(pagina.map((l) => l.saldoApos)).toEqual(e.linhas.slice(k).map((l) => l.saldoApos));
      }),
    );
  });

  it('exemplo: lançamento retroativo entra no saldo anterior, não no período', () => {
    const movs = [
      { data: '2026-02-10', ordem: 1, quantidade: '10' },
      { data: '2026-02-20', ordem: 2, quantidade: '-3' },
      // posted last, dated before the period
      { data: '2026-01-15', ordem: 3, quantidade: '5' },
      // posted last, dated inside the period before the exit
      { data: '2026-02-12', ordem: 4, quantidade: '-1.5' },
    ];
    const e = calcularExtrato(movs, '2026-02-01', '2026-02-28');
    expect(e.saldoAnterior).toBe('5.0000');
    expect(e.linhas.map((l) => [l.data, l.saldoApos])).toEqual([
      ['2026-02-10', '15.0000'],
      ['2026-02-12', '13.5000'],
      ['2026-02-20', '10.5000'],
    ]);
    expect([e.entradas, e.saidas, e.saldoFinal]).toEqual(['10.0000', '4.5000', '10.5000']);
  });
});

describe('filtros do extrato', () => {
  it('recusa período invertido e longo demais', () => {
    expect(falhasDoPeriodo({ de: '2026-02-01', ate: '2026-01-31' })[0]?.campo).toBe('ate');
    expect(falhasDoPeriodo({ de: '2020-01-01', ate: '2026-01-31' })).toHaveLength(1);
    expect(falhasDoPeriodo({ de: '2026-01-01', ate: '2026-01-01' })).toEqual([]);
  });

  it('lê a query: local vazio é todos os locais, parâmetro desconhecido é recusado', () => {
    const ok = extratoParametros.parse({
      produtoId: '3',
      lojaId: '2',
      localId: '',
      de: '2026-01-01',
      ate: '2026-01-31',
    });
    expect(ok).toMatchObject({ produtoId: 3, lojaId: 2, localId: undefined });
    expect(
      extratoParametros.safeParse({ produtoId: '3', lojaId: '2', de: '2026-01-01', ate: '2026-01-31', q: 'x' }).success,
    ).toBe(false);
    expect(extratoParametros.safeParse({ lojaId: '2', de: '2026-01-01', ate: '2026-01-31' }).success).toBe(false);
    expect(
      extratoParametros.safeParse({ produtoId: '1', lojaId: '2', de: '01/01/2026', ate: '2026-01-31' }).success,
    ).toBe(false);
  });

  it('nomeia o documento da linha', () => {
    expect(rotuloDocumento('AJUSTE', '12')).toBe('Ajuste 12');
    expect(rotuloDocumento('NOTA_ENTRADA', null)).toBe('Nota entrada');
  });

  it('mostra quantidades sem zeros à toa', () => {
    expect(['10.0000', '1.5000', '-1234.2500', '0.0000', '100'].map(quantidadeExtrato)).toEqual([
      '10',
      '1,5',
      '-1.234,25',
      '0',
      '100',
    ]);
  });
});
