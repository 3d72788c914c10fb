import { describe, expect, it } from 'vitest';
import { dividirEmMeses, periodoAnterior, mesmoPeriodoAnoAnterior, resolverPeriodo } from '../periodos';
import { INDICADORES } from './catalogo';
import { CHAVE_OUTROS, calcularIndicador, valorDaLinha, variacao } from './calculo';

describe('periods', () => {
  it('resolves the presets on the store-local today', () => {
    expect(resolverPeriodo('ULTIMOS_7_DIAS', '2026-03-03')).toEqual({ inicio: '2026-02-25', fim: '2026-03-03' });
    expect(resolverPeriodo('MES_ANTERIOR', '2026-03-03')).toEqual({ inicio: '2026-02-01', fim: '2026-02-28' });
    expect(resolverPeriodo('ANO_ATUAL', '2026-03-03')).toEqual({ inicio: '2026-01-01', fim: '2026-03-03' });
    expect(resolverPeriodo('ONTEM', '2026-01-01')).toEqual({ inicio: '2025-12-31', fim: '2025-12-31' });
  });

  it('the previous period has the same length; last year keeps the days (29/02 → 28/02)', () => {
    expect(periodoAnterior({ inicio: '2026-03-01', fim: '2026-03-31' })).toEqual({
      inicio: '2026-01-29',
      fim: '2026-02-28',
    });
    expect(mesmoPeriodoAnoAnterior({ inicio: '2028-02-01', fim: '2028-02-29' })).toEqual({
      inicio: '2027-02-01',
      fim: '2027-02-28',
    });
  });

  it('splits a period into whole months and edge days', () => {
    expect(dividirEmMeses({ inicio: '2026-01-15', fim: '2026-04-10' })).toEqual({
      meses: { inicio: '2026-02-01', fim: '2026-03-01' },
      dias: [
        { inicio: '2026-01-15', fim: '2026-01-31' },
        { inicio: '2026-04-01', fim: '2026-04-10' },
      ],
    });
    expect(dividirEmMeses({ inicio: '2026-02-01', fim: '2026-02-28' })).toEqual({
      meses: { inicio: '2026-02-01', fim: '2026-02-01' },
      dias: [],
    });
    expect(dividirEmMeses({ inicio: '2026-02-03', fim: '2026-02-20' })).toEqual({
      meses: null,
      dias: [{ inicio: '2026-02-03', fim: '2026-02-20' }],
    });
    expect(dividirEmMeses({ inicio: '2026-12-31', fim: '2027-01-01' })).toEqual({
      meses: null,
      dias: [{ inicio: '2026-12-31', fim: '2027-01-01' }],
    });
  });
});

describe('indicator arithmetic (Decimal)', () => {
  it('ratios: Σ numerators ÷ Σ denominators, never a mean of ratios; none without a base', () => {
    expect(valorDaLinha('TICKET_MEDIO', '44.50', '3')).toBe('14.83');
    expect(valorDaLinha('TICKET_MEDIO', '10', '0')).toBeNull();
    expect(valorDaLinha('MARGEM_BRUTA', '39.00', '16')).toBe('58.97');
    const r = calcularIndicador(
      INDICADORES.TICKET_MEDIO,
      { inicio: '2026-03-01', fim: '2026-03-02' },
      {
        atual: [
          { chave: '1', rotulo: 'BV01', num: '100', den: '1' },
          { chave: '2', rotulo: 'BV02', num: '10', den: '9' },
        ],
        anterior: [],
        anoAnterior: [],
      },
    );
    // (100 + 10) / 10 = 11.00, not (100 + 1.11) / 2
    expect(r.total.atual).toBe('11.00');
    expect(r.total.anterior).toBeNull();
  });

  it('variations in % with one decimal', () => {
    expect(variacao('39.00', '10.00')).toBe('290.0');
    expect(variacao('5', '-10')).toBe('150.0');
    expect(variacao('5', '0')).toBeNull();
  });

  it('a day series aligns the earlier periods by position and fills missing days', () => {
    const r = calcularIndicador(
      INDICADORES.VENDAS_DIA,
      { inicio: '2026-03-01', fim: '2026-03-03' },
      {
        atual: [{ chave: '2026-03-02', rotulo: '2026-03-02', num: '5' }],
        anterior: [{ chave: '2026-02-26', rotulo: '2026-02-26', num: '7' }],
        anoAnterior: [{ chave: '2025-03-03', rotulo: '2025-03-03', num: '1.5' }],
      },
    );
    expect(r.linhas.map((l) => [l.chave, l.atual, l.anterior, l.anoAnterior])).toEqual([
      ['2026-03-01', '0.00', '7.00', '0.00'],
      ['2026-03-02', '5.00', '0.00', '0.00'],
      ['2026-03-03', '0.00', '0.00', '1.50'],
    ]);
    expect(r.total).toMatchObject({ atual: '5.00', anterior: '7.00', anoAnterior: '1.50' });
  });

  it('a TOP lists its first rows by value; the remainder counts in the total only', () => {
    const r = calcularIndicador(
      INDICADORES.TOP_PRODUTOS,
      { inicio: '2026-03-01', fim: '2026-03-01' },
      {
        atual: [
          { chave: '7', rotulo: 'B', num: '3' },
          { chave: '9', rotulo: 'A', num: '8' },
          { chave: CHAVE_OUTROS, rotulo: 'Outros', num: '100' },
        ],
        anterior: [{ chave: '9', rotulo: 'A', num: '4' }],
        anoAnterior: [],
      },
    );
    expect(r.linhas.map((l) => [l.chave, l.atual, l.anterior])).toEqual([
      ['9', '8.00', '4.00'],
      ['7', '3.00', null],
    ]);
    expect(r.total.atual).toBe('111.00');
  });
});
