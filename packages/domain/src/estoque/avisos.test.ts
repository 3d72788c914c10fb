import { describe, expect, it } from 'vitest';
import { avisoSaldoNegativo } from './avisos';

describe('aviso de saldo negativo (#27.5)', () => {
  it.each([
    ['-2.0000', 'UN', 'O saldo do local Depósito ficará negativo: -2 UN (Colônia).'],
    ['-2.5000', 'KG', 'O saldo do local Depósito ficará negativo: -2,5 KG (Colônia).'],
    ['-5000.0000', 'UN', 'O saldo do local Depósito ficará negativo: -5.000 UN (Colônia).'],
    ['-1234567.1250', null, 'O saldo do local Depósito ficará negativo: -1.234.567,125 (Colônia).'],
  ])('%s %s', (quantidade, unidade, texto) => {
    expect(avisoSaldoNegativo({ local: 'Depósito', quantidade, unidade, produto: 'Colônia' })).toBe(texto);
  });
});
