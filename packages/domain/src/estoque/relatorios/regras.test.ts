import { describe, expect, it } from 'vitest';
import { pedidoExtratoMovimentacoes, pedidoSaldoEstoque } from './contrato';
import { mantemSaldo, sinalDe } from './regras';

describe('situação do estoque', () => {
  it('ambos keeps every nonzero balance, todos also the zeroed ones that moved', () => {
    expect(mantemSaldo('AMBOS', 1, true)).toBe(true);
    expect(mantemSaldo('AMBOS', -1, true)).toBe(true);
    expect(mantemSaldo('AMBOS', 0, true)).toBe(false);
    expect(mantemSaldo('TODOS', 0, true)).toBe(true);
    expect(mantemSaldo('TODOS', 0, false)).toBe(false);
    expect(mantemSaldo('ZERO', 0, false)).toBe(false);
    expect(mantemSaldo('ZERO', 0, true)).toBe(true);
    expect(mantemSaldo('POSITIVO', -1, true)).toBe(false);
    expect(mantemSaldo('NEGATIVO', -1, true)).toBe(true);
  });
  it('reads the sign of PostgreSQL numeric text', () => {
    expect(sinalDe('0.0000')).toBe(0);
    expect(sinalDe('-0.0000')).toBe(0);
    expect(sinalDe('0')).toBe(0);
    expect(sinalDe('-0.5000')).toBe(-1);
    expect(sinalDe('0.0001')).toBe(1);
    expect(sinalDe('12')).toBe(1);
  });
});

describe('pedidos', () => {
  it('refuses an inverted period and a period over a year', () => {
    const r = pedidoExtratoMovimentacoes.safeParse({ de: '2026-02-01', ate: '2026-01-31' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['ate']);
    expect(pedidoExtratoMovimentacoes.safeParse({ de: '2025-01-01', ate: '2026-06-01' }).success).toBe(false);
    expect(pedidoExtratoMovimentacoes.safeParse({ de: '2025-01-01', ate: '2026-01-01' }).success).toBe(true);
  });
  it('defaults: PDF, no filters, situação ambos; format in any case', () => {
    const s = pedidoSaldoEstoque.parse({ data: '2026-02-28', formato: 'xlsx', lojas: [2, 2] });
    expect(s).toMatchObject({ formato: 'XLSX', situacao: 'AMBOS', lojas: [2], secoes: [] });
    expect(pedidoSaldoEstoque.safeParse({ data: '2026-02-30' }).success).toBe(false);
  });
});
